/**
 * Document segregation (docgroups) through HTTP, on PGlite and PostgreSQL: every call of spec 2 §7 with its
 * answers, the super user's writes refused to everyone else, bad input answered 400 with a detail naming the field
 * and nothing half-saved, a hospital given one configuration per document type, the audit entry of every write, and
 * an edit used by the adjudicator's next reading of the hospital's documents.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Docgroup, DocgroupConfig, Paged } from '@claims/shared-kernel/contract';
import { auditLog, docgroupConfigs, docgroupHospitals, docgroups, hospitals, keywordMasters } from '../../src/db/schema';
import { loadMasterData } from '../../src/jobs/verification-input';
import { docFromText } from '../../testing/verification/fixtures';
import { PhraseIndex } from '../../src/verification/match';
import { segregate } from '../../src/verification/segregate';
import { buildClaimText } from '../../src/verification/text';
import { DATABASES } from '../../testing/databases';
import { BASE } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

/** A complete configuration: every field as the screens send it. */
const config = (begin: string[][], extra: Partial<DocgroupConfig> = {}): DocgroupConfig => ({
  begin_alias: begin,
  end_alias: [['Signature of Treating Doctor']],
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
  ...extra,
});

describe.each(DATABASES)('document groups on %s', (_name, open) => {
  const { app, testDb, as } = apiSuite(open, { users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer'] });
  let hospitalA: number;
  let hospitalB: number;
  let discharge: number;
  let bill: number;

  beforeAll(async () => {
    const { db } = testDb.database;
    const rows = await db
      .select()
      .from(hospitals)
      .where(inArray(hospitals.hospitalCode, ['HOSP-A', 'HOSP-B']));
    hospitalA = rows.find((h) => h.hospitalCode === 'HOSP-A')!.id;
    hospitalB = rows.find((h) => h.hospitalCode === 'HOSP-B')!.id;
    const [summary] = await db
      .select({ id: keywordMasters.id })
      .from(keywordMasters)
      .where(and(eq(keywordMasters.kind, 'document'), eq(keywordMasters.name, 'Discharge Summary')));
    discharge = summary.id;
    const [finalBill] = await db
      .insert(keywordMasters)
      .values({ kind: 'document', name: 'Final Bill', alias: ['FINAL BILL'] })
      .returning({ id: keywordMasters.id });
    bill = finalBill.id;
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user = 'vitraya.admin', payload?: object) =>
    app.inject({ method, url: `${BASE}${url}`, headers: as(user), ...(payload ? { payload } : {}) });

  /** What the database holds of docgroups, so that a refused write can be shown to have left nothing behind. */
  const stored = async () => {
    const { db } = testDb.database;
    const [groups] = await db.select({ n: count() }).from(docgroups);
    const [links] = await db.select({ n: count() }).from(docgroupHospitals);
    const [configs] = await db.select({ n: count() }).from(docgroupConfigs);
    const [entries] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'docgroups'));
    return { groups: groups.n, links: links.n, configs: configs.n, auditEntries: entries.n };
  };
  const auditOf = (id: number) =>
    testDb.database.db
      .select({ action: auditLog.action, user: auditLog.username, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'docgroups'), eq(auditLog.key, String(id))))
      .orderBy(asc(auditLog.id));

  /** A group of HOSP-B with a Final Bill configuration, made through the api. */
  async function createBillGroup(): Promise<Docgroup> {
    const response = await call('POST', '/docgroups', 'vitraya.admin', {
      hospital_id: [hospitalB],
      docgroup_id: [bill],
      docgroupConfig_id: { 'Final Bill': config([['FINAL BILL']], { total_flag: true }) },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Docgroup>();
  }

  describe('create, read, edit and delete', () => {
    let created: Docgroup;

    test('POST /docgroups stores the hospitals, documents and trimmed configurations and answers the group', async () => {
      const response = await call('POST', '/docgroups', 'vitraya.admin', {
        hospital_id: [hospitalA],
        docgroup_id: [discharge],
        docgroupConfig_id: {
          [String(discharge)]: {
            begin_alias: [[' DISCHARGE SUMMARY ', ''], ['  '], ['SUMMARY OF DISCHARGE', 'PATIENT']],
            end_alias: [['Signature of Treating Doctor']],
            begin_exclusion_header: [['DRAFT']],
            top_threshold: 0.3,
            subtotal_flag: true,
          },
        },
      });
      expect(response.statusCode).toBe(201);
      created = response.json<Docgroup>();
      expect(created).toEqual({
        id: expect.any(Number),
        hospital_id: [{ id: hospitalA, hospital_code: 'HOSP-A', name: 'Alpha Hospital' }],
        docgroup_id: [{ id: discharge, name: 'Discharge Summary' }],
        docgroupConfig_id: {
          'Discharge Summary': config([['DISCHARGE SUMMARY'], ['SUMMARY OF DISCHARGE', 'PATIENT']], {
            begin_exclusion_header: [['DRAFT']],
            top_threshold: 0.3,
            subtotal_flag: true,
          }),
        },
        created_by: 'vitraya.admin',
        created_at: expect.any(String),
        last_modified_by: 'vitraya.admin',
        last_modified_at: expect.any(String),
      });
      expect(await auditOf(created.id)).toEqual([
        {
          action: 'create',
          user: 'vitraya.admin',
          before: null,
          after: {
            hospital_code: ['HOSP-A'],
            documents: ['Discharge Summary'],
            'Discharge Summary configuration': created.docgroupConfig_id['Discharge Summary'],
          },
        },
      ]);
    });

    test('GET /docgroups pages with the total on the first row; getall answers every group', async () => {
      const other = await createBillGroup();
      const page = await call('GET', '/docgroups?limit=1&page_number=2', 'vitraya.reviewer');
      expect(page.statusCode).toBe(200);
      expect(page.json<Paged<Docgroup>[]>()).toEqual([{ ...other, total_count: 2, page_number: 2 }]);
      const all = await call('GET', '/docgroups?getall', 'starhealth.reviewer');
      expect(all.json<Docgroup[]>().map((g) => g.id)).toEqual([created.id, other.id]);
      expect((await call('DELETE', `/docgroups/${other.id}`)).statusCode).toBe(200);
    });

    test('GET /docgroups/{id} answers one group; an unknown id 404, a malformed one 400', async () => {
      expect((await call('GET', `/docgroups/${created.id}`)).json()).toEqual(created);
      const missing = await call('GET', '/docgroups/99999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Document segregation 99999 not found' });
      const malformed = await call('GET', '/docgroups/abc');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().detail).toMatch(/^params id: /);
    });

    test('POST /docgroups/search filters by document name and hospital code, paged like the list', async () => {
      const search = async (body: object) => {
        const response = await call('POST', '/docgroups/search?limit=25&page_number=1', 'vitraya.admin', body);
        expect(response.statusCode).toBe(200);
        return response.json<Paged<Docgroup>[]>();
      };
      expect((await search({ filters: { document_name: 'discharge' } })).map((g) => g.id)).toEqual([created.id]);
      expect((await search({ filters: { hospital_code: 'hosp-a' } })).map((g) => g.id)).toEqual([created.id]);
      expect(await search({ filters: { hospital_code: 'hosp-b' } })).toEqual([]);
      expect(await search({ filters: { hospital_code: 'HOSP-A', document_name: 'bill' } })).toEqual([]);
      expect((await search({ query: 'alpha' }))[0]).toMatchObject({ id: created.id, total_count: 1, page_number: 1 });
      const unknown = await call('POST', '/docgroups/search', 'vitraya.admin', { filters: { colour: 'red' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toMatch(/^filters\.colour: not a column of the document segregation list/);
    });

    test('PUT /docgroups/{id} replaces the group, drops a document left out, and logs only what changed', async () => {
      const edited = await call('PUT', `/docgroups/${created.id}`, 'vitraya.admin', {
        hospital_id: [hospitalA],
        docgroup_id: [discharge],
        docgroupConfig_id: { 'discharge summary': config([['DISCHARGE CARD']], { top_threshold: null }) },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<Docgroup>().docgroupConfig_id).toEqual({ 'Discharge Summary': config([['DISCHARGE CARD']]) });
      const [, update] = await auditOf(created.id);
      expect(update).toEqual({
        action: 'update',
        user: 'vitraya.admin',
        before: { 'Discharge Summary configuration': created.docgroupConfig_id['Discharge Summary'] },
        after: { 'Discharge Summary configuration': config([['DISCHARGE CARD']]) },
      });
    });

    test('PUT /docgroups with an id replaces that group, without one creates a group', async () => {
      const replaced = await call('PUT', '/docgroups', 'vitraya.admin', {
        id: created.id,
        hospital_id: [hospitalA],
        docgroup_id: [discharge],
        docgroupConfig_id: { 'Discharge Summary': config([['DISCHARGE CARD'], ['DISCHARGE SUMMARY']]) },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json<Docgroup>()).toMatchObject({
        id: created.id,
        docgroupConfig_id: { 'Discharge Summary': { begin_alias: [['DISCHARGE CARD'], ['DISCHARGE SUMMARY']] } },
      });

      const fresh = await call('PUT', '/docgroups', 'vitraya.admin', {
        hospital_id: [hospitalA],
        docgroup_id: [bill],
        docgroupConfig_id: { 'Final Bill': config([['IP FINAL BILL']]) },
      });
      expect(fresh.statusCode).toBe(201);
      const freshId = fresh.json<Docgroup>().id;
      expect(freshId).not.toBe(created.id);
      expect((await auditOf(freshId)).map((e) => e.action)).toEqual(['create']);
      expect((await call('DELETE', `/docgroups/${freshId}`)).statusCode).toBe(200);
    });

    test('DELETE /docgroups/{id} removes the group and logs it; then it is gone', async () => {
      const before = (await call('GET', `/docgroups/${created.id}`)).json<Docgroup>();
      const mismatch = await call('DELETE', `/docgroups/${created.id}`, 'vitraya.admin', { id: created.id + 1 });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ detail: `id: ${created.id + 1} is not the id of document segregation ${created.id}` });

      const response = await call('DELETE', `/docgroups/${created.id}`, 'vitraya.admin', { id: created.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: 'Deleted Successfully' });
      expect((await call('GET', `/docgroups/${created.id}`)).statusCode).toBe(404);
      expect((await auditOf(created.id)).at(-1)).toEqual({
        action: 'delete',
        user: 'vitraya.admin',
        before: {
          hospital_code: ['HOSP-A'],
          documents: ['Discharge Summary'],
          'Discharge Summary configuration': before.docgroupConfig_id['Discharge Summary'],
        },
        after: null,
      });
      const again = await call('DELETE', `/docgroups/${created.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: `Document segregation ${created.id} not found` });
    });
  });

  describe('refusals and bad input leave nothing behind', () => {
    // Each test starts without groups, whatever the one before left.
    afterEach(() => testDb.database.db.delete(docgroups));

    const valid = () => ({
      hospital_id: [hospitalA],
      docgroup_id: [discharge],
      docgroupConfig_id: { 'Discharge Summary': config([['DISCHARGE SUMMARY']]) },
    });

    test('only the provider’s super users write: others get 403 with the reason', async () => {
      const group = await createBillGroup();
      const before = await stored();
      for (const [user, detail] of [
        ['vitraya.reviewer', 'You are not authorized to perform this action: only a super user may do this'],
        ['starhealth.reviewer', 'You are not authorized to perform this action: only a super user may do this'],
        ['starhealth.admin', "You are not authorized to perform this action: only the provider's super users may change master data"],
      ] as const) {
        for (const [method, url, payload] of [
          ['POST', '/docgroups', valid()],
          ['PUT', '/docgroups', valid()],
          ['PUT', `/docgroups/${group.id}`, valid()],
          ['DELETE', `/docgroups/${group.id}`, undefined],
        ] as const) {
          const response = await call(method, url, user, payload);
          expect({ user, method, url, status: response.statusCode, body: response.json() }).toEqual({
            user,
            method,
            url,
            status: 403,
            body: { detail },
          });
        }
      }
      expect(await stored()).toEqual(before);
      expect((await call('GET', `/docgroups/${group.id}`)).json()).toEqual(group);
    });

    test.each([
      ['no hospitals', { hospital_id: [] }, 'hospital_id: Choose at least one hospital'],
      ['eleven hospitals', { hospital_id: Array.from({ length: 11 }, (_, i) => i + 1) }, 'hospital_id: Choose at most 10 hospitals'],
      ['a hospital twice', () => ({ hospital_id: [hospitalA, hospitalA] }), 'hospital_id: a hospital is chosen twice'],
      ['no document', { docgroup_id: [], docgroupConfig_id: {} }, 'docgroup_id: Add a configuration for at least one document'],
      ['an unknown hospital', { hospital_id: [987654] }, 'hospital_id: no hospital has the id 987654'],
      [
        'an unknown document',
        { docgroup_id: [987654], docgroupConfig_id: { 987654: config([['X']]) } },
        'docgroup_id: no document has the id 987654',
      ],
      [
        'a document without its configuration',
        () => ({ docgroup_id: [discharge, bill] }),
        'docgroupConfig_id: add a configuration for Final Bill',
      ],
      [
        'a configuration of a document not chosen',
        () => ({ docgroupConfig_id: { 'Discharge Summary': config([['A']]), 'Final Bill': config([['B']]) } }),
        'docgroupConfig_id.Final Bill: not one of the chosen documents (docgroup_id)',
      ],
      [
        'an empty first beginning alias',
        { docgroupConfig_id: { 'Discharge Summary': config([[' ', '']]) } },
        'docgroupConfig_id.Discharge Summary.begin_alias: Beginning Alias is required',
      ],
      [
        'no ending alias',
        { docgroupConfig_id: { 'Discharge Summary': config([['DISCHARGE SUMMARY']], { end_alias: [] }) } },
        'docgroupConfig_id.Discharge Summary.end_alias: Ending Alias is required',
      ],
      [
        'a top threshold of 0',
        { docgroupConfig_id: { 'Discharge Summary': config([['DISCHARGE SUMMARY']], { top_threshold: 0 }) } },
        'docgroupConfig_id.Discharge Summary.top_threshold: Top threshold must be a number above 0',
      ],
      [
        'a top threshold as text',
        { docgroupConfig_id: { 'Discharge Summary': { ...config([['DISCHARGE SUMMARY']]), top_threshold: '0.3' } } },
        /^docgroupConfig_id\.Discharge Summary\.top_threshold: /,
      ],
    ] as const)('%s answers 400 with a clear detail, on create and on edit', async (_, change, detail) => {
      const group = await createBillGroup();
      const body = { ...valid(), ...(typeof change === 'function' ? change() : change) };
      const before = await stored();
      for (const [method, url] of [
        ['POST', '/docgroups'],
        ['PUT', `/docgroups/${group.id}`],
      ] as const) {
        const response = await call(method, url, 'vitraya.admin', body);
        expect(response.statusCode).toBe(400);
        if (typeof detail === 'string') expect(response.json()).toEqual({ detail });
        else expect(response.json().detail).toMatch(detail);
      }
      expect(await stored()).toEqual(before);
      expect((await call('GET', `/docgroups/${group.id}`)).json()).toEqual(group);
    });

    test('a hospital gets one configuration per document type: a second one answers 400 and is not stored', async () => {
      const first = await call('POST', '/docgroups', 'vitraya.admin', valid());
      expect(first.statusCode).toBe(201);
      const firstId = first.json<Docgroup>().id;
      const other = await createBillGroup();
      const before = await stored();

      const duplicate = await call('POST', '/docgroups', 'vitraya.admin', { ...valid(), hospital_id: [hospitalB, hospitalA] });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({
        detail: `hospital_id: Hospital HOSP-A already has a configuration for Discharge Summary in document segregation ${firstId}`,
      });
      const widened = await call('PUT', `/docgroups/${other.id}`, 'vitraya.admin', {
        hospital_id: [hospitalA, hospitalB],
        docgroup_id: [bill, discharge],
        docgroupConfig_id: { 'Final Bill': config([['FINAL BILL']]), 'Discharge Summary': config([['DISCHARGE CARD']]) },
      });
      expect(widened.statusCode).toBe(400);
      expect(await stored()).toEqual(before);

      // The group's own configuration is no conflict with itself.
      const resaved = await call('PUT', `/docgroups/${firstId}`, 'vitraya.admin', valid());
      expect(resaved.statusCode).toBe(200);
    });
  });

  test("the adjudicator's next reading of a hospital's documents uses the edited configuration", async () => {
    const { db } = testDb.database;
    const claimPages = [
      docFromText('claim.pdf', ['CITY CARE\nPATIENT DISCHARGE RECORD\nCourse uneventful', 'DISCHARGE SUMMARY\nReview after a week']),
    ];
    const pageTypes = async () => {
      const masters = await loadMasterData(db, 'HOSP-A');
      const text = buildClaimText(claimPages);
      return segregate(text, new PhraseIndex(text), masters.documents, masters.docgroups).pages.map((p) => p.type);
    };
    // Without a configuration the document's own name types the page that carries it.
    expect(await pageTypes()).toEqual([null, 'Discharge Summary']);

    const created = await call('POST', '/docgroups', 'vitraya.admin', {
      hospital_id: [hospitalA],
      docgroup_id: [discharge],
      docgroupConfig_id: { 'Discharge Summary': config([['DISCHARGE RECORD']]) },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Docgroup>().id;
    // A configured type is recognised only through its configuration: the first page now, and the second continues it.
    expect(await pageTypes()).toEqual(['Discharge Summary', 'Discharge Summary']);

    const edited = await call('PUT', `/docgroups/${id}`, 'vitraya.admin', {
      hospital_id: [hospitalA],
      docgroup_id: [discharge],
      docgroupConfig_id: { 'Discharge Summary': config([['DISCHARGE SUMMARY']], { end_alias: [['Review after a week']] }) },
    });
    expect(edited.statusCode).toBe(200);
    expect(await pageTypes()).toEqual([null, 'Discharge Summary']);

    expect((await call('DELETE', `/docgroups/${id}`)).statusCode).toBe(200);
    expect((await loadMasterData(db, 'HOSP-A')).docgroups).toEqual({});
  });
});
