/**
 * Evaluates the adjudicator, as reviewers get it, on a synthetic corpus with known verdicts.
 *
 *   npm run eval -w @claims/api -- [--corpus synthetic|realworld] [--count 300] [--seed 1] [--concurrency 2] [--json report.json] [--min-accuracy 0.9] [--show 25]
 *
 * --corpus realworld evaluates instead the claims of testing/realworld (issue 19: turned, skewed, photographed
 * and faxed scans, two-column pages, values under labels, decimal commas, ...; 16 per class unless --count says),
 * and prints the claim and procedure agreement per class of that corpus; `--class photo,fax` keeps those classes
 * (then `--count` claims of them, in turn).
 *
 * Runs the production path end to end on a throwaway embedded database (PGlite in a temporary folder):
 * seeds the masters and rules with the first start's seed (seedMastersIfEmpty), stores the generated
 * claims (src/seed/synthetic) with their files as the seed does (insertSeedClaim, which queues them),
 * and verifies them with the verification queue's worker: every file read (PDF text layer or OCR), the
 * adjudicator's input built from the database (src/jobs/verification-input.ts), the verdict stored.
 * It then reads the stored verdicts back and prints the verdict confusion matrix and agreement, precision
 * and recall of the entities the rules look for, how often the reason names what it should, the results
 * per class of hard material (src/seed/synthetic/classes.ts: verdict agreement on the claims exercising the
 * class, precision and recall on the entities, documents and values the class makes hard), and the
 * disagreements.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { ADJUDICATION_RESULTS, type AdjudicationResult } from '@claims/shared-kernel/constants';
import type { FoundItem, ProcedureVerification } from '@claims/shared-kernel/contract';
import { openDatabase, type Db } from '../src/db';
import { claimDocuments, claims } from '../src/db/schema';
import { startVerificationWorker, type DocumentReader } from '../src/jobs';
import { insertSeedClaim, seedMastersIfEmpty } from '../src/seed';
import { createFolderStore } from '../src/storage/folder';
import type { DocumentStore } from '../src/storage/store';
import { CLASS_DESCRIPTIONS, CORPUS_CLASSES, type ClassTarget, type CorpusClass } from '../src/seed/synthetic/classes';
import { streamSeedClaims, type ExpectedEntity, type GeneratedClaim } from '../src/seed/synthetic/generator';
import { createDocumentReader, verifyClaim, type VerificationInput } from '../src/verification';
import { REALWORLD_CLASSES, type RealWorldClaim, type RealWorldClass, streamRealWorldClaims } from '../testing/realworld/generator';

/** A generated claim of either corpus (a real-world one says its class). */
type EvalClaim = GeneratedClaim & Partial<Pick<RealWorldClaim, 'realWorld'>>;
const CORPORA = ['synthetic', 'realworld'] as const;

interface Options {
  corpus: (typeof CORPORA)[number];
  /** Null: the corpus's own default (300 synthetic claims, 16 per real-world class). */
  count: number | null;
  seed: number;
  concurrency: number;
  json: string | null;
  minAccuracy: number | null;
  showMismatches: number;
  /** Real-world classes to evaluate (all when empty); claim i is then of the i-th listed class in turn. */
  classes: RealWorldClass[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    corpus: 'synthetic',
    count: null,
    seed: 1,
    concurrency: 2,
    json: null,
    minAccuracy: null,
    showMismatches: 25,
    classes: [],
  };
  const numeric = (flag: string, raw: string | undefined, min: number): number => {
    const n = Number(raw);
    if (raw === undefined || !Number.isFinite(n) || n < min) throw new Error(`${flag} needs a number >= ${min}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--corpus': {
        const corpus = value();
        if (!CORPORA.includes(corpus as Options['corpus'])) throw new Error(`--corpus is one of ${CORPORA.join(', ')}`);
        options.corpus = corpus as Options['corpus'];
        break;
      }
      case '--count':
        options.count = Math.floor(numeric(flag, value(), 1));
        break;
      case '--seed':
        options.seed = Math.floor(numeric(flag, value(), 0));
        break;
      case '--concurrency':
        options.concurrency = Math.floor(numeric(flag, value(), 1));
        break;
      case '--json':
        options.json = value() ?? null;
        break;
      case '--min-accuracy':
        options.minAccuracy = numeric(flag, value(), 0);
        break;
      case '--class': {
        const classes = (value() ?? '').split(',');
        const unknown = classes.filter((name) => !REALWORLD_CLASSES.includes(name as RealWorldClass));
        if (unknown.length) throw new Error(`--class takes ${REALWORLD_CLASSES.join(', ')} (comma-separated), not ${unknown.join(', ')}`);
        options.classes = classes as RealWorldClass[];
        break;
      }
      case '--show':
        options.showMismatches = Math.floor(numeric(flag, value(), 0));
        break;
      case '--help':
        console.log(
          'usage: tsx scripts/eval.ts [--corpus synthetic|realworld] [--count N] [--seed S] [--concurrency C] [--json FILE] [--min-accuracy 0..1] [--show N] [--class photo,fax]',
        );
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${argv[i]} (try --help)`);
    }
  }
  return options;
}

