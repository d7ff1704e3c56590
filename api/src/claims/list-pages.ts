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
      memory = { startedAt: now, total: null, ends: new Map() };
    }
    // Map order is insertion order: re-inserting keeps the most recently used last, the oldest is dropped first.
    filters.set(key, memory);
    if (filters.size > MAX_FILTERS) filters.delete(filters.keys().next().value as string);
    return new FilterPages(memory);
  }

  /** The nearest remembered end before the page, and how many rows lie between it and the page. */
  startOf(pageNumber: number, limit: number): PageStart {
    for (let before = pageNumber - 1; before >= 1; before -= 1) {
      const after = this.memory.ends.get(before);
      if (after) return { after, skip: (pageNumber - 1 - before) * limit };
    }
    return { after: null, skip: (pageNumber - 1) * limit };
  }

  rememberEnd(pageNumber: number, last: SortKey): void {
    if (this.memory.ends.size < MAX_PAGES_PER_FILTER || this.memory.ends.has(pageNumber)) this.memory.ends.set(pageNumber, last);
  }

  get total(): FilterMemory['total'] {
    return this.memory.total;
  }

  set total(total: FilterMemory['total']) {
    this.memory.total = total;
  }
}
