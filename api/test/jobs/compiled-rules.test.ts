/**
 * The compiled rules (src/verification/compile.ts) against the interpreter on the corpus of `npm run eval`:
 * generated claims (text PDFs, so no OCR) stored as the seed stores them and read by the queue's worker; for
 * every procedure, rule tree and leaf of every claim, the compiled rule's leaf result and tree result must
 * be the interpreter's.
 */
import { jest } from '@jest/globals';
import { RULE_TREES, type RuleStatement } from '@claims/shared-kernel/contract';
import { startVerificationWorker } from '../../src/jobs';
import { insertSeedClaim, seedMastersIfEmpty } from '../../src/seed';
import { generateClaim } from '../../src/seed/synthetic/generator';
import { compileRule, extractFacts } from '../../src/verification/compile';
import { forProcedure, prepareClaim } from '../../src/verification/context';
import { evaluateNode, type RuleScope } from '../../src/verification/evaluate';
import { verifyClaim, type VerificationInput } from '../../src/verification';
import { documentStore, openTestDatabase, resetDatabase, type TestDatabase } from './support';

jest.setTimeout(300_000);

const CLAIMS = 40;
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const leafResults = (node: RuleStatement): boolean[] =>
  node.operator ? [node.conditionResult === true] : (node.statements ?? []).flatMap(leafResults);

interface Agreement {
  leaves: number;
  trees: number;
  differences: string[];
}

function compareOn(input: VerificationInput, agreement: Agreement): void {
  const claim = prepareClaim(input);
  for (const code of input.claim.procedureCodes) {
    const rule = input.rules[code];
    if (!rule) continue;
    const context = forProcedure(claim, code);
    const procedureName = input.masters.procedures?.find((p) => p.procedure_code === code)?.name ?? null;
    const scope: RuleScope = { procedureCode: code, procedureName, rule };
    for (const name of RULE_TREES) {
      const tree = rule[name];
      if (!tree) continue;
      const interpreted = evaluateNode(tree, context, scope).statement;
      const compiled = compileRule(tree);
      const facts = extractFacts(compiled, context, scope);
      const place = `claim ${input.claim.id} ${code} ${name}`;
      const expected = leafResults(interpreted);
      const got = compiled.leafResults(facts);
      agreement.leaves += expected.length;
      agreement.trees += 1;
      expected.forEach((result, i) => {
        if (got[i] !== result) agreement.differences.push(`${place} leaf ${i}: interpreter ${result}, compiled ${got[i]}`);
      });
      if (compiled.holds(facts) !== (interpreted.conditionResult === true))
        agreement.differences.push(`${place}: interpreter ${interpreted.conditionResult}, compiled ${!interpreted.conditionResult}`);
    }
  }
}

describe('compiled rules on the eval corpus', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await resetDatabase(database.db);
    await seedMastersIfEmpty(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  test('give every leaf and every tree the result the interpreter gives', async () => {
    const { db } = database;
    for (let seed = 1; seed <= CLAIMS; seed += 1) await insertSeedClaim(db, documentStore, await generateClaim(seed, { imagePages: 0 }));
    const agreement: Agreement = { leaves: 0, trees: 0, differences: [] };
    const verify = (input: VerificationInput) => {
      compareOn(input, agreement);
      return verifyClaim(input);
    };
    const worker = startVerificationWorker({ db, store: documentStore, concurrency: 1, verify, pollMs: 25, log: quiet, maxAttempts: 1 });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    expect(agreement.differences).toEqual([]);
    // The corpus reaches every kind of leaf many times over (presence, comparisons, documents).
    expect(agreement.trees).toBeGreaterThan(CLAIMS);
    expect(agreement.leaves).toBeGreaterThan(4 * CLAIMS);
  });
});
