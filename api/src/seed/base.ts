/**
 * The organisations, the demo logins of spec/README.md plus a super user per organisation, and the
 * annotation error categories, and the first decision reasons. Demo data only: a real deployment creates its own users.
 */
import type { Role } from '@claims/shared-kernel/constants';
import { hashPassword } from '../auth/passwords';
import type { DbOrTx } from '../db';
import type { Decision } from '@claims/shared-kernel/contract';
import { decisionReasons, errorCategories, organizations, users } from '../db/schema';

export const DEMO_PASSWORD = 'demo-password';

export const ORGANIZATIONS = [
  { code: 'vitraya', name: 'Vitraya' },
  { code: 'starhealth', name: 'Star Health' },
  { code: 'maxbupa', name: 'Niva Bupa' },
  { code: 'bajaj', name: 'Bajaj' },
  { code: 'ML', name: 'ML' },
  { code: 'vitraya-demo', name: 'Vitraya Demo' },
] as const;

export const DEMO_USERS: readonly { username: string; organization: string; role: Role }[] = [
  { username: 'vitraya.admin', organization: 'vitraya', role: 'super_user' },
  { username: 'vitraya.reviewer', organization: 'vitraya', role: 'user' },
  { username: 'starhealth.reviewer', organization: 'starhealth', role: 'user' },
  { username: 'maxbupa.reviewer', organization: 'maxbupa', role: 'user' },
  { username: 'bajaj.reviewer', organization: 'bajaj', role: 'user' },
  { username: 'ml.reviewer', organization: 'ML', role: 'user' },
  { username: 'demo.reviewer', organization: 'vitraya-demo', role: 'user' },
  { username: 'starhealth.admin', organization: 'starhealth', role: 'super_user' },
  { username: 'maxbupa.admin', organization: 'maxbupa', role: 'super_user' },
  { username: 'bajaj.admin', organization: 'bajaj', role: 'super_user' },
  { username: 'ml.admin', organization: 'ML', role: 'super_user' },
  { username: 'demo.admin', organization: 'vitraya-demo', role: 'super_user' },
];

export const ERROR_CATEGORIES = [
  { category: 'Keyword not found', colour: '#cf1322', iconText: 'NF' },
  { category: 'Wrong keyword matched', colour: '#d46b08', iconText: 'WK' },
  { category: 'Wrong value or unit', colour: '#d4b106', iconText: 'WV' },
  { category: 'Wrong page or document', colour: '#1677ff', iconText: 'WP' },
  { category: 'Unreadable text (OCR)', colour: '#722ed1', iconText: 'OCR' },
  { category: 'Other', colour: '#595959', iconText: 'OT' },
] as const;

/** The Decision Reasons master's first codes (issue 23 §4); the provider's super users add and edit them. */
export const DECISION_REASONS: readonly { code: string; description: string; decisions: Decision[] }[] = [
  { code: 'MEETS-PROTOCOL', description: 'Meets protocol criteria', decisions: ['APPROVE'] },
  { code: 'CLINICAL-REVIEW', description: 'Approved on clinical review', decisions: ['APPROVE'] },
  { code: 'NOT-NECESSARY', description: 'Not medically necessary per protocol', decisions: ['DENY'] },
  { code: 'EVIDENCE-ABSENT', description: 'Required clinical evidence absent', decisions: ['DENY'] },
  { code: 'NOT-COVERED', description: 'Procedure not covered', decisions: ['DENY'] },
  { code: 'VALUES-OUTSIDE', description: 'Investigation values outside protocol', decisions: ['DENY'] },
  { code: 'LAB-MISSING', description: 'Lab report missing', decisions: ['QUERY'] },
  { code: 'DISCHARGE-MISSING', description: 'Discharge summary missing', decisions: ['QUERY'] },
  { code: 'NOTES-ILLEGIBLE', description: 'Clinical notes illegible', decisions: ['QUERY'] },
];

export async function seedBase(db: DbOrTx, options: { password?: string } = {}): Promise<void> {
  await db
    .insert(organizations)
    .values([...ORGANIZATIONS])
    .onConflictDoNothing();
  // A hash (and so a salt) per user, even though the demo logins share the password: equal hashes would
  // tell anyone who reads the table which users share a password. argon2 runs off the main thread.
  const password = options.password ?? DEMO_PASSWORD;
  const rows = await Promise.all(DEMO_USERS.map(async (u) => ({ ...u, passwordHash: await hashPassword(password) })));
  await db.insert(users).values(rows).onConflictDoNothing();
  await db
    .insert(errorCategories)
    .values([...ERROR_CATEGORIES])
    .onConflictDoNothing();
  await db
    .insert(decisionReasons)
    .values(DECISION_REASONS.map((reason) => ({ ...reason, createdBy: 'seed' })))
    .onConflictDoNothing();
}
