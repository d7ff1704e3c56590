import type { BatchRow } from '@claims/shared-kernel';

/**
 * The arithmetic of work allocation (spec 3 §4, §5 'Work allocation'): how a batch's claims split between
 * analysts, and whether a specified split adds up. Pure, so the dialog only shows what these say.
 */

/**
 * What Assign Batches opens for a batch (spec 3 §4): an assigned batch can only have its date changed; a
 * FULLY_PROCESSED one is assigned to analysts; any other cannot be assigned yet.
 */
export function allocationKind(batch: Pick<BatchRow, 'allocation_status' | 'status_info'>): 'assign' | 'reassign' | 'cannot' {
  if (batch.allocation_status === 'ASSIGNED' || batch.status_info.status === 'ASSIGNED') return 'reassign';
  return batch.status_info.status === 'FULLY_PROCESSED' ? 'assign' : 'cannot';
}

/** Equally, or a specified split by number of claims or by percentage. */
export type AllocationMode = 'equally' | 'number' | 'percentage';

/** The two messages of spec 3 §5 when a specified split does not add up. */
export const ALLOCATION_MESSAGES: Record<Exclude<AllocationMode, 'equally'>, string> = {
  number: 'Make sure total claims and total allocation are in equal',
  percentage: 'Make sure total percentage of claims and total allocation are in equal',
};

/** What a specified split must add up to: the batch's claim count, or 100. */
export function allocationTarget(mode: Exclude<AllocationMode, 'equally'>, claimCount: number): number {
  return mode === 'percentage' ? 100 : claimCount;
}

/** The sum of the chosen analysts' values; a value not yet typed counts as 0. */
export function allocationTotal(analysts: readonly string[], values: Readonly<Record<string, number | null | undefined>>): number {
  return analysts.reduce((sum, analyst) => sum + (values[analyst] ?? 0), 0);
}

export interface AllocationCheck {
  total: number;
  target: number;
  /** The total equals the target: Assign may be pressed. */
  balanced: boolean;
  /** The message to show while the total is off; null when it adds up. */
  message: string | null;
}

/** Whether a specified split adds up, with the total to show (red while it does not) and the message. */
export function checkAllocation(
  mode: Exclude<AllocationMode, 'equally'>,
  claimCount: number,
  analysts: readonly string[],
  values: Readonly<Record<string, number | null | undefined>>,
): AllocationCheck {
  const total = allocationTotal(analysts, values);
  const target = allocationTarget(mode, claimCount);
  const balanced = analysts.length > 0 && total === target;
  return { total, target, balanced, message: balanced ? null : ALLOCATION_MESSAGES[mode] };
}

/**
 * Whole claims in proportion to the weights, adding up to the claim count: each takes the whole part of its
 * share, and the claims left over go one each to the largest remainders (the earlier analyst on a tie).
 */
function proportional(claimCount: number, weights: readonly [string, number][]): Record<string, number> {
  const sum = weights.reduce((total, [, weight]) => total + weight, 0);
  if (sum <= 0) return Object.fromEntries(weights.map(([analyst]) => [analyst, 0]));
  const shares = weights.map(([analyst, weight], index) => {
    const exact = (claimCount * weight) / sum;
    return { analyst, index, whole: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = claimCount - shares.reduce((total, share) => total + share.whole, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of byRemainder) {
    if (left <= 0) break;
    share.whole += 1;
    left -= 1;
  }
  return Object.fromEntries(shares.map((share) => [share.analyst, share.whole]));
}

/** An equal split: every analyst gets the same number of claims, the first ones one more while some are left. */
export function equalShares(claimCount: number, analysts: readonly string[]): Record<string, number> {
  return proportional(
    claimCount,
    analysts.map((analyst) => [analyst, 1]),
  );
}

/** The claims each analyst gets for a split by percentage (whole claims, adding up to the claim count). */
export function percentageShares(
  claimCount: number,
  analysts: readonly string[],
  percentages: Readonly<Record<string, number | null | undefined>>,
): Record<string, number> {
  return proportional(
    claimCount,
    analysts.map((analyst) => [analyst, percentages[analyst] ?? 0]),
  );
}

/** The split's `data` map of assignSpecified: every chosen analyst with a value, 0 where none was typed. */
export function specifiedData(
  analysts: readonly string[],
  values: Readonly<Record<string, number | null | undefined>>,
): Record<string, number> {
  return Object.fromEntries(analysts.map((analyst) => [analyst, values[analyst] ?? 0]));
}