/** What the database holds for a claim once the queue is done with it. */
interface Stored {
  /** 'FAILED' when the verification job failed (the claim's status is then VERIFICATION_FAILED). */
  adjudicationResult: AdjudicationResult | 'FAILED';
  adjudicationReason: string | null;
  adjudicationDetails: Record<string, ProcedureVerification>;
}

interface Outcome {
  /** The generated claim without its files (they are in the database). */
  claim: Omit<EvalClaim, 'documents'>;
  verification: Stored;
  readMs: number;
}

const ENTITY_TYPES: ExpectedEntity['type'][] = ['procedures', 'diagnoses', 'evidence', 'document', 'clinicalAttribute', 'drug', 'tissue'];
const fold = (s: string) => s.trim().toLowerCase();

/** The items the verification reports found under the entity's name, for any of the claim's procedures. */
function foundItems(details: Record<string, ProcedureVerification>, e: Pick<ExpectedEntity, 'type' | 'name'>): FoundItem[] {
  return Object.values(details).flatMap((d) =>
    ((d[e.type] as FoundItem[] | undefined) ?? []).filter(
      (item) => item.found && (fold(item.name) === fold(e.name) || fold(item.standardName ?? '') === fold(e.name)),
    ),
  );
}

/** Whether the verification reports the entity found for any of the claim's procedures. */
function reportedFound(details: Record<string, ProcedureVerification>, e: ExpectedEntity): boolean {
  return foundItems(details, e).length > 0;
}

/** A reported value against the expected one: numbers in the base unit up to rounding, text case-insensitively. */
function sameValue(reported: FoundItem['valueFound'], expected: number | string): boolean {
  if (typeof expected === 'string') return typeof reported === 'string' && fold(reported) === fold(expected);
  const n = typeof reported === 'number' ? reported : Number(reported);
  return Number.isFinite(n) && Math.abs(n - expected) <= 1e-6 * Math.max(1, Math.abs(expected));
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  /** Absent targets (negated mentions) rightly not found. */
  tn: number;
}

/**
 * A class target as the verification read it. A present target found (with the expected value, for a value)
 * is a true positive; found with another value it is both a false positive and a false negative; not found, a
 * false negative. An absent target (a negated mention) found is a false positive, not found a true negative.
 */
function scoreTarget(details: Record<string, ProcedureVerification>, target: ClassTarget, tally: Tally): void {
  const items = foundItems(details, target);
  if (!target.present) {
    if (items.length) tally.fp++;
    else tally.tn++;
    return;
  }
  const expected = target.value;
  if (!items.length) tally.fn++;
  else if (expected === undefined || items.some((i) => sameValue(i.valueFound, expected))) tally.tp++;
  else {
    tally.fp++;
    tally.fn++;
  }
}

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const pad = (s: string | number, w: number) => String(s).padStart(w);

