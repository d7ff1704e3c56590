/**
 * Procedure protocol questions (spec 2 §2.11, §5, §6, §7), on PGlite and PostgreSQL: answering a claim's questions
 * needs the right of a re-run (it queues one); every /ppq call with the spec's payloads, persisted; the named
 * question editors of the configuration and the 403 for anyone else; bad input answered 400 naming the field with
 * nothing stored; and the answers a claim's questions page collects used by the adjudicator as facts of the
 * question's entity type.
 */
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Claim, ProcedureQuestion, QuestionSaveBody } from '@claims/shared-kernel/contract';
import { jobs, keywordMasters, procedureQuestions, procedures, rules } from '../../src/db/schema';
import { startVerificationWorker } from '../../src/jobs';
import { answerFacts } from '../../src/questions/facts';
import { DATABASES } from '../../testing/databases';
import { BASE, NOT_AUTHORIZED, quiet, schemaDrifts, testApp, textPdf } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const NOT_AN_EDITOR = `${NOT_AUTHORIZED}: questions are created, edited and deleted by the named question editors only`;

describe.each(DATABASES)('procedure questions on %s', (_name, open) => {
  const { app, testDb, db, as, errorLog, fixture } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer'],
  });
  /** The fixture's procedures by code. */
  const procedureId: Record<string, number> = {};

  beforeAll(async () => {
    for (const p of await db().select().from(procedures)) procedureId[p.procedureCode] = p.id;
  });

  describe('security edges', () => {
    test('answering questions re-queues verification, so it needs the same right as a re-run', async () => {
      const url = `${BASE}/claims/${fixture['SH-ADJ-1']}/questions`;
      const refused = await app.inject({ method: 'POST', url, headers: as('starhealth.reviewer'), payload: { answers: {} } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toMatch(/not authorized/);
      const rerun = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${fixture['SH-ADJ-1']}`,
        headers: { ...as('starhealth.reviewer'), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'status=OCRED',
      });
      expect(rerun.statusCode).toBe(403);
      const queued = await testDb.database.db.select().from(jobs).where(eq(jobs.claimId, fixture['SH-ADJ-1']));
      expect(queued).toHaveLength(0);
      const allowed = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/${fixture['VT-ACC-1']}/questions`,
        headers: as('vitraya.reviewer'),
        payload: { answers: {} },
      });
      expect(allowed.statusCode).toBe(200);
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  const call = (user: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({ method, url: `${BASE}${url}`, headers: as(user), ...(payload === undefined ? {} : { payload: payload as object }) });
  const question = (fields: Partial<QuestionSaveBody> = {}): QuestionSaveBody => ({
    fk_procedure: [procedureId.P1],
    question: 'Which eye was operated?',
    questionType: 'single',
    answer: ['Left', 'Right'],
    entityType: 'other',
    ...fields,
  });
  const create = async (body: QuestionSaveBody | QuestionSaveBody[], org = 'vitraya', user = 'vitraya.admin') => {
    const response = await call(user, 'POST', `/ppq?org=${org}`, body);
    expect(response.statusCode).toBe(201);
    return response.json<ProcedureQuestion[]>();
  };
  const stored = () => db().select().from(procedureQuestions);

  describe('the named question editors', () => {
    test('GET /ppq/editors/me says whether the caller is one', async () => {
      expect((await call('vitraya.admin', 'GET', '/ppq/editors/me')).json()).toEqual({ canEdit: true });
      expect((await call('vitraya.reviewer', 'GET', '/ppq/editors/me')).json()).toEqual({ canEdit: false });
      expect((await call('starhealth.admin', 'GET', '/ppq/editors/me')).json()).toEqual({ canEdit: false });
    });

    test('anyone else is refused create, edit and delete with 403 and nothing changes', async () => {
      const [mine] = await create(question({ question: 'Refusal target?' }));
      const before = await stored();
      for (const [method, url, payload] of [
        ['POST', '/ppq?org=vitraya', question()],
        ['POST', '/ppq?org=vitraya', [question()]],
        ['PUT', `/ppq/${mine.id}?org=vitraya`, question({ question: 'Changed?' })],
        ['DELETE', `/ppq/${mine.id}?org=vitraya`, undefined],
      ] as const) {
        for (const user of ['vitraya.reviewer', 'starhealth.admin']) {
          const response = await call(user, method, url, payload);
          expect({ user, method, status: response.statusCode, body: response.json() }).toEqual({
            user,
            method,
            status: 403,
            body: { detail: NOT_AN_EDITOR },
          });
        }
      }
      // Refused before the body is read: bad input from a non-editor is still 403.
      expect((await call('vitraya.reviewer', 'POST', '/ppq?org=vitraya', { question: '' })).statusCode).toBe(403);
      expect(await stored()).toEqual(before);
      // Reading stays open to everyone of the organisation.
      expect((await call('vitraya.reviewer', 'GET', `/ppq/${procedureId.P1}?org=vitraya`)).statusCode).toBe(200);
    });

    test('the list is configuration (QUESTION_EDITORS): another list lets others write and refuses the default', async () => {
      const configured = await testApp(testDb.database, {}, { questionEditors: ['starhealth.admin'] });
      try {
        const inject = (user: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
          configured.inject({
            method,
            url: `${BASE}${url}`,
            headers: as(user),
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
        expect((await inject('starhealth.admin', 'GET', '/ppq/editors/me')).json()).toEqual({ canEdit: true });
        const made = await inject('starhealth.admin', 'POST', '/ppq?org=starhealth', question({ question: 'Configured editor?' }));
        expect(made.statusCode).toBe(201);
        expect(made.json<ProcedureQuestion[]>().map((q) => q.question)).toEqual(['Configured editor?']);
        const [row] = await db().select().from(procedureQuestions).where(eq(procedureQuestions.question, 'Configured editor?'));
        expect(row.org).toBe('starhealth');
        expect((await inject('vitraya.admin', 'POST', '/ppq?org=vitraya', question())).statusCode).toBe(403);

        // An insurer's editor naming another organisation is refused (as rules are), not quietly given its own.
        const before = await stored();
        const elsewhere = `${NOT_AUTHORIZED}: starhealth may change only its own questions, not those of`;
        for (const [method, url, payload, org] of [
          ['POST', '/ppq?org=vitraya', question({ question: 'Somewhere else?' }), 'vitraya'],
          ['POST', '/ppq?org=maxbupa', [question({ question: 'Somewhere else?' })], 'maxbupa'],
          ['PUT', `/ppq/${row.id}?org=vitraya`, question({ question: 'Moved?' }), 'vitraya'],
          ['DELETE', `/ppq/${row.id}?org=bajaj`, undefined, 'bajaj'],
        ] as const) {
          const refused = await inject('starhealth.admin', method, url, payload);
          expect({ method, url, status: refused.statusCode, body: refused.json() }).toEqual({
            method,
            url,
            status: 403,
            body: { detail: `${elsewhere} ${org}` },
          });
        }
        expect(await stored()).toEqual(before);
        // Without ?org= (or naming its own) the write is its organisation's.
        const own = await inject('starhealth.admin', 'PUT', `/ppq/${row.id}`, question({ question: 'Configured editor, edited?' }));
        expect(own.json<ProcedureQuestion[]>().map((q) => q.question)).toEqual(['Configured editor, edited?']);
      } finally {
        await configured.close();
      }
    });
  });

  describe('create, read, update and delete', () => {
    test("POST /ppq with the spec's payload makes one question per procedure, kept with who and when", async () => {
      const made = await create(
        question({
          fk_procedure: [procedureId.P1, procedureId.P2],
          question: 'Was the lens implanted?',
          questionType: 'radio',
          answer: [],
        }),
        'starhealth',
      );
      expect(made).toEqual([
        expect.objectContaining({
          fk_procedure: procedureId.P1,
          procedure: { id: procedureId.P1, procedure_name: 'Cataract Surgery', procedure_code: 'P1' },
          question: 'Was the lens implanted?',
          questionType: 'radio',
          answer: [],
          entityType: 'other',
          created_by: 'vitraya.admin',
          last_modified_by: 'vitraya.admin',
        }),
        expect.objectContaining({ fk_procedure: procedureId.P2, procedure: expect.objectContaining({ procedure_code: 'P2' }) }),
      ]);
      expect(Date.parse(made[0].created_on!)).not.toBeNaN();
      const read = await call('starhealth.reviewer', 'GET', `/ppq/${procedureId.P2}?org=starhealth`);
      expect(read.json<ProcedureQuestion[]>().map((q) => q.question)).toEqual(['Was an ultrasound done?', 'Was the lens implanted?']);
      // Another organisation does not see them.
      const vitraya = await call('vitraya.admin', 'GET', `/ppq/${procedureId.P2}?org=vitraya`);
      expect(vitraya.json<ProcedureQuestion[]>().map((q) => q.question)).not.toContain('Was the lens implanted?');
    });

    test('POST /ppq with a list saves the queued questions together; one bad question saves none', async () => {
      const made = await create([
        question({ question: 'Queued one?' }),
        question({ question: 'Queued two?', questionType: 'numerics', answer: [], entityType: 'Clinical Attribute' }),
      ]);
      expect(made.map((q) => [q.question, q.questionType])).toEqual([
        ['Queued one?', 'single'],
        ['Queued two?', 'numerics'],
      ]);
      const before = await stored();
      const unknown = await call('vitraya.admin', 'POST', '/ppq?org=vitraya', [
        question({ question: 'Fine?' }),
        question({ fk_procedure: [999999] }),
      ]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ detail: 'fk_procedure: unknown procedure 999999' });
      const invalid = await call('vitraya.admin', 'POST', '/ppq?org=vitraya', [
        question({ question: 'Fine?' }),
        question({ question: ' ' }),
      ]);
      expect(invalid.json()).toEqual({ detail: '1.question: Enter the question' });
      expect(await stored()).toEqual(before);
    });

    test('GET /ppq pages with the total on the first row, and getall gives the whole list', async () => {
      await create(
        [1, 2, 3].map((n) => question({ question: `Paged ${n}?`, fk_procedure: [procedureId.P2] })),
        'bajaj',
      );
      const first = await call('vitraya.admin', 'GET', '/ppq?org=bajaj&limit=2&page_number=1');
      expect(first.json<ProcedureQuestion[]>().map((q) => [q.question, q.total_count, q.page_number])).toEqual([
        ['Paged 1?', 3, 1],
        ['Paged 2?', undefined, undefined],
      ]);
      const second = await call('vitraya.admin', 'GET', '/ppq?org=bajaj&limit=2&page_number=2');
      expect(second.json<ProcedureQuestion[]>().map((q) => [q.question, q.total_count, q.page_number])).toEqual([['Paged 3?', 3, 2]]);
      const all = await call('vitraya.admin', 'GET', '/ppq?getall&org=bajaj');
      expect(all.json<ProcedureQuestion[]>().map((q) => q.question)).toEqual(['Paged 1?', 'Paged 2?', 'Paged 3?']);
      // An insurer's user reads its own organisation's, whatever it asks for.
      const own = await call('starhealth.reviewer', 'GET', '/ppq?org=bajaj&limit=25&page_number=1');
      expect(own.json<ProcedureQuestion[]>().every((q) => !q.question.startsWith('Paged'))).toBe(true);
    });

    test('POST /ppq/search filters by procedure code and name, question, question type and diagnosis', async () => {
      await create(
        [
          question({
            question: 'Search one?',
            fk_procedure: [procedureId.P1],
            questionType: 'multi',
            answer: ['Cataract', 'Glaucoma'],
            entityType: 'diagnosis',
          }),
          question({ question: 'Search two?', fk_procedure: [procedureId.P2], questionType: 'radio', answer: [] }),
          question({ question: 'Search three?', fk_procedure: [procedureId.P2], questionType: 'single', answer: ['Cataract'] }),
        ],
        'ML',
      );
      await db()
        .insert(rules)
        .values({
          org: 'ML',
          procedureId: procedureId.P2,
          caseType: 'SETTLEMENT',
          selections: {
            fk_diagnosis: (await db().select().from(keywordMasters).where(eq(keywordMasters.name, 'Cataract'))).map((d) => d.id),
            fk_document: [],
            fk_tissue: [],
            fk_drug: [],
            fk_evidence: [],
            fk_clinical_attribute: [],
            fk_clinical_inc_document: [],
            fk_clinical_exc_document: [],
            fk_exc_document: [],
          },
        });
      const search = async (body: object) => {
        const response = await call('vitraya.admin', 'POST', '/ppq/search?org=ML&limit=25&page_number=1', body);
        expect(response.statusCode).toBe(200);
        return response.json<ProcedureQuestion[]>().map((q) => q.question);
      };
      expect(await search({ procedureCode: ['P1'] })).toEqual(['Search one?']);
      expect(await search({ procedureName: ['Appendectomy'] })).toEqual(['Search two?', 'Search three?']);
      expect(await search({ question: ['Search three?'] })).toEqual(['Search three?']);
      expect(await search({ questionType: ['radio', 'multi'] })).toEqual(['Search one?', 'Search two?']);
      // Glaucoma: named by an answer only; Cataract: by answers and by P2's rule (which selects it) too.
      expect(await search({ diagnosis: ['Glaucoma'] })).toEqual(['Search one?']);
      expect(await search({ diagnosis: ['Cataract'] })).toEqual(['Search one?', 'Search two?', 'Search three?']);
      expect(await search({ diagnosis: ['Cataract'], questionType: ['radio'] })).toEqual(['Search two?']);
      const first = await call('vitraya.admin', 'POST', '/ppq/search?org=ML&limit=1&page_number=1', { procedureCode: ['P2'] });
      expect(first.json<ProcedureQuestion[]>().map((q) => [q.question, q.total_count])).toEqual([['Search two?', 2]]);
      const bad = await call('vitraya.admin', 'POST', '/ppq/search?org=ML', { questionType: ['essay'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ detail: string }>().detail).toMatch(/^questionType\.0: /);
    });

    test('PUT /ppq/{id} changes the question; further procedures get a copy each', async () => {
      const [original] = await create(question({ question: 'Before edit?' }), 'maxbupa');
      const response = await call(
        'vitraya.admin',
        'PUT',
        `/ppq/${original.id}?org=maxbupa`,
        question({
          fk_procedure: [procedureId.P2, procedureId.P1],
          question: 'After edit?',
          questionType: 'multi',
          answer: ['A', 'B', 'C'],
          entityType: 'evidence',
        }),
      );
      expect(response.statusCode).toBe(200);
      const answered = response.json<ProcedureQuestion[]>();
      expect(answered).toHaveLength(2);
      const moved = answered.find((q) => q.id === original.id);
      const copy = answered.find((q) => q.id !== original.id);
      expect(moved).toMatchObject({
        id: original.id,
        fk_procedure: procedureId.P2,
        question: 'After edit?',
        questionType: 'multi',
        answer: ['A', 'B', 'C'],
        entityType: 'evidence',
        last_modified_by: 'vitraya.admin',
      });
      expect(copy).toMatchObject({ fk_procedure: procedureId.P1, question: 'After edit?', created_by: 'vitraya.admin' });
      const [row] = await db().select().from(procedureQuestions).where(eq(procedureQuestions.id, original.id));
      expect(row).toMatchObject({ procedureId: procedureId.P2, question: 'After edit?', answer: ['A', 'B', 'C'] });

      // Another organisation's question is not found; nothing changes on bad input.
      expect((await call('vitraya.admin', 'PUT', `/ppq/${original.id}?org=vitraya`, question())).json()).toEqual({
        detail: `Question ${original.id} not found in vitraya`,
      });
      const bad = await call('vitraya.admin', 'PUT', `/ppq/${original.id}?org=maxbupa`, question({ questionType: 'single', answer: [] }));
      expect(bad.json()).toEqual({ detail: 'answer: Single Select and Multiple Select questions need at least one possible answer' });
      const [unchanged] = await db().select().from(procedureQuestions).where(eq(procedureQuestions.id, original.id));
      expect(unchanged.question).toBe('After edit?');
    });

    test('DELETE /ppq/{id} deletes once, then answers 404', async () => {
      const [doomed] = await create(question({ question: 'To delete?' }));
      const deleted = await call('vitraya.admin', 'DELETE', `/ppq/${doomed.id}?org=vitraya`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ detail: 'Deleted Successfully' });
      expect(await db().select().from(procedureQuestions).where(eq(procedureQuestions.id, doomed.id))).toEqual([]);
      const again = await call('vitraya.admin', 'DELETE', `/ppq/${doomed.id}?org=vitraya`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: `Question ${doomed.id} not found in vitraya` });
    });
  });

  describe('bad input', () => {
    test.each([
      ['no procedure', { fk_procedure: [] }, 'fk_procedure: Choose at least one procedure'],
      ['eleven procedures', { fk_procedure: Array.from({ length: 11 }, (_, i) => i + 1) }, 'fk_procedure: Choose at most 10 procedures'],
      ['an empty question', { question: '   ' }, 'question: Enter the question'],
      ['a question too long', { question: 'x'.repeat(501) }, 'question: at most 500 characters'],
      ['an unknown question type', { questionType: 'essay' }, 'questionType: must be one of single, multi, radio, numerics'],
      [
        'an unknown entity type',
        { entityType: 'hospital' },
        'entityType: must be one of procedures, diagnosis, document, evidence, Clinical Attribute, drug, tissue, other',
      ],
      [
        'a choice without answers',
        { questionType: 'multi', answer: [] },
        'answer: Single Select and Multiple Select questions need at least one possible answer',
      ],
      [
        'a number with answers',
        { questionType: 'numerics', answer: ['1'] },
        'answer: a Numerical Value question takes no possible answers',
      ],
      ['an answer given twice', { answer: ['Left', 'left'] }, "answer: 'left' is given twice"],
      ['an empty answer', { answer: ['Left', ' '] }, 'answer.1: a possible answer cannot be empty'],
      ['eleven answers', { answer: Array.from({ length: 11 }, (_, i) => `A${i}`) }, 'answer: at most 10 possible answers'],
      ['an unknown procedure', { fk_procedure: [999999] }, 'fk_procedure: unknown procedure 999999'],
    ])('%s is refused with 400 naming the field, and nothing is stored', async (_, fields, detail) => {
      const before = await stored();
      for (const [method, url] of [
        ['POST', '/ppq?org=vitraya'],
        ['PUT', `/ppq/${before[0].id}?org=${before[0].org}`],
      ] as const) {
        const response = await call('vitraya.admin', method, url, { ...question(), ...fields });
        expect({ method, status: response.statusCode, body: response.json() }).toEqual({
          method,
          status: 400,
          body: { detail: method === 'POST' && !detail.startsWith('fk_procedure: unknown') ? `0.${detail}` : detail },
        });
      }
      expect(await stored()).toEqual(before);
    });

    test('malformed ids, organisations and bodies', async () => {
      expect((await call('vitraya.admin', 'GET', '/ppq/abc?org=vitraya')).json<{ detail: string }>().detail).toMatch(/^params id: /);
      expect((await call('vitraya.admin', 'POST', '/ppq?org=nowhere', question())).json()).toEqual({
        detail: "org: unknown organisation 'nowhere'",
      });
      expect((await call('vitraya.admin', 'POST', '/ppq?org=vitraya', [])).json()).toEqual({ detail: 'Give at least one question' });
    });
  });

  describe('answers are facts for the adjudicator', () => {
    test("each answer counts under its question's entity type for its question's procedure; a number of a Clinical Attribute question is that attribute's value", async () => {
      const [choice, other, platelets, grafts] = await create([
        question({ question: 'Drug given?', answer: ['Timolol', 'Latanoprost'], entityType: 'drug' }),
        question({ question: 'Anything else?', questionType: 'multi', answer: ['Diabetic'], entityType: 'other' }),
        question({ question: 'Platelet count', questionType: 'numerics', answer: [], entityType: 'Clinical Attribute' }),
        question({ question: 'Number of grafts', questionType: 'numerics', answer: [], entityType: 'other' }),
      ]);
      expect(
        await answerFacts(db(), {
          [choice.id]: ['Timolol'],
          [other.id]: ['Diabetic'],
          [platelets.id]: ['150000'],
          [grafts.id]: ['3'],
          // A deleted question's answer, and an older record kept by entity type.
          999999: ['Ignored'],
          diagnosis: ['Cataract'],
        }),
      ).toEqual({
        answers: { diagnosis: ['Cataract'] },
        byProcedure: {
          P1: {
            answers: { drug: ['Timolol'], other: ['Diabetic'] },
            measurements: { 'Platelet count': { value: 150000, unit: null } },
          },
        },
      });
      expect(await answerFacts(db(), {})).toEqual({});
    });

    const drain = async () => {
      const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
      await worker.drain();
      await worker.stop();
    };
    const claim = async (id: number) => (await call('vitraya.admin', 'GET', `/claims/${id}`)).json<Claim>();
    const answer = async (id: number, answers: Record<string, string[]>) => {
      const response = await call('vitraya.admin', 'POST', `/claims/${id}/questions`, { answers });
      expect(response.statusCode).toBe(200);
      await drain();
      return claim(id);
    };

    test("an answer of the question's entity type makes the value present for the rule; another entity type's does not", async () => {
      await db()
        .insert(keywordMasters)
        .values({ kind: 'diagnoses', name: 'Glaucoma', alias: ['raised eye pressure'] });
      const [settlement] = await db()
        .select()
        .from(rules)
        .where(and(eq(rules.org, 'vitraya'), eq(rules.procedureId, procedureId.P1), eq(rules.caseType, 'SETTLEMENT')));
      await db()
        .update(rules)
        .set({
          diagnosisRule: {
            booleanOperator: 'AND',
            statements: [
              { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'diagnoses', numberOfValues: 1, valuesToFind: ['Glaucoma'] },
            ],
          },
        })
        .where(eq(rules.id, settlement.id));
      const [asDrug, asDiagnosis] = await create([
        question({ question: 'Eye drops prescribed?', answer: ['Glaucoma', 'Timolol'], entityType: 'drug' }),
        question({ question: 'Condition of the other eye?', answer: ['Glaucoma', 'Healthy'], entityType: 'diagnosis' }),
      ]);

      const form = new FormData();
      for (const [key, value] of Object.entries({
        patientName: 'Asha',
        referenceClaimId: 'FACTS-1',
        caseType: 'SETTLEMENT',
        procedureName: 'P1',
      }))
        form.append(key, value);
      const pdf = await textPdf(['DISCHARGE SUMMARY', 'Procedure done: Cataract Surgery']);
      form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'discharge.pdf');
      const created = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('vitraya.admin'), payload: form });
      expect(created.json()).toEqual({ id: expect.any(Number), requestAdditoinalInput: true });
      const { id } = created.json<{ id: number }>();
      await drain();
      const leaf = (c: Claim) => c.adjudicationDetails?.P1?.diagnosisRule?.statements?.[0];
      // Verified from its documents at once (questions never block a claim), its answers requested.
      const unanswered = await claim(id);
      expect(unanswered).toMatchObject({ adjudicationResult: 'REJECTED', answersRequested: true, status: 'ADJUDICATED' });
      expect(leaf(unanswered)?.conditionResult).toBe(false);
      expect(unanswered.documents[0].pages).toBe(1);

      // Glaucoma as a drug is not the diagnosis.
      const drugOnly = await answer(id, { [asDrug.id]: ['Glaucoma'] });
      expect(drugOnly.adjudicationResult).toBe('REJECTED');
      expect(leaf(drugOnly)?.conditionResult).toBe(false);

      const answered = await answer(id, { [asDrug.id]: ['Glaucoma'], [asDiagnosis.id]: ['Glaucoma'] });
      expect(answered.adjudicationResult).toBe('ACCEPTED');
      expect(leaf(answered)?.conditionResult).toBe(true);
      expect(answered.adjudicationDetails?.P1?.diagnoses).toContainEqual(expect.objectContaining({ name: 'Glaucoma', found: true }));

      // A deleted question's answers no longer count.
      expect((await call('vitraya.admin', 'DELETE', `/ppq/${asDiagnosis.id}?org=vitraya`)).statusCode).toBe(200);
      const rerun = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${id}`,
        headers: { ...as('vitraya.admin'), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'status=OCRED&rerunFlag=true&adjudicate=true',
      });
      expect(rerun.statusCode).toBe(200);
      await drain();
      expect((await claim(id)).adjudicationResult).toBe('REJECTED');
    });
  });
});
