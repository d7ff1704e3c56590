import type { DbOrTx } from '../db';
import { READERS, readPageOnce } from './list-readings';

/** A reading that answers when told to, counting how often it was started. */
function controlledReading(answer: string) {
  let finish: (value: string) => void = () => {};
  const reading = {
    started: 0,
    read: () => {
      reading.started += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    },
    finish: () => finish(answer),
  };
  return reading;
}

/** Each test its own database identity, so no reading of one test waits behind another's. */
const aDatabase = () => ({}) as DbOrTx;

describe('readPageOnce', () => {
  test('a page asked while the same page waits for its turn is read once for both', async () => {
    const db = aDatabase();
    const busy = Array.from({ length: READERS }, (_, i) => controlledReading(`busy ${i}`));
    const holding = busy.map((reading, i) => readPageOnce(db, `other ${i}`, reading.read));
    const page = controlledReading('page 1');
    const first = readPageOnce(db, 'page 1', page.read);
    const second = readPageOnce(db, 'page 1', page.read);
    await Promise.resolve();
    expect(page.started).toBe(0);

    busy[0].finish();
    await holding[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(page.started).toBe(1);
    page.finish();
    await expect(Promise.all([first, second])).resolves.toEqual(['page 1', 'page 1']);
    expect(page.started).toBe(1);
    for (const reading of busy.slice(1)) reading.finish();
    await Promise.all(holding);
  });

  test('a page asked after the same page started reading is read again, so it sees what changed meanwhile', async () => {
    const db = aDatabase();
    const early = controlledReading('before the save');
    const first = readPageOnce(db, 'page 1', early.read);
    await new Promise((resolve) => setImmediate(resolve));
    expect(early.started).toBe(1);

    const late = controlledReading('after the save');
    const second = readPageOnce(db, 'page 1', late.read);
    await new Promise((resolve) => setImmediate(resolve));
    expect(late.started).toBe(1);
    early.finish();
    late.finish();
    await expect(first).resolves.toBe('before the save');
    await expect(second).resolves.toBe('after the save');
  });

  test('different pages are read each on their own, and a failure reaches only the requests of its page', async () => {
    const db = aDatabase();
    const failing = readPageOnce(db, 'page 1', () => Promise.reject(new Error('database gone')));
    const other = readPageOnce(db, 'page 2', () => Promise.resolve('page 2'));
    await expect(failing).rejects.toThrow('database gone');
    await expect(other).resolves.toBe('page 2');
    await expect(readPageOnce(db, 'page 1', () => Promise.resolve('page 1 again'))).resolves.toBe('page 1 again');
  });
});