interface Corpus {
  /** By claim id. */
  claims: Map<number, Omit<EvalClaim, 'documents'>>;
  files: number;
  imagePages: number;
}

/** Seeds the masters and stores the generated claims with their files, each queued for verification, as the seed does. */
async function storeCorpus(db: Db, store: DocumentStore, options: Options): Promise<Corpus> {
  await seedMastersIfEmpty(db);
  const corpus: Corpus = { claims: new Map(), files: 0, imagePages: 0 };
  const stream: AsyncGenerator<EvalClaim> =
    options.corpus === 'realworld'
      ? streamRealWorldClaims(options.count ?? undefined, options.seed, options.classes.length ? options.classes : undefined)
      : streamSeedClaims(options.count ?? undefined, options.seed);
  for await (const claim of stream) {
    const id = await insertSeedClaim(db, store, claim);
    const { documents, ...rest } = claim;
    corpus.claims.set(id, rest);
    corpus.files += documents.length;
    corpus.imagePages += claim.expected.imagePages;
  }
  return corpus;
}

/**
 * Runs the verification queue's worker until every queued claim is done. The worker gets what
 * startVerificationWorker gives it by default, the adjudicator's document reader and verifyClaim, only
 * wrapped to time the reading per claim and count progress. Answers the reading time per claim id.
 */
async function verifyQueued(db: Db, store: DocumentStore, total: number, concurrency: number): Promise<Map<number, number>> {
  const documents = await db.select({ id: claimDocuments.id, claimId: claimDocuments.claimId }).from(claimDocuments);
  const claimOf = new Map(documents.map((d) => [d.id, d.claimId]));
  const readMs = new Map<number, number>();
  const documentReader = createDocumentReader({ ocrWorkers: concurrency });
  const reader: DocumentReader = {
    async read(file) {
      const t0 = performance.now();
      try {
        return await documentReader.read(file);
      } finally {
        const claimId = claimOf.get(file.documentId) ?? -1;
        readMs.set(claimId, (readMs.get(claimId) ?? 0) + performance.now() - t0);
      }
    },
    close: () => documentReader.close(),
  };
  let done = 0;
  const verify = (input: VerificationInput) => {
    const verification = verifyClaim(input);
    done++;
    if (done % 25 === 0 || done === total) process.stdout.write(`  verified ${done}/${total}\r`);
    return verification;
  };
  // One attempt per claim: a failure is reported (as FAILED) rather than retried after a back-off.
  const worker = startVerificationWorker({ db, store, concurrency, reader, verify, pollMs: 50, maxAttempts: 1 });
  try {
    await worker.drain();
  } finally {
    await worker.stop();
  }
  return readMs;
}

/** The stored verdicts, as the claims api serves them to reviewers. */
async function readStored(db: Db, ids: number[]): Promise<Map<number, Stored>> {
  const rows = await db
    .select({
      id: claims.id,
      status: claims.status,
      adjudicationResult: claims.adjudicationResult,
      adjudicationReason: claims.adjudicationReason,
      adjudicationDetails: claims.adjudicationDetails,
      errorMessage: claims.errorMessage,
    })
    .from(claims)
    .where(inArray(claims.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        adjudicationResult: r.adjudicationResult ?? 'FAILED',
        adjudicationReason: r.adjudicationReason ?? (r.adjudicationResult ? null : `${r.status}: ${r.errorMessage ?? 'not verified'}`),
        adjudicationDetails: r.adjudicationDetails ?? {},
      },
    ]),
  );
}

