/**
 * Evaluates the adjudicator on a synthetic corpus with known verdicts.
 *
 *   npm run eval -w @claims/api -- [--count 300] [--seed 1] [--concurrency 2] [--json report.json] [--min-accuracy 0.9]
 *
 * Generates the claims (src/synthetic), reads every file with the adjudicator's document reader (PDF text
 * layer or OCR), verifies each claim against the catalog's rules, and prints the verdict confusion matrix,
 * precision and recall of the entities the rules look for, how often the reason names what it should,
 * and the disagreements.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ADJUDICATION_RESULTS, type AdjudicationResult } from '@claims/shared-kernel/constants';
import type { FoundItem, ProcedureVerification } from '@claims/shared-kernel/contract';
import { catalog, FRAUD_MARKERS, masterDataFor, resolveRule, toRuleDefinition } from '../src/synthetic/catalog';
import { generateSeedClaims, type ExpectedEntity, type GeneratedClaim } from '../src/synthetic/generator';
import { createDocumentReader, verifyClaim } from '../src/verification/index';
import type { ClaimVerification, ReadDocument } from '../src/verification/types';

interface Options {
  count: number;
  seed: number;
  concurrency: number;
  json: string | null;
  minAccuracy: number | null;
  showMismatches: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { count: 300, seed: 1, concurrency: 2, json: null, minAccuracy: null, showMismatches: 25 };
  const numeric = (flag: string, raw: string | undefined, min: number): number => {
    const n = Number(raw);
    if (raw === undefined || !Number.isFinite(n) || n < min) throw new Error(`${flag} needs a number >= ${min}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
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
      case '--show':
        options.showMismatches = Math.floor(numeric(flag, value(), 0));
        break;
      case '--help':
        console.log('usage: tsx scripts/eval.ts [--count N] [--seed S] [--concurrency C] [--json FILE] [--min-accuracy 0..1] [--show N]');
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${argv[i]} (try --help)`);
    }
  }
  return options;
}

interface Outcome {
  claim: GeneratedClaim;
  verification: ClaimVerification;
  readMs: number;
  unreadable: number;
}

const ENTITY_TYPES: ExpectedEntity['type'][] = ['procedures', 'diagnoses', 'evidence', 'document', 'clinicalAttribute', 'drug', 'tissue'];
const fold = (s: string) => s.trim().toLowerCase();

/** Whether the verification reports the entity found for any of the claim's procedures. */
function reportedFound(details: Record<string, ProcedureVerification>, e: ExpectedEntity): boolean {
  return Object.values(details).some((d) =>
    ((d[e.type] as FoundItem[] | undefined) ?? []).some(
      (item) => item.found && (fold(item.name) === fold(e.name) || fold(item.standardName ?? '') === fold(e.name)),
    ),
  );
}

