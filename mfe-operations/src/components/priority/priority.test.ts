import type { BatchStatus } from '@claims/shared-kernel';
import { batchRow } from '../../testing/fixtures';
import { statusAfterReorder } from './priority';

const batch = (status: BatchStatus, allocation_status: 'ASSIGNED' | null = null) =>
  batchRow({ status_info: { status }, allocation_status });

describe('the priority order (spec 3 §4)', () => {
  it('processes the first batch and pauses the others, except assigned, fully processed and created ones', () => {
    expect(statusAfterReorder(batch('PAUSED'), 0)).toBe('TO_BE_PROCESSED');
    expect(statusAfterReorder(batch('CREATED'), 0)).toBe('TO_BE_PROCESSED');
    expect(statusAfterReorder(batch('RESUMED'), 0)).toBe('TO_BE_PROCESSED');
    // Already being verified: it goes on; done or assigned: nothing to start.
    expect(statusAfterReorder(batch('IN_PROCESSING'), 0)).toBe('IN_PROCESSING');
    expect(statusAfterReorder(batch('FULLY_PROCESSED'), 0)).toBe('FULLY_PROCESSED');
    expect(statusAfterReorder(batch('PAUSED', 'ASSIGNED'), 0)).toBe('PAUSED');

    expect(statusAfterReorder(batch('IN_PROCESSING'), 1)).toBe('PAUSED');
    expect(statusAfterReorder(batch('TO_BE_PROCESSED'), 2)).toBe('PAUSED');
    expect(statusAfterReorder(batch('RESUMED'), 3)).toBe('PAUSED');
    expect(statusAfterReorder(batch('PAUSED'), 1)).toBe('PAUSED');
    expect(statusAfterReorder(batch('CREATED'), 1)).toBe('CREATED');
    expect(statusAfterReorder(batch('FULLY_PROCESSED'), 1)).toBe('FULLY_PROCESSED');
    expect(statusAfterReorder(batch('ASSIGNED', 'ASSIGNED'), 1)).toBe('ASSIGNED');
    expect(statusAfterReorder(batch('IN_PROCESSING', 'ASSIGNED'), 1)).toBe('IN_PROCESSING');
  });
});
