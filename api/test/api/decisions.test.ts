/**
 * A person's decisions per procedure (issue 23 §4) through HTTP: the Decision Reasons master, recording decisions
 * with reasons and their history, what is refused, who may decide, the list's Decision and its 'differs' filter,
 * the review closed by the last decision, and the quality report's figure.
 */
import { eq } from 'drizzle-orm';
import type { AuditHistoryPage, ClaimDecisions, ClaimListRow, DecisionReason, QualityReport } from '@claims/shared-kernel/contract';
import { claims } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('decisions on %s', (_name, open) => {
  const { app, as, testDb, errorLog, fixture } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.reviewer', 'maxbupa.reviewer'],
  });

  const decide = (user: string, claimId: number, decisions: object[]) =>
    app.inject({ method: 'POST', url: `${BASE}/claims/${claimId}/decisions`, headers: as(user), payload: { decisions } });
  const decisionsOf = async (user: string, claimId: number) =>
    (await app.inject({ method: 'GET', url: `${BASE}/claims/${claimId}/decisions`, headers: as(user) })).json<ClaimDecisions>();

  afterEach(() => expect(schemaDrifts(errorLog)).toEqual([]));

  describe('the Decision Reasons master', () => {
    test('the seed gives reasons for each decision, listed in code order', async () => {
      const all = (await app.inject({ method: 'GET', url: `${BASE}/decisionReasons?getall=true`, headers: as('vitraya.reviewer') })).json<{
        results: DecisionReason[];
      }>().results;
      const codes = all.map((reason) => reason.code);
      expect(codes).toEqual([...codes].sort());
      expect(all.find((reason) => reason.code === 'NOT-NECESSARY')).toMatchObject({
        description: 'Not medically necessary per protocol',
        decisions: ['DENY'],
        active: true,
      });
      for (const decision of ['APPROVE', 'DENY', 'QUERY'])
        expect(all.some((reason) => reason.decisions.includes(decision as never))).toBe(true);
    });

    test('create, refuse a duplicate, edit, read, search and show the history', async () => {
      const headers = as('vitraya.admin');
      const created = await app.inject({
        method: 'POST',
        url: `${BASE}/decisionReasons`,
        headers,
        payload: { code: 'PARTIAL', description: ' Partly documented ', decisions: ['QUERY', 'APPROVE'] },
      });
      expect(created.statusCode).toBe(201);
      const reason = created.json<{ result: DecisionReason }>().result;
      // The decisions in their fixed order, the text trimmed, active by default.
      expect(reason).toMatchObject({ code: 'PARTIAL', description: 'Partly documented', decisions: ['APPROVE', 'QUERY'], active: true });

      const duplicate = await app.inject({
        method: 'POST',
        url: `${BASE}/decisionReasons`,
        headers,
        payload: { code: 'PARTIAL', description: 'Again', decisions: ['DENY'] },
      });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({ detail: 'code: Decision reason PARTIAL already exists' });

      const noDecision = await app.inject({
        method: 'POST',
        url: `${BASE}/decisionReasons`,
        headers,
        payload: { code: 'EMPTY', description: 'Applies to nothing', decisions: [] },
      });
      expect(noDecision.statusCode).toBe(400);
      expect(noDecision.json().detail).toContain('Applies to needs at least one decision');

      const edited = await app.inject({
        method: 'PUT',
        url: `${BASE}/decisionReasons/PARTIAL`,
        headers,
        payload: { code: 'PARTIAL-DOCS', description: 'Partly documented', decisions: ['QUERY'], active: false },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().result).toMatchObject({
        code: 'PARTIAL-DOCS',
        decisions: ['QUERY'],
        active: false,
        last_modified_by: 'vitraya.admin',
      });
      const recodedOnto = await app.inject({
        method: 'PUT',
        url: `${BASE}/decisionReasons/PARTIAL-DOCS`,
        headers,
        payload: { code: 'LAB-MISSING', description: 'Partly documented', decisions: ['QUERY'] },
      });
      expect(recodedOnto.statusCode).toBe(400);
      expect(recodedOnto.json()).toEqual({ detail: 'code: Decision reason LAB-MISSING already exists' });

      const read = await app.inject({ method: 'GET', url: `${BASE}/decisionReasons/PARTIAL-DOCS`, headers });
      expect(read.json().result).toMatchObject({ id: reason.id, active: false });
      expect((await app.inject({ method: 'GET', url: `${BASE}/decisionReasons/PARTIAL`, headers })).statusCode).toBe(404);

      const found = await app.inject({
        method: 'POST',
        url: `${BASE}/decisionReasons/search?limit=10&page_number=1`,
        headers,
        payload: { filters: { description: 'partly' } },
      });
      expect(found.json().results.map((r: DecisionReason) => r.code)).toEqual(['PARTIAL-DOCS']);

      const history = (
        await app.inject({ method: 'GET', url: `${BASE}/audit/decisionReasons/${reason.id}`, headers })
      ).json<AuditHistoryPage>();
      expect(history.results.map((entry) => entry.action)).toEqual(['update', 'create']);
      expect(history.results[0].before).toMatchObject({ code: 'PARTIAL', active: true });
      expect(history.results[0].after).toMatchObject({ code: 'PARTIAL-DOCS', active: false });
    });

    test("only the provider's super users write reasons", async () => {
      const payload = { code: 'NOPE', description: 'Not allowed', decisions: ['DENY'] };
      for (const user of ['vitraya.reviewer', 'starhealth.reviewer']) {
        const refused = await app.inject({ method: 'POST', url: `${BASE}/decisionReasons`, headers: as(user), payload });
        expect(refused.statusCode).toBe(403);
      }
    });
  });

  describe('decisions', () => {
    test('a decision with its reason, then a change: a new record, the old one kept, newest first', async () => {
      const claimId = fixture['VT-ACC-1'];
      const first = await decide('vitraya.reviewer', claimId, [
        { procedureCode: 'P1', decision: 'DENY', reasonCode: 'NOT-COVERED', note: ' Excluded ' },
      ]);
      expect(first.statusCode).toBe(201);
      const afterFirst = first.json<ClaimDecisions>();
      expect(afterFirst.procedures[0]).toMatchObject({
        procedureCode: 'P1',
        verdict: 'ACCEPTED',
        current: {
          decision: 'DENY',
          reasonCode: 'NOT-COVERED',
          reasonDescription: 'Procedure not covered',
          note: 'Excluded',
          verdict: 'ACCEPTED',
          differs: true,
          decidedBy: 'vitraya.reviewer',
        },
      });
      expect(afterFirst).toMatchObject({ decision: 'DENY', complete: true });

      const changed = await decide('vitraya.admin', claimId, [{ procedureCode: 'P1', decision: 'APPROVE', reasonCode: 'MEETS-PROTOCOL' }]);
      expect(changed.statusCode).toBe(201);
      const read = await decisionsOf('vitraya.reviewer', claimId);
      const [procedure] = read.procedures;
      expect(procedure.current).toMatchObject({ decision: 'APPROVE', differs: false, decidedBy: 'vitraya.admin', note: null });
      expect(procedure.history.map((record) => [record.decision, record.decidedBy])).toEqual([
        ['APPROVE', 'vitraya.admin'],
        ['DENY', 'vitraya.reviewer'],
      ]);
      expect(procedure.history[1].id).toBe(afterFirst.procedures[0].current?.id);
      expect(read.decision).toBe('APPROVE');
    });

    test('a denial without a reason, a reason of another decision, an inactive or unknown one: 400, nothing recorded', async () => {
      const claimId = fixture['VT-REJ-1'];
      const cases: [object, string][] = [
        [{ procedureCode: 'P1', decision: 'DENY' }, 'decisions.0.reasonCode: a denial needs a reason code'],
        [
          { procedureCode: 'P1', decision: 'DENY', reasonCode: 'LAB-MISSING' },
          'decisions.0.reasonCode: decision reason LAB-MISSING does not apply to DENY',
        ],
        [{ procedureCode: 'P1', decision: 'QUERY', reasonCode: 'NO-SUCH' }, 'decisions.0.reasonCode: no decision reason NO-SUCH'],
        [{ procedureCode: 'P9', decision: 'APPROVE' }, `decisions.0.procedureCode: P9 is not a procedure of claim ${claimId}`],
      ];
      for (const [input, detail] of cases) {
        const refused = await decide('vitraya.reviewer', claimId, [input]);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ detail });
      }
      await app.inject({
        method: 'POST',
        url: `${BASE}/decisionReasons`,
        headers: as('vitraya.admin'),
        payload: { code: 'RETIRED', description: 'No longer used', decisions: ['DENY'], active: false },
      });
      const inactive = await decide('vitraya.reviewer', claimId, [{ procedureCode: 'P1', decision: 'DENY', reasonCode: 'RETIRED' }]);
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json()).toEqual({ detail: 'decisions.0.reasonCode: decision reason RETIRED is inactive' });
      const badDecision = await decide('vitraya.reviewer', claimId, [{ procedureCode: 'P1', decision: 'MAYBE' }]);
      expect(badDecision.statusCode).toBe(400);
      expect((await decisionsOf('vitraya.reviewer', claimId)).procedures[0].history).toEqual([]);
    });

    test("an insurer's user decides their own ADJUDICATED claims only; another organisation's claim is not found", async () => {
      const own = await decide('starhealth.reviewer', fixture['SH-ADJ-2'], [
        { procedureCode: 'P1', decision: 'QUERY', reasonCode: 'LAB-MISSING' },
      ]);
      expect(own.statusCode).toBe(201);
      expect(own.json<ClaimDecisions>().procedures[0].current).toMatchObject({ verdict: 'ACCEPTED', differs: true });

      const otherInsurer = await decide('maxbupa.reviewer', fixture['SH-ADJ-2'], [{ procedureCode: 'P1', decision: 'APPROVE' }]);
      expect(otherInsurer.statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `${BASE}/claims/${fixture['SH-ADJ-2']}/decisions`, headers: as('maxbupa.reviewer') }))
          .statusCode,
      ).toBe(404);
      // Not ADJUDICATED: the insurer's user does not see it.
      const open = await decide('starhealth.reviewer', fixture['SH-OPEN-1'], [{ procedureCode: 'P1', decision: 'APPROVE' }]);
      expect(open.statusCode).toBe(404);
    });

    test('several procedures at once; the last one decided closes the review; a refusal records none of them', async () => {
      const db = testDb.database.db;
      const [source] = await db.select().from(claims).where(eq(claims.id, fixture['VT-REJ-1']));
      const [twoProcedures] = await db
        .insert(claims)
        .values({
          org: 'vitraya',
          referenceClaimId: 'VT-TWO-1',
          caseType: 'SETTLEMENT',
          procedureCodes: ['P1', 'P2'],
          procedureNames: ['Cataract Surgery', 'Appendectomy'],
          status: 'ADJUDICATED',
          adjudicationResult: 'REJECTED',
          adjudicationDetails: {
            P1: { ...source.adjudicationDetails!.P1, adjudicationResult: 'ACCEPTED' },
            P2: { ...source.adjudicationDetails!.P1, primary: false, adjudicationResult: 'REJECTED' },
          },
          arrivalDate: new Date('2025-03-10T08:00:00Z'),
          dueAt: new Date('2025-03-15T08:00:00Z'),
        })
        .returning();
      const claimId = twoProcedures.id;

      const halfRefused = await decide('vitraya.reviewer', claimId, [
        { procedureCode: 'P1', decision: 'APPROVE' },
        { procedureCode: 'P2', decision: 'DENY' },
      ]);
      expect(halfRefused.statusCode).toBe(400);
      expect(halfRefused.json()).toEqual({ detail: 'decisions.1.reasonCode: a denial needs a reason code' });
      expect((await decisionsOf('vitraya.reviewer', claimId)).procedures.map((p) => p.current)).toEqual([null, null]);
      const twice = await decide('vitraya.reviewer', claimId, [
        { procedureCode: 'P1', decision: 'APPROVE' },
        { procedureCode: 'P1', decision: 'QUERY' },
      ]);
      expect(twice.json()).toEqual({ detail: 'decisions.1.procedureCode: P1 is decided twice' });

      const one = (await decide('vitraya.reviewer', claimId, [{ procedureCode: 'P1', decision: 'APPROVE' }])).json<ClaimDecisions>();
      expect(one).toMatchObject({ decision: 'APPROVE', complete: false });
      const [open] = await db.select({ closed: claims.reviewClosedAt }).from(claims).where(eq(claims.id, claimId));
      expect(open.closed).toBeNull();

      const both = await decide('vitraya.reviewer', claimId, [
        { procedureCode: 'P1', decision: 'APPROVE', reasonCode: 'CLINICAL-REVIEW' },
        { procedureCode: 'P2', decision: 'DENY', reasonCode: 'EVIDENCE-ABSENT' },
      ]);
      expect(both.statusCode).toBe(201);
      const decided = both.json<ClaimDecisions>();
      expect(decided).toMatchObject({ decision: 'MIXED', complete: true });
      expect(decided.procedures.map((p) => [p.procedureCode, p.verdict, p.current?.differs, p.history.length])).toEqual([
        ['P1', 'ACCEPTED', false, 2],
        ['P2', 'REJECTED', false, 1],
      ]);
      const [closed] = await db
        .select({ at: claims.reviewClosedAt, turnaround: claims.turnaroundSeconds })
        .from(claims)
        .where(eq(claims.id, claimId));
      expect(closed.at).not.toBeNull();
      expect(closed.turnaround).toBeGreaterThan(0);
    });
  });

  describe('the claims list and the quality report', () => {
    test("the list shows each claim's decision and filters those that differ from the verdict", async () => {
      const claimId = fixture['SH-ADJ-4'];
      await decide('vitraya.reviewer', claimId, [{ procedureCode: 'P1', decision: 'DENY', reasonCode: 'NOT-NECESSARY' }]);
      await decide('vitraya.reviewer', fixture['SH-ADJ-1'], [{ procedureCode: 'P1', decision: 'APPROVE' }]);

      const rows = (
        await app.inject({
          method: 'POST',
          url: `${BASE}/claims/search?limit=50&page_number=1&org=starhealth`,
          headers: as('vitraya.reviewer'),
          payload: {},
        })
      ).json<ClaimListRow[]>();
      const byRef = Object.fromEntries(rows.map((row) => [row.referenceClaimId, row.decision]));
      expect(byRef['SH-ADJ-4']).toBe('DENY');
      expect(byRef['SH-ADJ-1']).toBe('APPROVE');
      expect(byRef['SH-ADJ-3']).toBeNull();

      const differing = (
        await app.inject({
          method: 'POST',
          url: `${BASE}/claims/search?limit=50&page_number=1&org=starhealth`,
          headers: as('vitraya.reviewer'),
          payload: { decisionDiffers: true },
        })
      ).json<ClaimListRow[]>();
      // SH-ADJ-4 denied against ACCEPTED, SH-ADJ-2 queried against ACCEPTED; SH-ADJ-1 approved as accepted.
      expect(differing.map((row) => row.referenceClaimId).sort()).toEqual(['SH-ADJ-2', 'SH-ADJ-4']);

      // The list's CSV carries the decision beside the verification result.
      const csv = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/search?org=starhealth&download=True`,
        headers: as('vitraya.reviewer'),
        payload: { decisionDiffers: true },
      });
      const [header, ...lines] = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header).toMatch(/,Verification Result,Decision,Date$/);
      const decisionCells = lines.map((line) => [line.split(',')[0], line.split(',').at(-2)]);
      expect(decisionCells.sort()).toEqual([
        ['SH-ADJ-2', 'Query'],
        ['SH-ADJ-4', 'Denied'],
      ]);

      // A change back to the verdict's decision takes the claim out of the filter: only the current decision counts.
      await decide('vitraya.reviewer', claimId, [{ procedureCode: 'P1', decision: 'APPROVE' }]);
      const insurerView = (
        await app.inject({
          method: 'POST',
          url: `${BASE}/claims/search?limit=50&page_number=1`,
          headers: as('starhealth.reviewer'),
          payload: { decisionDiffers: true },
        })
      ).json<ClaimListRow[]>();
      expect(insurerView.map((row) => row.referenceClaimId)).toEqual(['SH-ADJ-2']);
    });

    test('the quality report counts the claims whose decisions differ from the verdict in the period', async () => {
      // The default period (the last 90 days, today included) holds the decisions just made.
      const report = (
        await app.inject({ method: 'GET', url: `${BASE}/claims/dashboard/quality?org=starhealth`, headers: as('vitraya.admin') })
      ).json<QualityReport>();
      // SH-ADJ-1 (approved), SH-ADJ-2 (queried, differs), SH-ADJ-4 (approved after a denial).
      expect(report.decisions).toEqual({ claims: 3, differing: 1, share: 1 / 3 });
    });
  });
});
