/**
 * The claims list at scale (issue 13): fills N claims with SQL (generate_series; a realistic spread over
 * organisations, statuses, results, dates, hospitals and procedures), then runs the scenarios the screens use
 * through the list's own functions (listClaims, searchClaims) for a provider and an insurer user and prints p50 and
 * p95 per scenario beside the goal: <= 150 ms p95 at 100k claims on embedded PGlite, <= 50 ms p95 at 1M on
 * PostgreSQL (a throwaway database on TEST_DATABASE_URL, skipped when no server answers).
 *
 * `tsx scripts/bench-list.ts [--claims 100000] [--pg-claims 1000000] [--runs 20] [--only pglite|postgres] [--json FILE]`
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@claims/shared-kernel/constants';
import type { AuthContext } from '../src/auth/tokens';
import { listClaims, searchClaims } from '../src/claims/list';
import { openDatabase, rowsOf, type Db, type OpenDatabase } from '../src/db';
import { organizations } from '../src/db/schema';
import { ORGANIZATIONS } from '../src/seed/base';
import { postgresUnavailable, throwawayDatabase } from '../testing/postgres';
import { argument, BENCH_PROVIDER, percentile } from './bench-common';

const LIMIT = 25;
const RUNS = Number(argument('--runs', '20'));
const GOAL_MS = { pglite: 150, postgres: 50 } as const;
type Driver = keyof typeof GOAL_MS;

/** Organisation shares, and the share of each status (the rest ADJUDICATED) and result among adjudicated claims. */
const ORG_SHARES: [string, number][] = [
  ['vitraya', 0.4],
  ['starhealth', 0.25],
  ['maxbupa', 0.15],
  ['bajaj', 0.1],
  ['ML', 0.07],
  ['vitraya-demo', 0.03],
];
const HOSPITALS = 2_000;
const PROCEDURES = 60;
const FIRST_NAMES = ['Asha', 'Ravi', 'Priya', 'Arjun', 'Meena', 'Kiran', 'Sunita', 'Vikram', 'Lakshmi', 'Rahul', 'Anita', 'Suresh'];
const LAST_NAMES = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Khan', 'Das', 'Menon', 'Singh', 'Rao', 'Joshi'];

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/** Cumulative organisation bounds for one random draw. */
function orgCase(): ReturnType<typeof sql.raw> {
  let upTo = 0;
  const branches = ORG_SHARES.map(([code, share]) => {
    upTo += share;
    return `when r_org < ${upTo.toFixed(4)} then '${code}'`;
  });
  return sql.raw(`case ${branches.join(' ')} else 'vitraya' end`);
}

/**
 * N claims in one statement. Dates spread over two years; hospitals and procedures skewed (a few common, a long
 * tail of rare ones); adjudicated claims carry small details, so the found-count columns have work to do.
 * The claims table's secondary indexes are dropped first and built again after, as a bulk load would.
 */
