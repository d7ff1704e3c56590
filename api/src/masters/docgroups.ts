/**
 * Document segregation groups (spec 2 §2.7, §3): a set of hospitals and, per document type (a document master),
 * the configuration that cuts that type out of the hospitals' claims (read by src/verification/segregate.ts).
 * docgroupConfig_id is keyed by document name on the way out and accepts a document's id or name on the way in.
 *
 * Every write runs in one transaction with its audit entry. The adjudicator loads a hospital's configurations
 * from these tables for each verification (src/jobs/verification-input.ts), so a committed change is what the
 * next verification uses. A hospital may have one configuration per document type across all groups: a second
 * one would silently override the first in the adjudicator, so it is refused (400, like a duplicate code).
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Docgroup, DocgroupConfig, DocgroupSaveBody, MasterSearchBody, Paged } from '@claims/shared-kernel/contract';
import type { z } from 'zod';
import { recordAudit, type AuditFields } from '../audit/log';
import type { AuthContext } from '../auth/tokens';
import { andAll, selectPage } from '../db/sql';
import type { DbOrTx } from '../db';
import { docgroupConfigs, docgroupHospitals, docgroups, hospitals, keywordMasters } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal } from '../http/paging';
import { auditOf, containsPattern, createdBy, modifiedBy } from './common';

type SaveBody = z.output<typeof DocgroupSaveBody>;

/** Whole docgroups with their hospitals, documents and configurations, in id order. */
export async function loadDocgroups(db: DbOrTx, ids: number[]): Promise<Docgroup[]> {
  if (!ids.length) return [];
  const groups = await db.select().from(docgroups).where(inArray(docgroups.id, ids)).orderBy(asc(docgroups.id));
  const hospitalRows = await db
    .select({ docgroupId: docgroupHospitals.docgroupId, id: hospitals.id, hospital_code: hospitals.hospitalCode, name: hospitals.name })
    .from(docgroupHospitals)
    .innerJoin(hospitals, eq(hospitals.id, docgroupHospitals.hospitalId))
    .where(inArray(docgroupHospitals.docgroupId, ids))
    .orderBy(asc(hospitals.hospitalCode));
  const configRows = await db
    .select({
      docgroupId: docgroupConfigs.docgroupId,
      documentId: keywordMasters.id,
      name: keywordMasters.name,
      config: docgroupConfigs.config,
    })
    .from(docgroupConfigs)
    .innerJoin(keywordMasters, eq(keywordMasters.id, docgroupConfigs.documentId))
    .where(inArray(docgroupConfigs.docgroupId, ids))
    .orderBy(asc(docgroupConfigs.id));
  return groups.map((group) => {
    const configs = configRows.filter((c) => c.docgroupId === group.id);
    return {
      id: group.id,
      hospital_id: hospitalRows
        .filter((h) => h.docgroupId === group.id)
        .map(({ id, hospital_code, name }) => ({ id, hospital_code, name })),
      docgroup_id: configs.map((c) => ({ id: c.documentId, name: c.name })),
      docgroupConfig_id: Object.fromEntries(configs.map((c) => [c.name, c.config])),
      ...auditOf(group),
    };
  });
}

export async function findDocgroup(db: DbOrTx, id: number): Promise<Docgroup> {
  const [group] = await loadDocgroups(db, [id]);
  if (!group) throw notFound(`Document segregation ${id} not found`);
  return group;
}

/** One page of the groups matching `where` (all without it), the first row carrying the total. */
export async function docgroupPage(db: DbOrTx, where: SQL | undefined, limit: number, pageNumber: number): Promise<Paged<Docgroup>[]> {
  const listed = db.select({ id: docgroups.id }).from(docgroups).where(where).$dynamic();
  const { rows, total } = await selectPage(db, listed, [asc(docgroups.id)], { limit, page_number: pageNumber });
  const groups = await loadDocgroups(
    db,
    rows.map((r) => r.id),
  );
  return firstRowCarriesTotal(groups, total, pageNumber);
}

export async function allDocgroups(db: DbOrTx): Promise<Docgroup[]> {
  const rows = await db.select({ id: docgroups.id }).from(docgroups);
  return loadDocgroups(
    db,
    rows.map((r) => r.id),
  );
}

const hasDocument = (pattern: string) =>
  sql`exists (select 1 from ${docgroupConfigs} join ${keywordMasters} on ${keywordMasters.id} = ${docgroupConfigs.documentId}
    where ${docgroupConfigs.docgroupId} = ${docgroups.id} and ${keywordMasters.name} ilike ${pattern})`;
