import { batchRow } from '../../testing/fixtures';
import { doneCount, isProcessing, timeLeftText, withProgress } from './batchProgress';

describe('batch progress', () => {
  it('counts a batch as processing while its claims are being verified', () => {
    for (const status of ['TO_BE_PROCESSED', 'IN_PROCESSING', 'RESUMED'] as const) {
      expect(isProcessing({ status_info: { status } })).toBe(true);
    }
    for (const status of ['CREATED', 'PAUSED', 'FULLY_PROCESSED', 'ASSIGNED', 'SUSPENDED'] as const) {
      expect(isProcessing({ status_info: { status } })).toBe(false);
    }
  });

  it('counts the claims with an outcome as done', () => {
    expect(doneCount({ accepted: 9, rejected: 2, query: 3, toBeVerified: 1, inProgress: 4, verificationFailed: 1 })).toBe(15);
  });

  it('puts the live counts and status on the row, and leaves a row without progress as it is', () => {
    const row = batchRow();
    expect(withProgress(row, undefined)).toBe(row);
    const processing = { accepted: 12, rejected: 2, query: 3, toBeVerified: 0, inProgress: 2, verificationFailed: 1 };
    expect(
      withProgress(row, {
        id: 7,
        batchName: 'March cataract',
        status_info: { status: 'IN_PROCESSING' },
        total_claims_count: 20,
        processing,
        done: 18,
        remaining: 2,
        ratePerMinute: 6,
        etaSeconds: 20,
      }),
    ).toEqual({ ...row, processing });
  });

  it('says the time left in words', () => {
    expect(timeLeftText(null)).toBe('Estimating time left');
    expect(timeLeftText(45)).toBe('Less than a minute left');
    expect(timeLeftText(150)).toBe('About 3 min left');
    expect(timeLeftText(3600)).toBe('About 1 h left');
    expect(timeLeftText(5400)).toBe('About 1 h 30 min left');
  });
});