async function fillClaims(db: Db, count: number): Promise<void> {
  await db
    .insert(organizations)
    .values([...ORGANIZATIONS])
    .onConflictDoNothing();
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'claims' and indexname not in (select conname from pg_constraint where conrelid = 'claims'::regclass)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await db.execute(sql`
    insert into claims (org, reference_claim_id, case_type, patient_name, procedure_codes, procedure_names, hospital_code, status,
      adjudication_result, adjudication_details, created_by, created_on, last_modified_on)
    select ${orgCase()}, 'REF-' || lpad(g::text, 7, '0'), case when r_case < 0.3 then 'PRE_AUTH' else 'SETTLEMENT' end,
      (${textArray(FIRST_NAMES)})[1 + (g % ${FIRST_NAMES.length})] || ' ' || (${textArray(LAST_NAMES)})[1 + ((g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length})],
      case when r_two < 0.2 then jsonb_build_array(code, 'PR' || lpad(((code_n + 7) % ${PROCEDURES})::text, 3, '0')) else jsonb_build_array(code) end,
      jsonb_build_array('Procedure ' || code),
      'H' || lpad(floor(${HOSPITALS} * power(r_hospital, 3))::text, 4, '0'),
      status,
      case when status <> 'ADJUDICATED' then null when r_result < 0.55 then 'ACCEPTED' when r_result < 0.8 then 'REJECTED' when r_result < 0.98 then 'QUERY' else 'SUSPENDED' end,
      case when status = 'ADJUDICATED' then jsonb_build_object(code, jsonb_build_object('ruleId', null, 'primary', true, 'adjudicationResult', 'ACCEPTED',
        'procedures', jsonb_build_array(jsonb_build_object('name', 'Procedure ' || code, 'found', true)),
        'diagnoses', jsonb_build_array(jsonb_build_object('name', 'Cataract', 'found', true), jsonb_build_object('name', 'Glaucoma', 'found', r_result < 0.5)),
        'evidence', jsonb_build_array(jsonb_build_object('name', 'Lens', 'found', true)),
        'document', jsonb_build_array(jsonb_build_object('name', 'Discharge Summary', 'found', true), jsonb_build_object('name', 'Final Bill', 'found', true))))
      end,
      'user' || (g % 40), modified - interval '2 days', modified
    from (
      select *, case when r_status < 0.1 then 'OPEN' when r_status < 0.15 then 'PENDING' when r_status < 0.18 then 'IN_PROCESSING'
          when r_status < 0.23 then 'VERIFICATION_FAILED' when r_status < 0.25 then 'SUSPENDED' else 'ADJUDICATED' end as status,
        'PR' || lpad(code_n::text, 3, '0') as code
      from (
        select g, random() as r_org, random() as r_case, random() as r_two, random() as r_hospital, random() as r_result,
          random() as r_status, floor(${PROCEDURES} * power(random(), 2))::int as code_n,
          timestamptz '2025-06-01 00:00:00+00' - random() * interval '730 days' as modified
        from generate_series(1, ${count}) as g
      ) as draws
    ) as claims_drawn`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

const insurer: AuthContext = { username: 'starhealth.reviewer', organization: 'starhealth', role: 'user', jti: 'bench', exp: 0, ver: 0 };

interface Scenario {
  name: string;
  run: () => Promise<unknown[]>;
}

type SearchFilter = Parameters<typeof searchClaims>[3];

/** Search terms and filter values picked from the data: a rare hospital, a common code, texts with a chosen number of hits. */
async function scenariosFor(db: Db, auth: AuthContext, org: string, claims: number): Promise<Scenario[]> {
  const user = auth === BENCH_PROVIDER ? 'provider' : 'insurer';
  const visible = auth === BENCH_PROVIDER ? sql`true` : sql`status = 'ADJUDICATED'`;
  const [rare] = await rowsOf<{ hospital: string; n: number }>(
    db,
    sql`select hospital_code as hospital, count(*)::int as n from claims where org = ${org} and ${visible}
        group by hospital_code order by count(*), hospital_code limit 1`,
  );
  const [code] = await rowsOf<{ code: string; n: number }>(
    db,
    sql`select procedure_codes ->> 0 as code, count(*)::int as n from claims where org = ${org} and ${visible}
        group by 1 order by abs(count(*) - ${Math.round(claims / 200)}) limit 1`,
  );
  // About 10,000 hits at a million claims (scaled with the data): a procedure code, which the search text holds.
  const [manyHits] = await rowsOf<{ term: string; n: number }>(
    db,
    sql`select procedure_codes ->> 0 as term, count(*)::int as n from claims where org = ${org} and ${visible}
        group by 1 order by abs(count(*) - ${Math.round(claims / 100)}) limit 1`,
  );
  const [{ newest }] = await rowsOf<{ newest: string }>(db, sql`select max(last_modified_on)::date::text as newest from claims`);
  const ninetyDaysBefore = new Date(Date.parse(newest) - 89 * 86_400_000).toISOString().slice(0, 10);
  const page = (page_number: number) => ({ limit: LIMIT, page_number, org });
  const search =
    (body: SearchFilter, page_number = 1) =>
    () =>
      searchClaims(db, auth, page(page_number), body, DEFAULT_DISPLAY_TIME_ZONE);
  const list: Scenario[] = [
    { name: 'landing page', run: () => listClaims(db, auth, { ...page(1) }, DEFAULT_DISPLAY_TIME_ZONE) },
    { name: 'page 1000 (jumped to)', run: () => listClaims(db, auth, { ...page(1000) }, DEFAULT_DISPLAY_TIME_ZONE) },
    { name: 'last 90 days', run: search({ startDate: ninetyDaysBefore, endDate: newest }) },
    ...(auth === BENCH_PROVIDER ? [{ name: 'status Open', run: search({ status: ['OPEN'] }) }] : []),
    { name: 'result Rejected', run: search({ status: ['ADJUDICATED'], adjudicationResult: ['REJECTED'] }) },
    { name: `rare hospital (${rare?.n ?? 0} claims)`, run: search({ hospital_code: [rare?.hospital ?? 'none'] }) },
    { name: `procedure code (${code.n} claims)`, run: search({ procedureCode: [code.code] }) },
    { name: 'search, no match', run: search({ query: 'zzqx' }) },
    { name: 'search, a few hits', run: search({ query: 'REF-000123' }) },
    { name: `search, ${manyHits.n} hits`, run: search({ query: manyHits.term }) },
  ];
  return list.map((s) => ({ ...s, name: `${user}: ${s.name}` }));
}

async function measure(scenario: Scenario): Promise<{ p50: number; p95: number; rows: number }> {
  let rows = 0;
  for (let i = 0; i < 2; i += 1) rows = (await scenario.run()).length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await scenario.run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), rows };
}

