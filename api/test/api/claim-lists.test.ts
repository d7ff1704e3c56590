/**
 * The claims list's pages (total_count and page_number on the first row) and the list at scale (issue 13), on
 * PGlite and PostgreSQL: keyset pages (from the ends the server remembers) answer exactly the rows OFFSET pages
 * did, ties and microseconds included, in any order of page visits; the count stops at 10,000 and says so; the
 * found counts come from their columns; the search matches reference, patient name and procedure codes.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ClaimListRow, ClaimSearchBody, Paged, ProcedureVerification } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../../src/db';
import { claims } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const BAJAJ_CLAIMS = 60;

/**
 * Bajaj's claims: four a second, two of each four one microsecond apart (a JavaScript Date cannot tell them apart)
 * and each pair at the very same instant (the id decides); every third one open, the others adjudicated.
 */
async function insertBajajClaims(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into claims (org, reference_claim_id, case_type, patient_name, procedure_codes, hospital_code, status, adjudication_result, last_modified_on)
    select 'bajaj', 'BJ-' || g, 'SETTLEMENT', 'Patient ' || g, jsonb_build_array('PX' || (g % 5)), 'H-' || (g % 4),
      case when g % 3 = 0 then 'OPEN' else 'ADJUDICATED' end,
      case when g % 3 = 0 then null when g % 2 = 0 then 'ACCEPTED' else 'REJECTED' end,
      timestamptz '2025-01-01 00:00:00+00' + (g / 4) * interval '1 second' + ((g / 2) % 2) * interval '1 microsecond'
    from generate_series(1, ${BAJAJ_CLAIMS}) as g`);
}

/** The page as OFFSET read it before keyset paging: the reference the keyset pages must equal. */
async function offsetPage(db: DbOrTx, where: ReturnType<typeof and>, limit: number, page: number): Promise<number[]> {
  const rows = await db
    .select({ id: claims.id })
    .from(claims)
    .where(where)
    .orderBy(desc(claims.lastModifiedOn), desc(claims.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((r) => r.id);
}

describe.each(DATABASES)('claim lists on %s', (_name, open) => {
  const { app, db, as, errorLog } = apiSuite(open, { users: ['vitraya.admin', 'bajaj.reviewer'] });

  beforeAll(async () => {
    await insertBajajClaims(db());
  });

  describe('paging', () => {
    test('the first row carries total_count and the 1-based page_number', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${BASE}/claims?org=starhealth&limit=2&page_number=2`,
        headers: as('vitraya.admin'),
      });
      const rows = response.json<ClaimListRow[]>();
      expect(rows.map((r) => r.referenceClaimId)).toEqual(['SH-ADJ-2', 'SH-ADJ-3']);
      expect(rows[0]).toMatchObject({ total_count: 6, page_number: 2 });
      expect(rows[1]).not.toHaveProperty('total_count');
      const past = await app.inject({
        method: 'GET',
        url: `${BASE}/claims?org=starhealth&limit=2&page_number=9`,
        headers: as('vitraya.admin'),
      });
      expect(past.json()).toEqual([]);
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  async function list(query: string, user = 'vitraya.admin'): Promise<Paged<ClaimListRow>[]> {
    const response = await app.inject({ method: 'GET', url: `${BASE}/claims?${query}`, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function search(query: string, body: ClaimSearchBody, user = 'vitraya.admin'): Promise<Paged<ClaimListRow>[]> {
    const response = await app.inject({ method: 'POST', url: `${BASE}/claims/search?${query}`, headers: as(user), payload: body });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  const ids = (rows: ClaimListRow[]) => rows.map((r) => r.id);

  it('answers the rows OFFSET paging answered, page by page, whichever pages were seen before', async () => {
    const bajaj = eq(claims.org, 'bajaj');
    const limit = 7;
    const pages = Math.ceil(BAJAJ_CLAIMS / limit);
    // Forwards (each page after a remembered end), then jumps and backwards (from the nearest remembered end).
    const visits = [
      ...Array.from({ length: pages }, (_, i) => i + 1),
      1,
      6,
      7,
      3,
      9,
      2,
      ...Array.from({ length: pages }, (_, i) => pages - i),
    ];
    for (const page of visits) {
      const rows = await list(`org=bajaj&limit=${limit}&page_number=${page}`);
      expect({ page, ids: ids(rows) }).toEqual({ page, ids: await offsetPage(db(), bajaj, limit, page) });
      expect(rows[0]).toMatchObject({ total_count: BAJAJ_CLAIMS, page_number: page });
    }
    expect(await list(`org=bajaj&limit=${limit}&page_number=${pages + 1}`)).toEqual([]);
  });

  it('pages a filter and an insurer user alike', async () => {
    const body: ClaimSearchBody = { hospital_code: ['H-1', 'H-2'], status: ['ADJUDICATED'] };
    const filtered = and(eq(claims.org, 'bajaj'), sql`${claims.hospitalCode} in ('H-1', 'H-2')`, eq(claims.status, 'ADJUDICATED'));
    for (const page of [1, 2, 3, 4, 5, 2, 5]) {
      expect(ids(await search(`org=bajaj&limit=4&page_number=${page}`, body))).toEqual(await offsetPage(db(), filtered, 4, page));
    }
    const adjudicated = and(eq(claims.org, 'bajaj'), eq(claims.status, 'ADJUDICATED'));
    for (const page of [1, 2, 3, 8, 4]) {
      const rows = await list(`limit=5&page_number=${page}`, 'bajaj.reviewer');
      expect(ids(rows)).toEqual(await offsetPage(db(), adjudicated, 5, page));
    }
  });

  it('counts afresh on the first page of a filter', async () => {
    expect((await list('org=bajaj&limit=10'))[0].total_count).toBe(BAJAJ_CLAIMS);
    const [added] = await db()
      .insert(claims)
      .values({ org: 'bajaj', referenceClaimId: 'BJ-NEW', caseType: 'SETTLEMENT', status: 'OPEN' })
      .returning({ id: claims.id });
    try {
      const first = await list('org=bajaj&limit=10');
      expect(first[0]).toMatchObject({ id: added.id, total_count: BAJAJ_CLAIMS + 1 });
    } finally {
      await db().delete(claims).where(eq(claims.id, added.id));
    }
  });

  it('stops counting at 10,000 and says there are more', async () => {
    await db().execute(sql`
        insert into claims (org, reference_claim_id, case_type, status, last_modified_on)
        select 'ML', 'ML-' || g, 'SETTLEMENT', 'OPEN', timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second'
        from generate_series(1, 10001) as g`);
    const first = await list('org=ML&limit=25');
    expect(first[0]).toMatchObject({ total_count: 10_000, total_count_capped: true, page_number: 1 });
    // The last page the count offers and the one beyond it (the 10,001st claim) are still served.
    const ml = eq(claims.org, 'ML');
    for (const page of [400, 401])
      expect(ids(await list(`org=ML&limit=25&page_number=${page}`))).toEqual(await offsetPage(db(), ml, 25, page));
    const few = await search('org=ML&limit=25', { query: 'ML-1000' });
    expect(few.map((r) => r.referenceClaimId)).toEqual(['ML-10001', 'ML-10000', 'ML-1000']);
    expect(few[0].total_count).toBe(3);
    expect(few[0]).not.toHaveProperty('total_count_capped');
  });

  it('reads the found counts from their columns, kept with the verdict, and never sends the details', async () => {
    const item = (name: string, found: boolean, standardName?: string) => ({ name, found, ...(standardName ? { standardName } : {}) });
    const details: Record<string, ProcedureVerification> = {
      PX1: {
        ruleId: null,
        primary: true,
        adjudicationResult: 'ACCEPTED',
        procedures: [item('Cataract Surgery', true)],
        diagnoses: [item('Cataract', true), item('cataract', true), item('Glaucoma', false)],
        evidence: [item('lens', true, 'Intraocular Lens')],
        document: [item('Discharge Summary', true), item('Final Bill', true)],
      },
      PX2: {
        ruleId: null,
        primary: false,
        adjudicationResult: 'ACCEPTED',
        procedures: [item('Appendectomy', true)],
        diagnoses: [item('CATARACT', true)],
        evidence: [item('IOL', true, 'intraocular lens')],
        document: [item('Final Bill', true), item('Histopathology', true)],
      },
    };
    const [claim] = await db()
      .update(claims)
      .set({ adjudicationDetails: details, lastModifiedOn: sql`now()` })
      .where(eq(claims.referenceClaimId, 'BJ-7'))
      .returning({ id: claims.id });
    const [row] = await list('org=bajaj&limit=1');
    expect(row).toMatchObject({ id: claim.id, proceduresFound: 2, diagnosisFound: 1, evidenceFound: 1, documentsFound: 3 });
    expect(row).not.toHaveProperty('adjudicationDetails');
    // The verdict replaced: the counts follow.
    await db().update(claims).set({ adjudicationDetails: null }).where(eq(claims.id, claim.id));
    expect((await list('org=bajaj&limit=1'))[0]).toMatchObject({ id: claim.id, proceduresFound: 0, documentsFound: 0 });
    // Insurer users see no counts.
    expect((await list('limit=1', 'bajaj.reviewer'))[0]).not.toHaveProperty('proceduresFound');
  });

  it('searches reference, patient name and procedure codes, taking % and _ literally', async () => {
    const refs = async (query: string) => (await search('org=bajaj&limit=100', { query })).map((r) => r.referenceClaimId).sort();
    expect(await refs('bj-5')).toEqual(['BJ-5', 'BJ-50', 'BJ-51', 'BJ-52', 'BJ-53', 'BJ-54', 'BJ-55', 'BJ-56', 'BJ-57', 'BJ-58', 'BJ-59']);
    expect(await refs('patient 12')).toEqual(['BJ-12']);
    expect(await refs('px4')).toEqual([
      'BJ-14',
      'BJ-19',
      'BJ-24',
      'BJ-29',
      'BJ-34',
      'BJ-39',
      'BJ-4',
      'BJ-44',
      'BJ-49',
      'BJ-54',
      'BJ-59',
      'BJ-9',
    ]);
    expect(await refs('BJ_1')).toEqual([]);
    expect(await refs('%')).toEqual([]);
  });

  it('pages a search and a procedure code (GIN-indexed, matches far apart) with the rows OFFSET paging answered', async () => {
    // 2,500 claims, newest last: PZ1 on every fifth, PZ2 on the second newest and then only on old ones (its first
    // page spans 2,400 claims), and 'MB-24' in 111 references.
    await db().execute(sql`
        insert into claims (org, reference_claim_id, case_type, patient_name, procedure_codes, status, last_modified_on)
        select 'maxbupa', 'MB-' || g, 'SETTLEMENT', 'Patient ' || g,
          case when g % 5 = 0 then jsonb_build_array('PZ1') when g = 2499 or (g <= 100 and g % 2 = 0) then jsonb_build_array('PZ2') else jsonb_build_array('PZ0') end,
          'OPEN', timestamptz '2024-06-01 00:00:00+00' + g * interval '1 second'
        from generate_series(1, 2500) as g`);
    const maxbupa = eq(claims.org, 'maxbupa');
    const cases: { body: ClaimSearchBody; where: ReturnType<typeof and>; total: number }[] = [
      { body: { procedureCode: ['PZ1'] }, where: and(maxbupa, sql`${claims.procedureCodes} ? 'PZ1'`), total: 500 },
      { body: { procedureCode: ['PZ2'] }, where: and(maxbupa, sql`${claims.procedureCodes} ? 'PZ2'`), total: 41 },
      { body: { query: 'MB-24' }, where: and(maxbupa, sql`${claims.referenceClaimId} like 'MB-24%'`), total: 111 },
    ];
    for (const { body, where, total } of cases) {
      for (const page of [1, 2, 3, 4, 5, 6, 9, 7, 1, 20]) {
        const rows = await search(`org=maxbupa&limit=25&page_number=${page}`, body);
        expect({ body, page, ids: ids(rows) }).toEqual({ body, page, ids: await offsetPage(db(), where, 25, page) });
        if (rows.length) expect(rows[0].total_count).toBe(total);
      }
    }
  });
});
