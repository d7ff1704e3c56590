/**
 * Wakes this process's workers when any process queues or cancels a job. The database announces both on the
 * `verification_queue` channel (the jobs_notify trigger, migration 0014); on PostgreSQL one client per process
 * LISTENs and re-emits them on queueEvents, as an enqueue or a cancel in this process does itself. Embedded PGlite
 * serves one process, whose own events are enough, so it keeps only the poll.
 */
import pg from 'pg';
import { queueEvents } from './enqueue';
import type { QueueLog } from './worker';

export const QUEUE_CHANNEL = 'verification_queue';

/** The first wait before listening again after the connection broke; doubled per failed try up to the maximum. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

interface Listener {
  users: number;
  close(): Promise<void>;
}

/** One listening client per database URL in this process, shared by its workers. */
const listeners = new Map<string, Listener>();

/** Re-emits a notification: 'queued', or 'cancelled:<job id>'. */
function relay(payload: string | undefined): void {
  if (payload === 'queued') queueEvents.emit('queued');
  else if (payload?.startsWith('cancelled:')) queueEvents.emit('cancelled', Number(payload.slice('cancelled:'.length)));
}

function openListener(url: string, log: QueueLog): Listener {
  let closed = false;
  /** The client listening, or connecting to listen; events of clients given up before it are ignored. */
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;

  const giveUp = (lost: pg.Client, reason: string) => {
    if (lost !== current) return;
    current = null;
    lost.end().catch(() => {});
    if (closed) return;
    log.warn(`queue notifications: ${reason}; listening again in ${delay} ms (workers poll meanwhile)`);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => relay(message.payload));
    client.on('error', (error) => giveUp(client, `connection lost (${error.message})`));
    client.on('end', () => giveUp(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`listen ${QUEUE_CHANNEL}`);
    } catch (error) {
      giveUp(client, `cannot listen (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    if (client !== current) return;
    delay = RECONNECT_FIRST_MS;
    // Whatever was announced while no one listened is looked for now.
    queueEvents.emit('queued');
  }

  void connect();
  return {
    users: 0,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Starts listening on `url` (or joins this process's listener on it); the returned function stops, closing the
 * client when its last user stops.
 */
export function listenForQueueEvents(url: string, log: QueueLog): () => Promise<void> {
  let listener = listeners.get(url);
  if (!listener) {
    listener = openListener(url, log);
    listeners.set(url, listener);
  }
  listener.users += 1;
  const shared = listener;
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    shared.users -= 1;
    if (shared.users > 0) return;
    listeners.delete(url);
    await shared.close();
  };
}
