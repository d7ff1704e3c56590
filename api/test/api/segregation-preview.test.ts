/**
 * 'Try on claims' of a document segregation (issue 25 §12): POST /docgroups/dryRun judges the recent verified claims
 * of the edited group's hospitals with the stored segregation and with the edited one, and answers those whose verdict
 * or typed pages would change. Nothing is stored. Also the refusals of issue 25 §8: a Top threshold that is no number
 * or out of range, and master names past their limit, are refused with a 400 naming the field, never cut or emptied.
 */
import { and, eq } from 'drizzle-orm';
import type { Docgroup, DocgroupConfig, SegregationPreviewResult } from '@claims/shared-kernel/contract';
import { claimDocuments, claims, docgroupConfigs, hospitals, keywordMasters, procedures, rateLimitHits, rules } from '../../src/db/schema';
import type { ReadPage, Word } from '../../src/verification/types';
import { EXPENSIVE_CALLS_PER_MINUTE } from '../../src/http/rate-limits';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, testApp } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

/** Opening a database and the app: a bound that proves no hang on a loaded machine, not a speed target. */
const SETUP_MS = 240_000;

/** A line of words across the page at height y (PDF points). */
const line = (text: string, y: number): Word[] =>
  text.split(' ').map((word, i) => ({ text: word, x: 60 + i * 90, y, width: 80, height: 12 }));
const page = (pageNumber: number, lines: [string, number][]): ReadPage => ({
  pageNumber,
  width: 595,
  height: 842,
  source: 'text',
  words: lines.flatMap(([text, y]) => line(text, y)),
});

const config = (overrides: Partial<DocgroupConfig> = {}): DocgroupConfig => ({
  begin_alias: [['DISCHARGE SUMMARY']],
  end_alias: [['Signature']],
  begin_inclusion_body: [],
  begin_exclusion_body: [],
  begin_inclusion_header: [],
  begin_exclusion_header: [],
  end_inclusion_body: [],
  end_exclusion_body: [],
  end_inclusion_header: [],
  end_exclusion_header: [],
  subtotal_flag: false,
  total_flag: false,
  total_special_character_flag: false,
  top_threshold: null,
  ...overrides,
});

