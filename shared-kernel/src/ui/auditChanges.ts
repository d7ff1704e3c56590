/**
 * How the history dialog reads one audit entry: a label per field, and per field what changed, as a plain
 * before → after, as items added to and removed from a list, or, for values too big to read in a line (rule
 * trees, configurations), as a summary with the full values to expand.
 */
import type { AuditLogEntry, RuleStatement } from '../contract';
import { unwrappedStatement } from '../rule-statements';

/** Labels of the fields the screens name differently from their wire names. */
const KNOWN_LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  org: 'Organisation',
  name: 'Name',
  alias: 'Alias',
  ICD_code: 'ICD Code',
  hospital_code: 'Hospital Code',
  procedure_code: 'Procedure Code',
  snomedct_code: 'SNOMED Code',
  procedure_group: 'Procedure Group',
  case_type: 'Case Type',
  procedureRule: 'Procedure Rule',
  diagnosisRule: 'Diagnosis Rule',
  documentRule: 'Document Rule',
  clinicalTermsRule: 'Clinical Terms Rule',
  query_rule: 'Query Rule',
  rules_configuration: 'Rules Configuration',
  questionType: 'Question Type',
  entityType: 'Entity Type',
  answer: 'Possible Answers',
  // claims and batches
  referenceClaimId: 'Case No.',
  intimationNumber: 'Intimation No.',
  rerunStatus: 'Re-run Status',
  procedureCodes: 'Procedure Codes',
  procedureNames: 'Procedure Names',
  batchId: 'Batch ID',
  assignedTo: 'Analyst',
  batchName: 'Batch Name',
  allocationStatus: 'Allocation Status',
  assignedDate: 'Assigned Date',
};

/** 'clinicalTermsRule' → 'Clinical Terms Rule', 'fk_exc_document' → 'Fk Exc Document'. */
const spelledOut = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s.]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export function auditFieldLabel(name: string, labels: Readonly<Record<string, string>> = {}): string {
  return labels[name] ?? KNOWN_LABELS[name] ?? spelledOut(name);
}

/** A value shown in a line: text, numbers and yes/no; longer text is a big value. */
const INLINE_LENGTH = 80;
type Scalar = string | number | boolean | null;

const isScalar = (value: unknown): value is Scalar =>
  value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
const isScalarList = (value: unknown): value is Scalar[] => Array.isArray(value) && value.every(isScalar);

export function scalarText(value: Scalar | undefined): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

interface RuleNode {
  statements?: unknown[];
  operator?: unknown;
  booleanOperator?: unknown;
}
const isRuleNode = (value: unknown): value is RuleNode =>
  typeof value === 'object' && value !== null && ('booleanOperator' in value || 'operator' in value);
const countStatements = (node: RuleNode): number =>
  node.booleanOperator
    ? (node.statements ?? []).reduce<number>((sum, child) => sum + (isRuleNode(child) ? countStatements(child) : 0), 0)
    : 1;

/** A big value in a few words: a rule tree by its statements, lists by their items, objects by their fields. */
export function summarise(value: unknown): string {
  if (value === null || value === undefined) return '(empty)';
  if (isRuleNode(value)) {
    const n = countStatements(value);
    return `${n} statement${n === 1 ? '' : 's'}`;
  }
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') {
    const n = Object.keys(value).length;
    return `${n} field${n === 1 ? '' : 's'}`;
  }
  const text = String(value);
  return `${text.length} characters`;
}

const textOf = (value: Scalar): string => (value === null ? '' : String(value));

export type FieldChange =
  | { kind: 'value'; before: Scalar; after: Scalar }
  | { kind: 'list'; added: string[]; removed: string[]; reordered: boolean }
  | { kind: 'big'; before: unknown; after: unknown };

/** What happened to one field between before and after (a side that lacks the field holds null). */
export function fieldChange(before: unknown, after: unknown): FieldChange {
  const old = before ?? null;
  const current = after ?? null;
  const listLike = (v: unknown) => v === null || isScalarList(v);
  if (listLike(old) && listLike(current) && (Array.isArray(old) || Array.isArray(current))) {
    const oldItems = ((old as Scalar[] | null) ?? []).map(textOf);
    const newItems = ((current as Scalar[] | null) ?? []).map(textOf);
    const added = newItems.filter((item) => !oldItems.includes(item));
    const removed = oldItems.filter((item) => !newItems.includes(item));
    const reordered = added.length === 0 && removed.length === 0 && oldItems.join('\u0000') !== newItems.join('\u0000');
    return { kind: 'list', added, removed, reordered };
  }
  const short = (v: unknown) => isScalar(v) && (typeof v !== 'string' || v.length <= INLINE_LENGTH);
  if (short(old) && short(current)) return { kind: 'value', before: old as Scalar, after: current as Scalar };
  return { kind: 'big', before: old, after: current };
}

/** JSON text with object keys sorted: the database may give a stored object's keys in another order. */
const sortedJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
};

/**
 * Two rule trees that say the same: a lone statement and an AND group of it alone are one tree (the rule editor
 * once saved every lone statement in a group, so entries logged then name trees that did not change).
 */
const sameRuleTree = (before: unknown, after: unknown): boolean =>
  isRuleNode(before) &&
  isRuleNode(after) &&
  sortedJson(unwrappedStatement(before as RuleStatement)) === sortedJson(unwrappedStatement(after as RuleStatement));

/** The fields an entry names, in the order the record gives them (a rule tree that only changed its wrapping is left out). */
export const entryFields = (entry: Pick<AuditLogEntry, 'before' | 'after'>): string[] =>
  [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter(
    (name) => !sameRuleTree(entry.before?.[name], entry.after?.[name]),
  );