/** Claim and procedure verdict agreement per class of the real-world corpus (testing/realworld). */
function printRealWorldClasses(outcomes: Outcome[], agrees: (o: Outcome) => boolean): void {
  console.log('\nReal-world classes (claims: claim verdicts agreed; procedures: procedure verdicts agreed)');
  console.log(
    `${'class'.padEnd(20)}${pad('claims', 7)}${pad('agreed', 8)}${pad('agreement', 11)}${pad('procs', 7)}${pad('agreed', 8)}${pad('agreement', 11)}`,
  );
  const row = (label: string, list: Outcome[]) => {
    const procs = list.flatMap((o) =>
      Object.entries(o.claim.expected.perProcedure).map(([code, r]) => o.verification.adjudicationDetails[code]?.adjudicationResult === r),
    );
    const agreed = list.filter(agrees).length;
    const procsAgreed = procs.filter(Boolean).length;
    console.log(
      `${label.padEnd(20)}${pad(list.length, 7)}${pad(agreed, 8)}${pad(pct(agreed, list.length), 11)}${pad(procs.length, 7)}${pad(procsAgreed, 8)}${pad(pct(procsAgreed, procs.length), 11)}`,
    );
  };
  const ofClass = (name: string) => outcomes.filter((o) => o.claim.realWorld?.class === name);
  for (const name of REALWORLD_CLASSES) row(name, ofClass(name));
  row('all claims', outcomes);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'claims-eval-'));
  let outcomes: Outcome[];
  let verifyMs: number;
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    const store = createFolderStore(join(dataDir, 'documents'));
    try {
      console.log(`Seeding the masters and storing the ${options.corpus} corpus (seed ${options.seed}) in a throwaway database...`);
      const corpus = await storeCorpus(database.db, store, options);
      const storedMs = performance.now() - started;
      console.log(
        `  ${corpus.claims.size} claims, ${corpus.files} files, ${corpus.imagePages} scanned pages, in ${(storedMs / 1000).toFixed(1)} s`,
      );

      const ids = [...corpus.claims.keys()];
      const readMs = await verifyQueued(database.db, store, ids.length, options.concurrency);
      verifyMs = performance.now() - started - storedMs;
      const stored = await readStored(database.db, ids);
      outcomes = ids.map((id) => ({ claim: corpus.claims.get(id)!, verification: stored.get(id)!, readMs: readMs.get(id) ?? 0 }));
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const totalMs = performance.now() - started;
  console.log('');

  // Verdict confusion matrix (a FAILED column only when a verification job failed).
  const matrix = new Map<string, number>();
  let correct = 0;
  for (const o of outcomes) {
    const key = `${o.claim.expected.result}>${o.verification.adjudicationResult}`;
    matrix.set(key, (matrix.get(key) ?? 0) + 1);
    if (o.claim.expected.result === o.verification.adjudicationResult) correct++;
  }
  const labels = ADJUDICATION_RESULTS as readonly AdjudicationResult[];
  const failed = outcomes.filter((o) => o.verification.adjudicationResult === 'FAILED');
  const columns: string[] = failed.length ? [...labels, 'FAILED'] : [...labels];
  console.log('\nVerdicts (rows expected, columns predicted)');
  console.log(`${'expected'.padEnd(10)}${columns.map((l) => pad(l, 11)).join('')}${pad('total', 8)}${pad('recall', 9)}`);
  for (const e of labels) {
    const row = columns.map((p) => matrix.get(`${e}>${p}`) ?? 0);
    const total = row.reduce((a, b) => a + b, 0);
    console.log(`${e.padEnd(10)}${row.map((n) => pad(n, 11)).join('')}${pad(total, 8)}${pad(pct(matrix.get(`${e}>${e}`) ?? 0, total), 9)}`);
  }
  const precisionRow = labels.map((p) => {
    const column = labels.reduce((s, e) => s + (matrix.get(`${e}>${p}`) ?? 0), 0);
    return pad(pct(matrix.get(`${p}>${p}`) ?? 0, column), 11);
  });
  console.log(`${'precision'.padEnd(10)}${precisionRow.join('')}`);
  console.log(`agreement ${pct(correct, outcomes.length)} (${correct}/${outcomes.length})`);
  if (failed.length) console.log(`verification failed for ${failed.length} claims (counted as wrong; listed with the disagreements)`);

  // Per procedure.
  let procedures = 0;
  let proceduresRight = 0;
  for (const o of outcomes) {
    for (const [code, expected] of Object.entries(o.claim.expected.perProcedure)) {
      procedures++;
      if (o.verification.adjudicationDetails[code]?.adjudicationResult === expected) proceduresRight++;
    }
  }
  console.log(`per procedure ${pct(proceduresRight, procedures)} (${proceduresRight}/${procedures})`);

  // Reasons.
  let withReasons = 0;
  let reasonsNamed = 0;
  for (const o of outcomes) {
    const wanted = o.claim.expected.reasonIncludes ?? [];
    if (!wanted.length || o.verification.adjudicationResult !== o.claim.expected.result) continue;
    withReasons++;
    const reason = fold(o.verification.adjudicationReason ?? '');
    if (wanted.every((w) => reason.includes(fold(w)))) reasonsNamed++;
  }
  console.log(
    `reasons naming the missing documents / unconfigured protocol / unreadable files ${pct(reasonsNamed, withReasons)} (${reasonsNamed}/${withReasons} correct verdicts with such a reason)`,
  );

  // Entities.
  console.log('\nEntities the rules look for (present = in a readable document the rule may read)');
  console.log(`${'type'.padEnd(18)}${pad('TP', 7)}${pad('FP', 7)}${pad('FN', 7)}${pad('precision', 11)}${pad('recall', 9)}`);
  const entityStats: Record<string, { tp: number; fp: number; fn: number }> = {};
  for (const type of ENTITY_TYPES) {
    const s = { tp: 0, fp: 0, fn: 0 };
    for (const o of outcomes) {
      for (const e of o.claim.expected.entities.filter((x) => x.type === type)) {
        const found = reportedFound(o.verification.adjudicationDetails, e);
        if (found && e.present) s.tp++;
        else if (found) s.fp++;
        else if (e.present) s.fn++;
      }
    }
    entityStats[type] = s;
    console.log(
      `${type.padEnd(18)}${pad(s.tp, 7)}${pad(s.fp, 7)}${pad(s.fn, 7)}${pad(pct(s.tp, s.tp + s.fp), 11)}${pad(pct(s.tp, s.tp + s.fn), 9)}`,
    );
  }

  const classStats = {} as Record<CorpusClass, { claims: number; agreed: number; targets: number } & Tally>;
  const agrees = (o: Outcome) => o.claim.expected.result === o.verification.adjudicationResult;
  if (options.corpus === 'realworld') printRealWorldClasses(outcomes, agrees);
  else {
    // Classes of hard material: agreement on the claims exercising each, and how their targets were read.
    console.log(
      '\nClasses of hard material (targets: the entities, documents and values a class makes hard; right: read as expected, a negated one not found)',
    );
    console.log(
      `${'class'.padEnd(24)}${pad('claims', 7)}${pad('agreed', 8)}${pad('agreement', 11)}${pad('targets', 9)}${pad('right', 9)}${pad('TP', 5)}${pad('FP', 5)}${pad('FN', 5)}${pad('TN', 5)}${pad('precision', 11)}${pad('recall', 9)}`,
    );
    for (const name of CORPUS_CLASSES) {
      const stats = { claims: 0, agreed: 0, targets: 0, tp: 0, fp: 0, fn: 0, tn: 0 };
      for (const o of outcomes) {
        const exercised = o.claim.expected.classes.find((c) => c.name === name);
        if (!exercised) continue;
        stats.claims++;
        if (agrees(o)) stats.agreed++;
        stats.targets += exercised.targets.length;
        for (const target of exercised.targets) scoreTarget(o.verification.adjudicationDetails, target, stats);
      }
      classStats[name] = stats;
      const scored = stats.targets > 0;
      const count = (n: number) => pad(scored ? n : '-', 5);
      console.log(
        `${name.padEnd(24)}${pad(stats.claims, 7)}${pad(stats.agreed, 8)}${pad(pct(stats.agreed, stats.claims), 11)}${pad(scored ? stats.targets : '-', 9)}${pad(pct(stats.tp + stats.tn, stats.targets), 9)}${count(stats.tp)}${count(stats.fp)}${count(stats.fn)}${count(stats.tn)}${pad(pct(stats.tp, stats.tp + stats.fp), 11)}${pad(pct(stats.tp, stats.tp + stats.fn), 9)}`,
      );
    }
    const withClasses = outcomes.filter((o) => o.claim.expected.classes.length > 0);
    const plain = outcomes.filter((o) => o.claim.expected.classes.length === 0);
    const agreedOf = (list: Outcome[]) => list.filter(agrees).length;
    for (const [label, list] of [
      ['any class', withClasses],
      ['no class', plain],
      ['all claims', outcomes],
    ] as const)
      console.log(`${label.padEnd(24)}${pad(list.length, 7)}${pad(agreedOf(list), 8)}${pad(pct(agreedOf(list), list.length), 11)}`);
    const missing = CORPUS_CLASSES.filter((c) => classStats[c].claims === 0);
    if (missing.length) console.log(`no claim exercised: ${missing.map((c) => `${c} (${CLASS_DESCRIPTIONS[c]})`).join('; ')}`);
  }
  console.log(`\nagreement ${pct(correct, outcomes.length)} (${correct}/${outcomes.length})`);

  // Timing.
  const reads = outcomes.map((o) => o.readMs).sort((a, b) => a - b);
  const scanned = outcomes.filter((o) => o.claim.expected.imagePages > 0).map((o) => o.readMs);
  console.log(
    `\nReading: median ${reads[Math.floor(reads.length / 2)].toFixed(0)} ms/claim, slowest ${reads[reads.length - 1].toFixed(0)} ms; claims with scans avg ${(scanned.reduce((a, b) => a + b, 0) / Math.max(scanned.length, 1)).toFixed(0)} ms; queue ${(verifyMs / 1000).toFixed(1)} s (${((60_000 * outcomes.length) / verifyMs).toFixed(0)} claims/min); total ${(totalMs / 1000).toFixed(1)} s`,
  );

  // Disagreements.
  const mismatches = outcomes.filter((o) => o.claim.expected.result !== o.verification.adjudicationResult);
  if (mismatches.length) {
    console.log(`\nDisagreements (${mismatches.length}, showing ${Math.min(mismatches.length, options.showMismatches)})`);
    for (const o of mismatches.slice(0, options.showMismatches)) {
      const c = o.claim;
      const failed = Object.entries(c.expected.failedTrees)
        .filter(([, t]) => t.length)
        .map(([code, t]) => `${code}:${t.join('+')}`)
        .join(' ');
      const classes = c.realWorld
        ? ` {${c.realWorld.variant}}`
        : c.expected.classes.length
          ? ` {${c.expected.classes.map((k) => k.name).join(', ')}}`
          : '';
      console.log(
        `  ${c.referenceClaimId} ${c.organization} ${c.caseType} ${c.procedureCodes.join('+')} [${c.expected.scenario}]${classes} expected ${c.expected.result}${failed ? ` (${failed})` : ''}, got ${o.verification.adjudicationResult}: ${(o.verification.adjudicationReason ?? '').slice(0, 160)}`,
      );
    }
  }

  if (options.json) {
    const report = {
      options,
      accuracy: correct / outcomes.length,
      failed: failed.length,
      confusion: Object.fromEntries(matrix),
      perProcedureAccuracy: proceduresRight / procedures,
      reasons: { checked: withReasons, named: reasonsNamed },
      entities: entityStats,
      classes: classStats,
      mismatches: mismatches.map((o) => ({
        referenceClaimId: o.claim.referenceClaimId,
        expected: o.claim.expected,
        predicted: o.verification.adjudicationResult,
        reason: o.verification.adjudicationReason,
      })),
    };
    writeFileSync(options.json, JSON.stringify(report, null, 2));
    console.log(`\nReport written to ${options.json}`);
  }
  if (options.minAccuracy !== null && correct / outcomes.length < options.minAccuracy) {
    console.error(`accuracy ${(correct / outcomes.length).toFixed(3)} is below --min-accuracy ${options.minAccuracy}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
