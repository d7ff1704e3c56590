import type { BatchStatus } from '@claims/shared-kernel';
import {
  ALLOCATION_MESSAGES,
  allocationKind,
  allocationTotal,
  checkAllocation,
  equalShares,
  percentageShares,
  specifiedData,
} from './allocation';

describe('work allocation arithmetic', () => {
  it('assigns a fully processed batch, only re-dates an assigned one, and refuses any other', () => {
    const batch = (status: BatchStatus, allocation_status: 'ASSIGNED' | null = null) => ({ status_info: { status }, allocation_status });
    expect(allocationKind(batch('FULLY_PROCESSED'))).toBe('assign');
    expect(allocationKind(batch('ASSIGNED', 'ASSIGNED'))).toBe('reassign');
    expect(allocationKind(batch('FULLY_PROCESSED', 'ASSIGNED'))).toBe('reassign');
    for (const status of ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED', 'SUSPENDED'] as const) {
      expect(allocationKind(batch(status))).toBe('cannot');
    }
  });

  it('splits equally, the first analysts taking one more while claims are left over', () => {
    expect(equalShares(20, ['asha', 'ravi', 'meena'])).toEqual({ asha: 7, ravi: 7, meena: 6 });
    expect(equalShares(9, ['asha', 'ravi', 'meena'])).toEqual({ asha: 3, ravi: 3, meena: 3 });
    expect(equalShares(1, ['asha', 'ravi'])).toEqual({ asha: 1, ravi: 0 });
    expect(equalShares(5, [])).toEqual({});
  });

  it('adds the chosen analysts only, an empty value counting as 0', () => {
    expect(allocationTotal(['asha', 'ravi'], { asha: 12, ravi: null, meena: 40 })).toBe(12);
  });

  it('asks a split by number to add up to the claim count', () => {
    expect(checkAllocation('number', 20, ['asha', 'ravi'], { asha: 12, ravi: 7 })).toEqual({
      total: 19,
      target: 20,
      balanced: false,
      message: 'Make sure total claims and total allocation are in equal',
    });
    expect(checkAllocation('number', 20, ['asha', 'ravi'], { asha: 12, ravi: 8 })).toEqual({
      total: 20,
      target: 20,
      balanced: true,
      message: null,
    });
  });

  it('asks a split by percentage to add up to 100 whatever the claim count', () => {
    expect(checkAllocation('percentage', 20, ['asha', 'ravi'], { asha: 60, ravi: 60 })).toMatchObject({
      total: 120,
      target: 100,
      balanced: false,
      message: ALLOCATION_MESSAGES.percentage,
    });
    expect(checkAllocation('percentage', 20, ['asha', 'ravi'], { asha: 60, ravi: 40 }).balanced).toBe(true);
  });

  it('never calls a split without analysts balanced, even when the target is 0', () => {
    expect(checkAllocation('number', 0, [], {})).toMatchObject({ balanced: false, message: ALLOCATION_MESSAGES.number });
  });

  it('turns percentages into whole claims that add up to the claim count', () => {
    expect(percentageShares(20, ['asha', 'ravi'], { asha: 60, ravi: 40 })).toEqual({ asha: 12, ravi: 8 });
    // 3.4, 3.3 and 3.3 claims: the one left over goes to the largest remainder.
    expect(percentageShares(10, ['asha', 'ravi', 'meena'], { asha: 34, ravi: 33, meena: 33 })).toEqual({ asha: 4, ravi: 3, meena: 3 });
    // 2.5 each of 5: the one left over goes to the first on the tie.
    expect(percentageShares(5, ['asha', 'ravi'], { asha: 50, ravi: 50 })).toEqual({ asha: 3, ravi: 2 });
    // The largest remainder takes the claim left over: 7 × 0.25 = 1.75 against 7 × 0.75 = 5.25.
    expect(percentageShares(7, ['asha', 'ravi'], { asha: 25, ravi: 75 })).toEqual({ asha: 2, ravi: 5 });
    expect(percentageShares(7, ['asha', 'ravi'], {})).toEqual({ asha: 0, ravi: 0 });
  });

  it('sends every chosen analyst in the data map, 0 where nothing was typed', () => {
    expect(specifiedData(['asha', 'ravi'], { asha: 12, meena: 3 })).toEqual({ asha: 12, ravi: 0 });
  });
});