async function benchOn(driver: Driver, database: OpenDatabase, claims: number) {
  const db = database.db;
  const filling = performance.now();
  await fillClaims(db, claims);
  // As autovacuum would have: the visibility map lets the count and deep pages read the indexes alone.
  await db.execute(sql`vacuum analyze claims`);
  const fillSeconds = Math.round((performance.now() - filling) / 100) / 10;
  console.log(
    `\nClaims list, ${claims.toLocaleString('en')} claims on ${driver} (filled in ${fillSeconds} s), ${RUNS} runs each, goal p95 <= ${GOAL_MS[driver]} ms`,
  );
  const scenarios = [
    ...(await scenariosFor(db, BENCH_PROVIDER, 'vitraya', claims)),
    ...(await scenariosFor(db, insurer, 'starhealth', claims)),
  ];
  const results = [];
  for (const scenario of scenarios) {
    const { p50, p95, rows } = await measure(scenario);
    const ok = p95 <= GOAL_MS[driver];
    results.push({ scenario: scenario.name, p50, p95, rows, ok });
    console.log(
      `  ${scenario.name.padEnd(44)} p50 ${String(p50).padStart(7)} ms  p95 ${String(p95).padStart(7)} ms  ${ok ? 'ok' : 'OVER GOAL'}`,
    );
  }
  const within = results.filter((r) => r.ok).length;
  console.log(`  ${within} of ${results.length} scenarios within ${GOAL_MS[driver]} ms p95`);
  return { driver, claims, fillSeconds, goalP95Ms: GOAL_MS[driver], runs: RUNS, scenarios: results };
}

const only = argument('--only', '');
const report: unknown[] = [];
if (only !== 'postgres') {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    report.push(await benchOn('pglite', database, Number(argument('--claims', '100000'))));
  } finally {
    await database.close();
  }
}
if (only !== 'pglite') {
  const unavailable = await postgresUnavailable();
  if (unavailable) console.log(`\nClaims list on PostgreSQL: skipped, ${unavailable}`);
  else {
    const throwaway = await throwawayDatabase('claims_bench');
    try {
      report.push(await benchOn('postgres', throwaway.database, Number(argument('--pg-claims', '1000000'))));
    } finally {
      await throwaway.drop();
    }
  }
}
const json = argument('--json', '');
if (json) writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
