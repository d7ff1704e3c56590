import { claimRow } from '../../testing/fixtures';
import { planBatch } from './createBatch';

const named = (id: number, overrides: Parameters<typeof claimRow>[0] = {}) =>
  claimRow({ id, intimation_number: `INT-${id}`, vitraya_procedure_code: ['OPH001'], ...overrides });

describe('planBatch (the Create Batch alerts of spec 3 §5)', () => {
  it('takes every selected claim when nothing stands in the way', () => {
    const rows = [named(1), named(2)];
    expect(planBatch(rows, 'verify', 'PRE_AUTH')).toEqual({ claims: rows, notices: [], blocker: null });
  });

  it('removes claims already in another batch, and stops when none is left', () => {
    const plan = planBatch([named(1), named(2, { fk_batch_id: 7 })], 'archive', undefined);
    expect(plan.claims.map((c) => c.id)).toEqual([1]);
    expect(plan.notices).toEqual(['1 of the selected claims is already in another batch and was removed from the selection: INT-2.']);
    expect(plan.blocker).toBeNull();

    expect(planBatch([named(2, { fk_batch_id: 7 })], 'archive', undefined)).toEqual({
      claims: [],
      notices: [],
      blocker: 'The selected claims are already in another batch.',
    });
  });

  it('keeps only the chosen case type to verify, saying so when both are selected', () => {
    const rows = [named(1), named(2, { caseType: 'SETTLEMENT' })];
    const plan = planBatch(rows, 'verify', 'SETTLEMENT');
    expect(plan.claims.map((c) => c.id)).toEqual([2]);
    expect(plan.notices).toEqual(['Both case types are selected: only the Settlement claims go into the batch.']);
    // Another action keeps both.
    expect(planBatch(rows, 'suspend', 'SETTLEMENT').claims).toHaveLength(2);
  });

  it('stops when the chosen case type is absent', () => {
    expect(planBatch([named(1)], 'verify', 'SETTLEMENT').blocker).toBe('None of the selected claims is of case type Settlement.');
  });

  it('asks for procedure names before verifying, not before archiving', () => {
    const rows = [named(1), named(2, { vitraya_procedure_code: [] }), named(3, { vitraya_procedure_code: [] })];
    expect(planBatch(rows, 'verify', 'PRE_AUTH').blocker).toBe(
      'Some of the selected claims have no procedure name (INT-2, INT-3): add procedure names first.',
    );
    expect(planBatch(rows, 'uploadAndVerify', undefined).blocker).toMatch(/^Some of the selected claims have no procedure name/);
    expect(planBatch(rows, 'archive', undefined).blocker).toBeNull();
    expect(planBatch(rows, 'upload', undefined).blocker).toBeNull();
  });

  it('names the unnamed claims among those of the chosen case type only', () => {
    const rows = [named(1), named(2, { caseType: 'SETTLEMENT', vitraya_procedure_code: [] })];
    expect(planBatch(rows, 'verify', 'PRE_AUTH').blocker).toBeNull();
  });
});
