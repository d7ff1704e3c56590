/**
 * The keyword masters (spec 2 §2.5): procedure groups, diagnoses (with ICD code), documents, evidence, drugs,
 * tissues and pre-existing diseases, one shape in one table told apart by `kind`. Each write runs in one
 * transaction with its audit entry; a rename is written into the rules and overrides that named the old name.
 */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeleteBody, KeywordEntity, KeywordSaveBody, MasterListQuery, MasterSearchBody, Paged } from '@claims/shared-kernel/contract';
import { type KeywordKind, masterKind } from '@claims/shared-kernel/constants';
import { recordAudit } from '../audit/log';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { keywordMasters } from '../db/schema';
import { andAll, selectPage } from '../db/sql';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, type Page } from '../http/paging';
import { asId, auditOf, createdBy, filterConditions, modifiedBy, refusingDuplicates, textMatch } from './common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from './references';

type KeywordRow = typeof keywordMasters.$inferSelect;

export const toKeyword = (row: KeywordRow): KeywordEntity => ({
  id: row.id,
  name: row.name,
  alias: row.alias,
  ...(row.kind === 'diagnoses' ? { ICD_code: row.icdCode } : {}),
  ...auditOf(row),
});

/** What one item of a kind is called in messages: 'Diagnosis ICD-99 not found'. */
const LABEL = (kind: KeywordKind): string => masterKind(kind).noun;

/** A keyword as the references to it know it (rule statements name it, overrides name documents). */
const referenced = (row: KeywordRow): ReferencedMaster => ({ module: row.kind, id: row.id, name: row.name, alias: row.alias });

/**
 * The unique keys of the table: a name once per kind, and (a decision of ours) an ICD code once among the diagnoses,
 * since the code names one condition: two diagnoses with one code would split that condition's aliases between two
 * records, and a rule choosing one would miss what the other's aliases find.
 */
const NAME_KEY = 'keyword_masters_kind_name_idx';
const ICD_KEY = 'keyword_masters_icd_code_idx';

const FILTER_COLUMNS = { name: keywordMasters.name, alias: keywordMasters.alias, ICD_code: keywordMasters.icdCode } as const;

const ofKind = (kind: KeywordKind): SQL => eq(keywordMasters.kind, kind);

async function keywordPage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<Paged<KeywordEntity>[]> {
  const { rows, total } = await selectPage(db, db.select().from(keywordMasters).where(where).$dynamic(), [asc(keywordMasters.id)], page);
  return firstRowCarriesTotal(rows.map(toKeyword), total, page.page_number);
}

/** GET /{kind}: every item by name with `getall`, otherwise a page in id order. */
export async function listKeywords(
  db: DbOrTx,
  kind: KeywordKind,
  query: z.output<typeof MasterListQuery>,
): Promise<Paged<KeywordEntity>[]> {
  const { getall, limit, page_number } = query;
  if (getall !== undefined) {
    const rows = await db.select().from(keywordMasters).where(ofKind(kind)).orderBy(asc(keywordMasters.name));
    return rows.map(toKeyword);
  }
  return keywordPage(db, ofKind(kind), { limit: limit ?? 25, page_number: page_number ?? 1 });
}

export async function countKeywords(db: DbOrTx, kind: KeywordKind): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(keywordMasters).where(ofKind(kind));
  return n;
}

/** POST /{kind}/search: the text in the name, aliases or ICD code, and each filter in its column. */
export async function searchKeywords(db: DbOrTx, kind: KeywordKind, body: MasterSearchBody, page: Page): Promise<Paged<KeywordEntity>[]> {
  const { query, filters = {} } = body;
  const conditions = [
    ofKind(kind),
    textMatch(query, [keywordMasters.name, keywordMasters.alias, keywordMasters.icdCode]),
    ...filterConditions(FILTER_COLUMNS, filters, kind),
  ];
  return keywordPage(db, andAll(conditions), page);
}

/** By id or name; `lock` holds the row until the transaction ends (an edit or delete reads what it replaces). */
async function find(db: DbOrTx, kind: KeywordKind, idOrName: string, lock = false): Promise<KeywordRow> {
  const id = asId(idOrName);
  const query = db
    .select()
    .from(keywordMasters)
    .where(and(ofKind(kind), id !== null ? eq(keywordMasters.id, id) : sql`lower(${keywordMasters.name}) = lower(${idOrName})`));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`${LABEL(kind)} ${idOrName} not found`);
  return row;
}

