/**
 * Identical list pages asked at once are read once (issue 20 §7). When many reviewers open the list together (a
 * restart, the morning's start) the same few pages are asked over and over: each organisation's first page, its
 * filters. Reading a page is the request's whole cost (the embedded database plans and runs its queries on the api's
 * one thread), so the pages wait here for one of READERS places, and a page asked while the same page is still
 * waiting joins that reading instead of queueing a second one.
 *
 * Only a reading that has not started yet is joined: every answer is read after its request arrived, so a reviewer
 * who has just saved a change never gets a page read before the save. Without a queue nothing waits and nothing is
 * shared.
 */
import type { DbOrTx } from '../db';

/**
 * Pages read at once per database. The embedded database runs one query at a time whatever the number; a server's
 * pool keeps the rest of its connections for everything that is not the list.
 */
export const READERS = 4;

class PageReadings {
  private readonly waiting = new Map<string, Promise<unknown>>();
  private reading = 0;
  private readonly queue: (() => void)[] = [];

  read<T>(key: string, readPage: () => Promise<T>): Promise<T> {
    const joined = this.waiting.get(key);
    if (joined !== undefined) return joined as Promise<T>;
    const answer = this.place()
      .then(() => {
        // Started: a request arriving from now on reads afresh.
        this.waiting.delete(key);
        return readPage();
      })
      .finally(() => this.leave());
    this.waiting.set(key, answer);
    return answer;
  }

  private place(): Promise<void> {
    if (this.reading < READERS) {
      this.reading += 1;
      return Promise.resolve();
    }
    // The place is handed over by `leave`, so `reading` stays counted.
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private leave(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.reading -= 1;
  }
}

const readings = new WeakMap<DbOrTx, PageReadings>();

/** The page named by `key` (everything its rows depend on), read once for every request that asks it while it waits. */
export function readPageOnce<T>(db: DbOrTx, key: string, readPage: () => Promise<T>): Promise<T> {
  let pages = readings.get(db);
  if (!pages) {
    pages = new PageReadings();
    readings.set(db, pages);
  }
  return pages.read(key, readPage);
}
