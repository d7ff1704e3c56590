/**
 * New connections are accepted while the database works through a backlog (issue 20, the load runs' requests
 * unanswered for 30 s): Node accepts one connection per turn of its event loop, and the embedded database used to run
 * a backlog of queries in a single turn, so a connection made meanwhile waited in the kernel until the backlog was
 * through. src/db/loop-turns.ts starts one query a turn; a server's queries wait on the network anyway.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db';
import { LoopTurns } from '../../src/db/loop-turns';
import { DATABASES } from '../../testing/databases';
import { apiSuite } from '../../testing/suite';

const BACKLOG = 300;

test('LoopTurns hands out one place a turn, in the order asked', async () => {
  const turns = new LoopTurns();
  const given: number[] = [];
  const places = [0, 1, 2].map((i) => turns.next().then(() => given.push(i)));
  await places[0];
  await Promise.resolve();
  // Every microtask of the first place's turn has run: the others wait for turns of their own.
  expect(given).toEqual([0]);
  await Promise.all(places);
  expect(given).toEqual([0, 1, 2]);
});

describe.each(DATABASES)('connections during a backlog of queries on %s', (_name, open) => {
  const { app, testDb } = apiSuite(open);

  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  test(`a connection made while ${BACKLOG} queries wait is accepted before they are through`, async () => {
    let done = 0;
    const backlog = Array.from({ length: BACKLOG }, () =>
      rowsOf(testDb.database.db, sql`select count(*)::int as n from claims`).then(() => {
        done += 1;
      }),
    );
    let doneWhenAccepted = -1;
    const accepted = new Promise<void>((resolve) =>
      app.server.once('connection', () => {
        doneWhenAccepted = done;
        resolve();
      }),
    );
    const { port } = app.server.address() as AddressInfo;
    const socket: Socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await Promise.all([accepted, ...backlog]);
    socket.destroy();
    expect(doneWhenAccepted).toBeGreaterThanOrEqual(0);
    expect(doneWhenAccepted).toBeLessThan(BACKLOG / 10);
  });
});