async function runPool<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  });
  await Promise.all(lanes);
  return results;
}

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const pad = (s: string | number, w: number) => String(s).padStart(w);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  console.log(`Generating ${options.count} claims (seed ${options.seed})...`);
  const claims = await generateSeedClaims(options.count, options.seed);
  const generatedMs = performance.now() - started;
  const files = claims.reduce((n, c) => n + c.documents.length, 0);
  const imagePages = claims.reduce((n, c) => n + c.expected.imagePages, 0);
  console.log(`  ${claims.length} claims, ${files} files, ${imagePages} scanned pages, in ${(generatedMs / 1000).toFixed(1)} s`);

  const reader = createDocumentReader({ ocrWorkers: options.concurrency });
  const fraudMarkers = FRAUD_MARKERS.flatMap((m) => [m.name, ...m.alias]);
  let done = 0;
  const outcomes = await runPool(claims, options.concurrency, async (claim, index): Promise<Outcome> => {
    const t0 = performance.now();
    const documents: ReadDocument[] = [];
    for (const [i, d] of claim.documents.entries()) {
      documents.push(
        await reader.read({
          documentId: i + 1,
          fileName: d.fileName,
          contentType: d.contentType,
          url: `/eval/${index}/${i + 1}`,
          data: d.data,
        }),
      );
    }
    const readMs = performance.now() - t0;
    const rules = Object.fromEntries(
      claim.procedureCodes.map((code) => {
        const rule = resolveRule(catalog.rules, claim.organization, code, claim.caseType);
        return [code, rule ? toRuleDefinition(rule) : null];
      }),
    );
    const verification = verifyClaim({
      claim: {
        id: index + 1,
        caseType: claim.caseType,
        procedureCodes: claim.procedureCodes,
        hospitalCode: claim.hospitalCode,
        organization: claim.organization,
      },
      documents,
      masters: masterDataFor(claim.hospitalCode),
      rules,
      fraudMarkers,
    });
    done++;
    if (done % 25 === 0 || done === claims.length) process.stdout.write(`  verified ${done}/${claims.length}\r`);
    return { claim, verification, readMs, unreadable: documents.filter((d) => d.error).length };
  });
  await reader.close();
  const totalMs = performance.now() - started;
  console.log('');

  // Verdict confusion matrix.
  const matrix = new Map<string, number>();
  let correct = 0;
  for (const o of outcomes) {
    const key = `${o.claim.expected.result}>${o.verification.adjudicationResult}`;
    matrix.set(key, (matrix.get(key) ?? 0) + 1);
    if (o.claim.expected.result === o.verification.adjudicationResult) correct++;
  }
  const labels = ADJUDICATION_RESULTS as readonly AdjudicationResult[];
  console.log('\nVerdicts (rows expected, columns predicted)');
  console.log(`${'expected'.padEnd(10)}${labels.map((l) => pad(l, 11)).join('')}${pad('total', 8)}${pad('recall', 9)}`);
  for (const e of labels) {
    const row = labels.map((p) => matrix.get(`${e}>${p}`) ?? 0);
    const total = row.reduce((a, b) => a + b, 0);
    console.log(`${e.padEnd(10)}${row.map((n) => pad(n, 11)).join('')}${pad(total, 8)}${pad(pct(matrix.get(`${e}>${e}`) ?? 0, total), 9)}`);
  }
  const precisionRow = labels.map((p) => {
    const column = labels.reduce((s, e) => s + (matrix.get(`${e}>${p}`) ?? 0), 0);
    return pad(pct(matrix.get(`${p}>${p}`) ?? 0, column), 11);
  });
  console.log(`${'precision'.padEnd(10)}${precisionRow.join('')}`);
  console.log(`accuracy ${pct(correct, outcomes.length)} (${correct}/${outcomes.length})`);

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
    `reasons naming the missing documents / unconfigured protocol ${pct(reasonsNamed, withReasons)} (${reasonsNamed}/${withReasons} correct QUERY verdicts)`,
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

  // Timing.
  const reads = outcomes.map((o) => o.readMs).sort((a, b) => a - b);
  const scanned = outcomes.filter((o) => o.claim.expected.imagePages > 0).map((o) => o.readMs);
  console.log(
    `\nReading: median ${reads[Math.floor(reads.length / 2)].toFixed(0)} ms/claim, slowest ${reads[reads.length - 1].toFixed(0)} ms; claims with scans avg ${(scanned.reduce((a, b) => a + b, 0) / Math.max(scanned.length, 1)).toFixed(0)} ms; total ${(totalMs / 1000).toFixed(1)} s`,
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
      console.log(
        `  ${c.referenceClaimId} ${c.organization} ${c.caseType} ${c.procedureCodes.join('+')} [${c.expected.scenario}] expected ${c.expected.result}${failed ? ` (${failed})` : ''}, got ${o.verification.adjudicationResult}: ${(o.verification.adjudicationReason ?? '').slice(0, 160)}`,
      );
    }
  }

  if (options.json) {
    const report = {
      options,
      accuracy: correct / outcomes.length,
      confusion: Object.fromEntries(matrix),
      perProcedureAccuracy: proceduresRight / procedures,
      reasons: { checked: withReasons, named: reasonsNamed },
      entities: entityStats,
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