describe.each(DATABASES)('document segregation: Try on claims on %s', (_name, open) => {
  const { app, testDb, db, tokens } = apiSuite(open, { users: ['vitraya.admin', 'starhealth.admin'] });
  let admin: string;
  let insurer: string;
  let hospitalId: number;
  let documentId: number;
  let stored: Docgroup;
  let claimId: number;

  const tryOn = (body: object, token = admin) =>
    app.inject({ method: 'POST', url: `${BASE}/docgroups/dryRun`, headers: bearer(token), payload: body });
  const draft = (overrides: Partial<DocgroupConfig>) => ({
    id: stored.id,
    hospital_id: [hospitalId],
    docgroup_id: [documentId],
    docgroupConfig_id: { 'Discharge Summary': config(overrides) },
  });

  beforeAll(async () => {
    admin = tokens['vitraya.admin'];
    insurer = tokens['starhealth.admin'];
    [{ id: hospitalId }] = await db().select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.hospitalCode, 'HOSP-A'));
    [{ id: documentId }] = await db()
      .select({ id: keywordMasters.id })
      .from(keywordMasters)
      .where(and(eq(keywordMasters.kind, 'document'), eq(keywordMasters.name, 'Discharge Summary')));
    // The provider's settlement rule for Cataract Surgery asks for a discharge summary.
    const [p1] = await db().select({ id: procedures.id }).from(procedures).where(eq(procedures.procedureCode, 'P1'));
    await db()
      .update(rules)
      .set({
        documentRule: {
          operator: 'ANY_OF_N_VALUES_IS_PRESENT',
          entityName: 'document',
          numberOfValues: 1,
          valuesToFind: ['Discharge Summary'],
        },
      })
      .where(and(eq(rules.org, 'vitraya'), eq(rules.procedureId, p1.id), eq(rules.caseType, 'SETTLEMENT')));
    const created = await app.inject({
      method: 'POST',
      url: `${BASE}/docgroups`,
      headers: bearer(admin),
      payload: { hospital_id: [hospitalId], docgroup_id: [documentId], docgroupConfig_id: { 'Discharge Summary': config() } },
    });
    expect(created.statusCode).toBe(201);
    stored = created.json<Docgroup>();
    [{ id: claimId }] = await db()
      .insert(claims)
      .values({
        org: 'vitraya',
        referenceClaimId: 'SEG-1',
        caseType: 'SETTLEMENT',
        procedureCodes: ['P1'],
        procedureNames: ['Cataract Surgery'],
        hospitalCode: 'HOSP-A',
        status: 'ADJUDICATED',
        adjudicationResult: 'ACCEPTED',
        lastVerifiedOn: new Date('2025-03-11T10:00:00Z'),
        createdBy: 'test',
      })
      .returning({ id: claims.id });
    await db()
      .insert(claimDocuments)
      .values({
        claimId,
        fileName: 'summary.pdf',
        contentType: 'application/pdf',
        size: 1000,
        pages: 1,
        readPages: [
          page(1, [
            ['DISCHARGE SUMMARY', 60],
            ['Procedure done Cataract Surgery', 300],
            ['Signature', 700],
          ]),
        ],
      });
  }, SETUP_MS);

  test('a draft that no longer finds the summary lists the claim with its verdict and its pages before and after', async () => {
    const response = await tryOn(draft({ begin_alias: [['NOT ON ANY PAGE']] }));
    expect(response.statusCode).toBe(200);
    const result = response.json<SegregationPreviewResult>();
    expect(result).toMatchObject({ hospitals: ['HOSP-A'], limit: 25, stoppedEarly: false });
    // The fixture's other verified claim of HOSP-A has no documents: judged, unchanged.
    expect(result.considered).toBe(2);
    expect(result.unchanged).toBe(1);
    expect(result.claims).toHaveLength(1);
    expect(result.claims[0]).toMatchObject({
      id: claimId,
      referenceClaimId: 'SEG-1',
      org: 'vitraya',
      hospitalCode: 'HOSP-A',
      before: 'ACCEPTED',
      pages: [{ fileName: 'summary.pdf', pageNumber: 1, before: 'Discharge Summary', after: null }],
      pagesChanged: 1,
    });
    expect(result.claims[0].after).not.toBe('ACCEPTED');
    expect(result.claims[0].afterReason).toContain('Discharge Summary');

    // Nothing was stored: the group keeps its configuration, the claim its verdict.
    const [kept] = await db()
      .select({ config: docgroupConfigs.config })
      .from(docgroupConfigs)
      .where(eq(docgroupConfigs.docgroupId, stored.id));
    expect(kept.config.begin_alias).toEqual([['DISCHARGE SUMMARY']]);
    const [claim] = await db().select({ result: claims.adjudicationResult }).from(claims).where(eq(claims.id, claimId));
    expect(claim.result).toBe('ACCEPTED');
  });

  test('the stored configuration itself changes nothing; a hospital the group would drop is tried too', async () => {
    const same = (await tryOn(draft({}))).json<SegregationPreviewResult>();
    expect(same).toMatchObject({ considered: 2, unchanged: 2, claims: [] });
    // Moving the group to HOSP-B takes the configuration away from HOSP-A: its claims are tried as well as HOSP-B's.
    // Without a configuration the summary is still typed by its title, so nothing changes there.
    const [{ id: other }] = await db().select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.hospitalCode, 'HOSP-B'));
    const moved = (await tryOn({ ...draft({}), hospital_id: [other] })).json<SegregationPreviewResult>();
    expect(moved.hospitals.sort()).toEqual(['HOSP-A', 'HOSP-B']);
    expect(moved).toMatchObject({ found: 3, considered: 3, unchanged: 3, claims: [] });
    const one = (await tryOn({ ...draft({}), limit: 1 })).json<SegregationPreviewResult>();
    expect(one).toMatchObject({ considered: 1, limit: 1, found: 1 });
  });

  test('is limited per user and stops at its time allowance, saying how many claims it tried', async () => {
    // An app of its own with no time allowance, so it stops after the first claim; and a fresh count of calls (on
    // PostgreSQL the counts are the database's, shared with the other tests' app).
    const hurried = await testApp(testDb.database, {}, { dryRunBudgetMs: 0 });
    await db().delete(rateLimitHits);
    try {
      const run = () => hurried.inject({ method: 'POST', url: `${BASE}/docgroups/dryRun`, headers: bearer(admin), payload: draft({}) });
      const first = await run();
      expect(first.json<SegregationPreviewResult>()).toMatchObject({ found: 2, considered: 1, stoppedEarly: true });
      for (let i = 1; i < EXPENSIVE_CALLS_PER_MINUTE; i++) expect((await run()).statusCode).toBe(200);
      expect((await run()).statusCode).toBe(429);
    } finally {
      await hurried.close();
      await db().delete(rateLimitHits);
    }
  });

  test('refuses bad drafts with a 400 naming the field, and users who may not write masters', async () => {
    const refused = async (body: object) => {
      const response = await tryOn(body);
      return { status: response.statusCode, detail: response.json<{ detail: string }>().detail };
    };
    expect(await refused({ ...draft({}), hospital_id: [999_999] })).toEqual({
      status: 400,
      detail: 'hospital_id: no hospital has the id 999999',
    });
    expect(await refused({ ...draft({}), limit: 51 })).toMatchObject({ status: 400, detail: expect.stringContaining('limit') });
    expect(await refused(draft({ top_threshold: 'abc' as unknown as number }))).toMatchObject({
      status: 400,
      detail: expect.stringContaining('Top threshold must be a number'),
    });
    expect((await tryOn(draft({}), insurer)).statusCode).toBe(403);
  });
});