export const findKeyword = async (db: DbOrTx, kind: KeywordKind, idOrName: string): Promise<KeywordEntity> =>
  toKeyword(await find(db, kind, idOrName));

const nameTaken = (kind: KeywordKind, name: string) => `name: ${LABEL(kind)} '${name}' already exists`;

async function assertNameFree(db: DbOrTx, kind: KeywordKind, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: keywordMasters.id })
    .from(keywordMasters)
    .where(and(ofKind(kind), sql`lower(${keywordMasters.name}) = lower(${name})`, exceptId ? ne(keywordMasters.id, exceptId) : undefined));
  if (taken) throw badRequest(nameTaken(kind, name));
}

const icdTaken = (code: string) => `ICD_code: ICD code ${code} already exists`;

async function assertIcdFree(db: DbOrTx, kind: KeywordKind, code: string | null, exceptId?: number): Promise<void> {
  if (code === null) return;
  const [taken] = await db
    .select({ id: keywordMasters.id })
    .from(keywordMasters)
    .where(
      and(ofKind(kind), sql`lower(${keywordMasters.icdCode}) = lower(${code})`, exceptId ? ne(keywordMasters.id, exceptId) : undefined),
    );
  if (taken) throw badRequest(icdTaken(code));
}

/** What a duplicate that got past the checks (saved at the same instant as another) answers. */
const duplicateDetails = (kind: KeywordKind, values: { name: string; icdCode: string | null }) => ({
  [NAME_KEY]: () => nameTaken(kind, values.name),
  [ICD_KEY]: () => icdTaken(values.icdCode ?? ''),
});

const audit = (
  db: DbOrTx,
  kind: KeywordKind,
  user: string,
  action: 'create' | 'update' | 'delete',
  before: KeywordRow | null,
  after: KeywordRow | null,
) =>
  recordAudit(db, {
    entity: kind,
    key: String((after ?? before)?.id),
    action,
    user,
    before: before && toKeyword(before),
    after: after && toKeyword(after),
  });

function parse(kind: KeywordKind, body: z.infer<typeof KeywordSaveBody>) {
  if (kind === 'diagnoses' && !body.ICD_code) throw badRequest('ICD_code: ICD code is required');
  return { name: body.name, alias: body.alias, icdCode: kind === 'diagnoses' ? (body.ICD_code ?? null) : null };
}

export async function createKeyword(db: Db, kind: KeywordKind, auth: AuthContext, body: KeywordSaveBody): Promise<KeywordEntity> {
  const values = parse(kind, body);
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        await assertNameFree(tx, kind, values.name);
        await assertIcdFree(tx, kind, values.icdCode);
        const [created] = await tx
          .insert(keywordMasters)
          .values({ kind, ...values, ...createdBy(auth) })
          .returning();
        await audit(tx, kind, auth.username, 'create', null, created);
        return created;
      }),
    duplicateDetails(kind, values),
  );
  return toKeyword(row);
}

/** `zone` is the display zone the rules a rename rewrites are versioned in. */
export async function updateKeyword(
  db: Db,
  kind: KeywordKind,
  auth: AuthContext,
  idOrName: string,
  body: KeywordSaveBody,
  zone: string,
): Promise<KeywordEntity> {
  const values = parse(kind, body);
  const user = auth.username;
  const updated = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const row = await find(tx, kind, idOrName, true);
        await assertNameFree(tx, kind, values.name, row.id);
        await assertIcdFree(tx, kind, values.icdCode, row.id);
        const [changed] = await tx
          .update(keywordMasters)
          .set({ ...values, ...modifiedBy(auth) })
          .where(eq(keywordMasters.id, row.id))
          .returning();
        await audit(tx, kind, user, 'update', row, changed);
        // Rule statements and overrides that named it by the old name name it by the new one.
        await rewriteReferences(tx, referenced(row), referenced(changed), { username: user, zone });
        return changed;
      }),
    duplicateDetails(kind, values),
  );
  return toKeyword(updated);
}

export async function deleteKeyword(
  db: Db,
  kind: KeywordKind,
  auth: AuthContext,
  idOrName: string,
  body: z.output<typeof DeleteBody>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await find(tx, kind, idOrName, true);
    const id = body?.id;
    if (id !== undefined && Number(id) !== row.id) throw badRequest(`id: ${id} is not the id of ${LABEL(kind).toLowerCase()} ${row.name}`);
    await assertUnreferenced(tx, referenced(row));
    await tx.delete(keywordMasters).where(eq(keywordMasters.id, row.id));
    await audit(tx, kind, auth.username, 'delete', row, null);
  });
}
