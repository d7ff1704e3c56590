/**
 * The embedded database runs each query on the api's own thread, synchronously, and answers it in a microtask: a
 * backlog of queries (200 reviewers at once) runs back to back in one turn of the event loop, and nothing else is
 * done until it is through. Node accepts one new connection per turn of its loop (measured: with 50 ms turns, 300
 * waiting connections are accepted at about 20 a second), so during that backlog new connections wait in the
 * kernel's accept queue, and a request sent on one waits with them: in issue 20's load runs, 9-18 reviewers' requests
 * were not answered within 30 s although each was answered in milliseconds once accepted.
 *
 * So the embedded client starts one query (or transaction) per turn of the loop: between two, the loop polls its
 * sockets, accepts a connection and reads what has arrived. A query waits a turn at most, which costs microseconds on
 * an idle loop; a server's queries wait on the network and need no such thing.
 */
import type { PGlite } from '@electric-sql/pglite';

/** Hands out one place a turn, first come first served. */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves in a turn of its own, after the ones asked before it. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // Scheduled from a check phase, an immediate runs in the next turn, after that turn's poll.
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      this.schedule();
    });
  }
}

/** Makes the client's queries and transactions start one a turn (the ones inside a transaction are not delayed). */
export function oneQueryPerTurn(client: PGlite): PGlite {
  const turns = new LoopTurns();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turns.next();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await turns.next();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turns.next();
    return transaction(...args);
  }) as typeof client.transaction;
  return client;
}
