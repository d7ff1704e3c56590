/**
 * What the claims list remembers between the pages of one filter, so a page costs the same at page 1 and page
 * 1000 (issue 13): where each served page ended (its last row's sort key and id, for keyset paging) and the capped
 * count. The spec's calls carry only page_number, so the memory is the server's, per database and per filter.
 * Page 1 starts a filter afresh (new count, no remembered ends); an entry older than ENTRY_TTL_MS is forgotten, so
 * a remembered end never points into data changed long ago. Without an end the page falls back to OFFSET, so the
 * memory only ever saves work: a page answers the same rows with or without it while the data stands still.
 */
import type { DbOrTx } from '../db';

/** The list's sort key of a row: last_modified_on as the database's text (microseconds kept) and the id. */
export interface SortKey {
  modifiedOn: string;
  id: number;
}

/** Where a page starts: after a remembered end (if any), skipping `skip` rows. */
export interface PageStart {
  after: SortKey | null;
  skip: number;
}

interface FilterMemory {
  startedAt: number;
  total: { count: number; capped: boolean } | null;
  /** Page number -> the sort key of its last row. */
  ends: Map<number, SortKey>;
  /** The remembered pages' numbers, ascending: the nearest one before a page is one binary search away. */
  endPages: number[];
}

const ENTRY_TTL_MS = 5 * 60_000;
const MAX_FILTERS = 500;
const MAX_PAGES_PER_FILTER = 2_000;

const memories = new WeakMap<DbOrTx, Map<string, FilterMemory>>();

/** The pages of one filter (the key names the scope, the filter and the page size). */
export class FilterPages {
  private constructor(private readonly memory: FilterMemory) {}

  static of(db: DbOrTx, key: string, pageNumber: number, now = Date.now()): FilterPages {
    let filters = memories.get(db);
    if (!filters) {
      filters = new Map();
      memories.set(db, filters);
    }
    let memory = filters.get(key);
    filters.delete(key);
    if (!memory || pageNumber === 1 || now - memory.startedAt > ENTRY_TTL_MS) {
      memory = { startedAt: now, total: null, ends: new Map(), endPages: [] };
    }
    // Map order is insertion order: re-inserting keeps the most recently used last, the oldest is dropped first.
    filters.set(key, memory);
    if (filters.size > MAX_FILTERS) filters.delete(filters.keys().next().value as string);
    return new FilterPages(memory);
  }

  /**
   * The nearest remembered end before the page, and how many rows lie between it and the page: one binary search,
   * so page 4,000,000 costs what page 4 does (issue 20: counting down from the page number froze the api).
   */
  startOf(pageNumber: number, limit: number): PageStart {
    const before = this.nearestEndBefore(pageNumber);
    if (before === null) return { after: null, skip: (pageNumber - 1) * limit };
    return { after: this.memory.ends.get(before) ?? null, skip: (pageNumber - 1 - before) * limit };
  }

  /** Whether the page lies past the last row by the remembered count (a capped count knows no last page). */
  isPastEnd(pageNumber: number, limit: number): boolean {
    const total = this.memory.total;
    return total !== null && !total.capped && (pageNumber - 1) * limit >= total.count;
  }

  rememberEnd(pageNumber: number, last: SortKey): void {
    const { ends, endPages } = this.memory;
    if (ends.has(pageNumber)) {
      ends.set(pageNumber, last);
      return;
    }
    if (ends.size >= MAX_PAGES_PER_FILTER) return;
    ends.set(pageNumber, last);
    endPages.splice(this.countBefore(pageNumber), 0, pageNumber);
  }

  /** The greatest remembered page below the page, or null. */
  private nearestEndBefore(pageNumber: number): number | null {
    const index = this.countBefore(pageNumber);
    return index > 0 ? this.memory.endPages[index - 1] : null;
  }

  /** How many remembered pages lie below the page (where it would be inserted in endPages). */
  private countBefore(pageNumber: number): number {
    const pages = this.memory.endPages;
    let low = 0;
    let high = pages.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (pages[middle] < pageNumber) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  get total(): FilterMemory['total'] {
    return this.memory.total;
  }

  set total(total: FilterMemory['total']) {
    this.memory.total = total;
  }
}