const hasHospital = (pattern: string, column: 'code' | 'name' | 'either') => {
  const matches =
    column === 'code'
      ? sql`${hospitals.hospitalCode} ilike ${pattern}`
      : column === 'name'
        ? sql`${hospitals.name} ilike ${pattern}`
        : sql`(${hospitals.hospitalCode} ilike ${pattern} or ${hospitals.name} ilike ${pattern})`;
  return sql`exists (select 1 from ${docgroupHospitals} join ${hospitals} on ${hospitals.id} = ${docgroupHospitals.hospitalId}
    where ${docgroupHospitals.docgroupId} = ${docgroups.id} and ${matches})`;
};

/** The list's filterable columns (the keys the screen's column filters send). */
const FILTERS: Record<string, (pattern: string) => SQL> = {
  document_name: hasDocument,
  hospital_code: (pattern) => hasHospital(pattern, 'code'),
  hospital_name: (pattern) => hasHospital(pattern, 'name'),
};

/**
 * POST /docgroups/search: `query` matches a hospital's code or name or a document's name; each column filter
 * its column. Every condition must hold.
 */
export function docgroupSearch({ query, filters = {} }: MasterSearchBody): SQL | undefined {
  const conditions: SQL[] = [];
  if (query?.trim()) {
    const pattern = containsPattern(query);
    conditions.push(sql`(${hasHospital(pattern, 'either')} or ${hasDocument(pattern)})`);
  }
  for (const [field, text] of Object.entries(filters)) {
    const filter = FILTERS[field];
    if (!filter) throw badRequest(`filters.${field}: not a column of the document segregation list (${Object.keys(FILTERS).join(', ')})`);
    if (text.trim()) conditions.push(filter(containsPattern(text)));
  }
  return andAll(conditions);
}

/**
 * The hospitals of the body (id and code), each checked to exist (400 naming hospital_id otherwise); `lock` holds
 * their rows until the transaction ends.
 */
export async function chosenHospitals(
  db: DbOrTx,
  body: Pick<SaveBody, 'hospital_id'>,
  { lock }: { lock: boolean },
): Promise<{ id: number; hospitalCode: string }[]> {
  const query = db
    .select({ id: hospitals.id, hospitalCode: hospitals.hospitalCode })
    .from(hospitals)
    .where(inArray(hospitals.id, body.hospital_id))
    .orderBy(asc(hospitals.id));
  const known = lock ? await query.for('update') : await query;
  const unknownHospitals = body.hospital_id.filter((id) => !known.some((h) => h.id === id));
  if (unknownHospitals.length) throw badRequest(`hospital_id: no hospital has the id ${unknownHospitals.join(', ')}`);
  return known;
}

/**
 * The body's configuration per document id, with the document's name, checked against the document master: every
 * chosen document exists and has exactly one configuration (400 naming the field otherwise).
 */
export async function draftConfigurations(
  db: DbOrTx,
  body: Pick<SaveBody, 'docgroup_id' | 'docgroupConfig_id'>,
): Promise<Map<number, { name: string; config: DocgroupConfig }>> {
  const documents = await db
    .select({ id: keywordMasters.id, name: keywordMasters.name })
    .from(keywordMasters)
    .where(and(eq(keywordMasters.kind, 'document'), inArray(keywordMasters.id, body.docgroup_id)));
  const unknownDocuments = body.docgroup_id.filter((id) => !documents.some((d) => d.id === id));
  if (unknownDocuments.length) throw badRequest(`docgroup_id: no document has the id ${unknownDocuments.join(', ')}`);

  const configs = new Map<number, DocgroupConfig>();
  for (const [key, config] of Object.entries(body.docgroupConfig_id)) {
    const document = documents.find((d) => String(d.id) === key || d.name.toLowerCase() === key.trim().toLowerCase());
    if (!document) throw badRequest(`docgroupConfig_id.${key}: not one of the chosen documents (docgroup_id)`);
    if (configs.has(document.id)) throw badRequest(`docgroupConfig_id.${key}: ${document.name} is configured twice`);
    configs.set(document.id, config);
  }
  const unconfigured = documents.filter((d) => !configs.has(d.id));
  if (unconfigured.length) throw badRequest(`docgroupConfig_id: add a configuration for ${unconfigured.map((d) => d.name).join(', ')}`);
  return new Map([...configs].map(([id, config]) => [id, { name: documents.find((d) => d.id === id)!.name, config }]));
}

/**
 * Checks the body against the database inside the write's transaction and answers the configuration per
 * document id. The chosen hospitals' rows stay locked until the transaction ends, so two groups saved at once
 * cannot both give a hospital the same document type.
 */