describe.each(DATABASES)('master input refused, never cut or emptied, on %s', (_name, open) => {
  const { app, testDb, tokens } = apiSuite(open, { users: ['vitraya.admin'] });
  let admin: string;
  let hospitalId: number;
  let documentId: number;

  beforeAll(async () => {
    admin = tokens['vitraya.admin'];
    const db = testDb.database.db;
    [{ id: hospitalId }] = await db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.hospitalCode, 'HOSP-B'));
    [{ id: documentId }] = await db
      .select({ id: keywordMasters.id })
      .from(keywordMasters)
      .where(eq(keywordMasters.name, 'Discharge Summary'));
  }, SETUP_MS);

  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await app.inject({ method, url: `${BASE}${url}`, headers: bearer(admin), payload });
    return { status: response.statusCode, detail: response.json<{ detail?: string }>().detail };
  };
  const group = (topThreshold: unknown) => ({
    hospital_id: [hospitalId],
    docgroup_id: [documentId],
    docgroupConfig_id: { 'Discharge Summary': { ...config(), top_threshold: topThreshold } },
  });

  test('Top threshold: letters and values out of range are refused naming it; a number and null are kept', async () => {
    for (const [value, reason] of [
      ['abc', 'Top threshold must be a number'],
      ['', 'Top threshold must be a number'],
      [0, 'Top threshold must be a number above 0'],
      [-3, 'Top threshold must be a number above 0'],
      [2001, 'Top threshold must be at most 2000 (points from the top)'],
    ] as const) {
      const answer = await send('POST', '/docgroups', group(value));
      expect({ value, ...answer }).toEqual({
        value,
        status: 400,
        detail: expect.stringMatching(new RegExp(`top_threshold: ${reason.replace(/[()]/g, '\\$&')}$`)),
      });
    }
    const created = await app.inject({ method: 'POST', url: `${BASE}/docgroups`, headers: bearer(admin), payload: group(120.5) });
    expect(created.statusCode).toBe(201);
    expect(created.json<Docgroup>().docgroupConfig_id['Discharge Summary'].top_threshold).toBe(120.5);
  });

  test('a keyword, an alias or an ICD code past its limit is refused naming the field, never cut', async () => {
    expect(await send('POST', '/document', { name: 'K'.repeat(201), alias: ['usg'] })).toEqual({
      status: 400,
      detail: 'name: must be at most 200 characters',
    });
    expect(await send('POST', '/document', { name: 'USG', alias: ['a'.repeat(201)] })).toEqual({
      status: 400,
      detail: 'alias.0: an alias must be at most 200 characters',
    });
    expect(await send('POST', '/diagnoses', { name: 'Fever', alias: ['pyrexia'], ICD_code: 'R'.repeat(51) })).toEqual({
      status: 400,
      detail: 'ICD_code: must be at most 50 characters',
    });
    const exact = await app.inject({
      method: 'POST',
      url: `${BASE}/document`,
      headers: bearer(admin),
      payload: { name: 'K'.repeat(200), alias: ['usg'] },
    });
    expect(exact.statusCode).toBe(201);
  });
});