async function resolve(tx: DbOrTx, body: SaveBody, exceptGroup: number | null): Promise<Map<number, DocgroupConfig>> {
  await chosenHospitals(tx, body, { lock: true });
  const configs = new Map([...(await draftConfigurations(tx, body))].map(([id, { config }]) => [id, config]));

  const [taken] = await tx
    .select({ docgroupId: docgroupHospitals.docgroupId, hospital: hospitals.hospitalCode, document: keywordMasters.name })
    .from(docgroupHospitals)
    .innerJoin(docgroupConfigs, eq(docgroupConfigs.docgroupId, docgroupHospitals.docgroupId))
    .innerJoin(hospitals, eq(hospitals.id, docgroupHospitals.hospitalId))
    .innerJoin(keywordMasters, eq(keywordMasters.id, docgroupConfigs.documentId))
    .where(
      and(
        inArray(docgroupHospitals.hospitalId, body.hospital_id),
        inArray(docgroupConfigs.documentId, body.docgroup_id),
        exceptGroup === null ? undefined : ne(docgroupHospitals.docgroupId, exceptGroup),
      ),
    )
    .orderBy(asc(docgroupHospitals.docgroupId), asc(hospitals.hospitalCode))
    .limit(1);
  if (taken)
    throw badRequest(
      `hospital_id: Hospital ${taken.hospital} already has a configuration for ${taken.document} in document segregation ${taken.docgroupId}`,
    );
  return configs;
}

async function replaceContents(tx: DbOrTx, docgroupId: number, body: SaveBody, configs: Map<number, DocgroupConfig>): Promise<void> {
  await tx.delete(docgroupHospitals).where(eq(docgroupHospitals.docgroupId, docgroupId));
  await tx.delete(docgroupConfigs).where(eq(docgroupConfigs.docgroupId, docgroupId));
  await tx.insert(docgroupHospitals).values(body.hospital_id.map((hospitalId) => ({ docgroupId, hospitalId })));
  await tx.insert(docgroupConfigs).values([...configs].map(([documentId, config]) => ({ docgroupId, documentId, config })));
}

/**
 * A group as the audit log keeps it, in the words of its screens: hospital codes, document names and one field per
 * document's configuration ('Final Bill configuration'), so that an edit of one configuration shows as that field alone.
 */
export function docgroupAuditFields(group: Docgroup): AuditFields {
  return {
    hospital_code: group.hospital_id.map((h) => h.hospital_code),
    documents: group.docgroup_id.map((d) => d.name),
    ...Object.fromEntries(Object.entries(group.docgroupConfig_id).map(([name, config]) => [`${name} configuration`, config])),
  };
}

const audit = (
  tx: DbOrTx,
  auth: AuthContext,
  id: number,
  action: 'create' | 'update' | 'delete',
  before: Docgroup | null,
  after: Docgroup | null,
) =>
  recordAudit(tx, {
    entity: 'docgroups',
    key: String(id),
    action,
    user: auth.username,
    before: before && docgroupAuditFields(before),
    after: after && docgroupAuditFields(after),
  });

export function createDocgroup(db: DbOrTx, auth: AuthContext, body: SaveBody): Promise<Docgroup> {
  return db.transaction(async (tx) => {
    const configs = await resolve(tx, body, null);
    const [group] = await tx.insert(docgroups).values(createdBy(auth)).returning({ id: docgroups.id });
    await replaceContents(tx, group.id, body, configs);
    const created = await findDocgroup(tx, group.id);
    await audit(tx, auth, group.id, 'create', null, created);
    return created;
  });
}

/** Replaces the group's hospitals and configurations; a document left out loses its configuration. */
export function updateDocgroup(db: DbOrTx, auth: AuthContext, id: number, body: SaveBody): Promise<Docgroup> {
  return db.transaction(async (tx) => {
    // Held until the end, so the group the log calls 'before' is the one this update replaced.
    const [locked] = await tx.select({ id: docgroups.id }).from(docgroups).where(eq(docgroups.id, id)).for('update');
    if (!locked) throw notFound(`Document segregation ${id} not found`);
    const before = await findDocgroup(tx, id);
    const configs = await resolve(tx, body, id);
    await replaceContents(tx, id, body, configs);
    await tx.update(docgroups).set(modifiedBy(auth)).where(eq(docgroups.id, id));
    const after = await findDocgroup(tx, id);
    await audit(tx, auth, id, 'update', before, after);
    return after;
  });
}

export function deleteDocgroup(db: DbOrTx, auth: AuthContext, id: number, bodyId: number | string | undefined): Promise<void> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: docgroups.id }).from(docgroups).where(eq(docgroups.id, id)).for('update');
    if (!locked) throw notFound(`Document segregation ${id} not found`);
    if (bodyId !== undefined && Number(bodyId) !== id) throw badRequest(`id: ${bodyId} is not the id of document segregation ${id}`);
    const before = await findDocgroup(tx, id);
    await tx.delete(docgroups).where(eq(docgroups.id, id));
    await audit(tx, auth, id, 'delete', before, null);
  });
}
