/**
 * Protocol rules and procedure questions as a clinical analyst uses them (issue 10), in Chromium against the
 * private suite: a rule built with nested groups in all four builders, saved and read back in the viewer; a change
 * tried on the recent verified claims before it is saved; an insurer's override that then judges that insurer's
 * claim; questions created, edited and deleted by a named question editor while another user is refused.
 * Procedures are made and claims and rules found through the api, never assumed by id.
 */
import { ENTITY_LABELS, type EntityName, insurerLabel, OPERATOR_LABELS } from '@claims/shared-kernel/constants';
import type {
  Claim,
  ClaimCreateResponse,
  ClaimQuestions,
  ClinicalAttribute,
  KeywordEntity,
  Procedure,
  ProcedureQuestion,
  Rule,
  RuleDryRunResult,
  RuleListRow,
  RuleOfProcedure,
  RuleStatement,
} from '@claims/shared-kernel/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, type E2E, screenshot, signInAs } from './harness';

/** A super user of the provider and one of the named question editors (the api's default QUESTION_EDITORS). */
const ADMIN = 'vitraya.admin';
/** A user of the provider who is not a question editor. */
const REVIEWER = 'vitraya.reviewer';
const PROVIDER = 'vitraya';
/** The insurers an override is tried for, with the labels the screens give them. */
const INSURERS = (['starhealth', 'maxbupa', 'bajaj'] as const).map((code) => ({ code, label: insurerLabel(code) }));
const ORGANIZATIONS = ['vitraya', 'starhealth', 'maxbupa', 'bajaj', 'ML', 'vitraya-demo'];
/** The rule viewer's words for a group (spec 2 §2.10). */
const ALL_TRUE = 'All of the statements should be true';
const ANY_TRUE = 'Any of the statements should be true';
/** A verification the queue runs at once still waits for a busy machine. */
const VERIFICATION_TIMEOUT = 180_000;

// ---------------------------------------------------------------------------------------------------
// The api as one demo user calls it

interface ApiSession {
  call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }>;
  /** A call that must succeed (200 or 201). */
  ok<T>(method: string, path: string, body?: unknown): Promise<T>;
}

async function apiSession(e2e: E2E, username: string): Promise<ApiSession> {
  const { access_token: token } = await apiLogin(e2e.apiBaseUrl, username);
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const form = body instanceof FormData;
    const response = await fetch(`${e2e.apiBaseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, data: (text ? JSON.parse(text) : null) as T };
  };
  return {
    call,
    async ok<T>(method: string, path: string, body?: unknown) {
      const { status, data } = await call<T>(method, path, body);
      if (status !== 200 && status !== 201) throw new Error(`${method} ${path} as ${username}: ${status} ${JSON.stringify(data)}`);
      return data;
    },
  };
}

/** Polls `read` every second until it answers something, or fails naming what it waited for (and what it saw last). */
async function until<T>(what: string | (() => string), read: () => Promise<T | undefined>, timeout = VERIFICATION_TIMEOUT): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const stamp = () => `${Date.now()}`.slice(-7);

/** A procedure of its own for a test (no rule and no question yet), in the first procedure group. */
async function newProcedure(admin: ApiSession, label: string): Promise<Procedure> {
  const [group] = await admin.ok<KeywordEntity[]>('GET', '/procedureGroup?getall=true');
  const id = stamp();
  return admin.ok<Procedure>('POST', '/procedures', {
    name: `E2E ${label} ${id}`,
    procedure_code: `e2e${label.toLowerCase().replace(/\W/g, '')}${id}`,
    snomedct_code: `9${id}`,
    fk_procedure_group: group.id,
  });
}

/** The names of a master's entries, sorted (what the builder's pickers offer). */
async function masterNames(admin: ApiSession, module: string): Promise<string[]> {
  const rows = await admin.ok<{ name: string }[]>('GET', `/${module}?getall=true`);
  return rows.map((row) => row.name).sort((a, b) => a.localeCompare(b));
}

/** Every verified claim of the seed, read in full once the seed's verifications have settled. */
async function settledClaims(admin: ApiSession): Promise<Claim[]> {
  const settled = (status: string) => status === 'ADJUDICATED' || status === 'SUSPENDED' || status.endsWith('_FAILED');
  let rows: { id: number; status: string; org: string }[] = [];
  await until('the seed to settle', async () => {
    const previous = rows.length;
    rows = (
      await Promise.all(
        ORGANIZATIONS.map(async (org) =>
          (
            await admin.ok<{ id: number; status: string }[]>('GET', `/claims?limit=500&page_number=1&org=${org}`)
          ).map((row) => ({
            ...row,
            org,
          })),
        ),
      )
    ).flat();
    return rows.length > 0 && rows.length === previous && rows.every((row) => settled(row.status)) ? true : undefined;
  });
  return Promise.all(
    rows.filter((row) => row.status === 'ADJUDICATED').map((row) => admin.ok<Claim>('GET', `/claims/${row.id}?org=${row.org}`)),
  );
}

async function providerRules(admin: ApiSession): Promise<RuleListRow[]> {
  return admin.ok<RuleListRow[]>('GET', `/rules?org=${PROVIDER}&limit=500&page_number=1`);
}

/** A one-page text PDF (A4) with the lines given. */
async function textPdf(lines: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([595.28, 841.89]);
  lines.forEach((line, i) => {
    sheet.drawText(line, { x: 56, y: 780 - i * 24, size: i === 0 ? 16 : 11, font });
  });
  return Uint8Array.from(await pdf.save());
}

// ---------------------------------------------------------------------------------------------------
// The screens

async function withPage(e2e: E2E, username: string, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await e2e.newPage();
  try {
    await signInAs(page, e2e.shellUrl, username);
    await run(page);
  } finally {
    await context.close();
  }
}

/**
 * Picks options of the antd Select labelled `label`: opens it, types each option's text where it searches, and
 * clicks the option with that title; a multiple select is closed afterwards.
 */
async function choose(page: Page, label: string, titles: string[], search = titles): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  for (const [index, title] of titles.entries()) {
    await input.click();
    if (await input.isEditable()) await input.fill(search[index]);
    // The select's own dropdown (another may still be closing), once it has opened: it grows from its select's edge,
    // moving its options while it does.
    const list = await input.getAttribute('aria-controls');
    const dropdown = page.locator(`.ant-select-dropdown:has([id="${list}"]):not([class*="-appear"]):not([class*="-enter"])`);
    await dropdown.locator(`.ant-select-item-option[title="${title}"]`).click();
  }
  if ((await input.getAttribute('aria-expanded')) === 'true') await input.press('Escape');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A button by its text; an antd icon inside it adds its own name (lower case) before the text. */
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^(?:[a-z-]+ )?${escaped(name)}$`) });

/** The success or failure message antd shows at the top of the page. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

// ---------------------------------------------------------------------------------------------------
// Rule trees as the test builds them

type LeafOperator = NonNullable<RuleStatement['operator']>;

interface Condition {
  operator: LeafOperator;
  /** Presence: the entity looked for (else the builder's own) and the values; ANY_OF_N_VALUES_IS_PRESENT's count. */
  entity?: EntityName;
  values?: string[];
  count?: number;
  /** Comparisons: the clinical attribute, and a number, a range or a typed list. */
  attribute?: { id: number; name: string };
  value?: number;
  range?: [number, number];
  list?: string;
  inclusion?: string[];
  exclusion?: string[];
  description?: string;
}
interface Group {
  booleanOperator: 'AND' | 'OR';
  statements: (Condition | Group)[];
}
const isGroup = (node: Condition | Group): node is Group => 'booleanOperator' in node;

const PRESENCE: LeafOperator[] = ['ANY_OF_N_VALUES_IS_PRESENT', 'ALL_OF_THE_VALUES_ARE_PRESENT'];
/** The four builders of the rule form, with the entity a new presence condition of each looks for. */
const BUILDERS = [
  { tree: 'procedureRule', title: 'Procedure Rule', entity: 'procedures' },
  { tree: 'diagnosisRule', title: 'Diagnosis Rule', entity: 'diagnoses' },
  { tree: 'documentRule', title: 'Document Rule', entity: 'document' },
  { tree: 'clinicalTermsRule', title: 'Clinical Terms Rule', entity: 'evidence' },
] as const;
type Builder = (typeof BUILDERS)[number];

/** Fills the condition at `path` of a builder (it exists, without an operator) as `condition` says. */
async function fillCondition(page: Page, builder: Builder, path: string, condition: Condition): Promise<void> {
  const name = `${builder.title} ${path}`;
  await choose(page, `Operator of ${name}`, [OPERATOR_LABELS[condition.operator]]);
  if (PRESENCE.includes(condition.operator)) {
    if (condition.entity) await choose(page, `Entity of ${name}`, [ENTITY_LABELS[condition.entity]]);
    await choose(page, `Values of ${name}`, condition.values!);
    if (condition.count) await choose(page, `Number of values of ${name}`, [String(condition.count)]);
  } else {
    await choose(page, `Clinical attribute of ${name}`, [condition.attribute!.name]);
    if (condition.range) {
      await page.getByLabel(`Lower bound of ${name}`, { exact: true }).fill(String(condition.range[0]));
      await page.getByLabel(`Upper bound of ${name}`, { exact: true }).fill(String(condition.range[1]));
    } else if (condition.list !== undefined) {
      await page.getByLabel(`Values of ${name}`, { exact: true }).fill(condition.list);
    } else {
      await page.getByLabel(`Value of ${name}`, { exact: true }).fill(String(condition.value));
    }
  }
  if (condition.inclusion) await choose(page, `Document Inclusion List of ${name}`, condition.inclusion);
  if (condition.exclusion) await choose(page, `Document Exclusion List of ${name}`, condition.exclusion);
  if (condition.description) await page.getByLabel(`Description of ${name}`, { exact: true }).fill(condition.description);
}

/**
 * Builds `group` into the group at `path` with the builder's Add, Add Group and 'add after' links. A new group
 * comes with one empty condition, which its first statement (a condition) fills.
 */
async function buildGroup(page: Page, builder: Builder, path: string, group: Group, fresh: boolean): Promise<void> {
  const name = `${builder.title} ${path}`;
  if (group.booleanOperator === 'OR')
    await page
      .getByRole('radiogroup', { name: `Boolean operator of ${name}` })
      .getByText('OR', { exact: true })
      .click();
  for (const [index, child] of group.statements.entries()) {
    const childPath = `${path}.${index + 1}`;
    const previous = group.statements[index - 1];
    if (isGroup(child)) {
      await button(page, `Add a group to ${name}`).click();
      await buildGroup(page, builder, childPath, child, true);
      continue;
    }
    if (index > 0 || !fresh) {
      // After a condition the 'Add' beside it puts the next one right after it; after a group, the group's own Add.
      const add = previous && !isGroup(previous) ? `Add a condition after ${builder.title} ${path}.${index}` : `Add a condition to ${name}`;
      await button(page, add).click();
    }
    await fillCondition(page, builder, childPath, child);
  }
}

/** What the api stores for a condition the builder made (spec 2 §3: no editor-only fields). */
function savedCondition(condition: Condition, builder: Builder): RuleStatement {
  const scope = {
    ...(condition.inclusion ? { documentInclusionList: condition.inclusion } : {}),
    ...(condition.exclusion ? { documentExclusionList: condition.exclusion } : {}),
    ...(condition.description ? { description: condition.description } : {}),
  };
  if (PRESENCE.includes(condition.operator))
    return {
      operator: condition.operator,
      entityName: condition.entity ?? builder.entity,
      valuesToFind: condition.values,
      ...(condition.operator === 'ANY_OF_N_VALUES_IS_PRESENT' ? { numberOfValues: condition.count ?? 1 } : {}),
      ...scope,
    };
  return {
    operator: condition.operator,
    entityName: 'clinicalattribute',
    valueToCompare: condition.attribute,
    ...(condition.range
      ? { range: condition.range }
      : condition.list !== undefined
        ? {
            value: condition.list
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          }
        : { value: condition.value }),
    ...scope,
  };
}

function savedTree(node: Condition | Group, builder: Builder): RuleStatement {
  return isGroup(node)
    ? { booleanOperator: node.booleanOperator, statements: node.statements.map((child) => savedTree(child, builder)) }
    : savedCondition(node, builder);
}

/**
 * The viewer's line for each statement, by its dotted path: a group's sentence, a leaf's condition with its first
 * three values, '+N values' for the rest, document lists over three as two and a count, and its description.
 */
function viewerLines(node: Condition | Group, builder: Builder, path = '1'): [string, string][] {
  if (isGroup(node))
    return [
      [path, node.booleanOperator === 'AND' ? ALL_TRUE : ANY_TRUE],
      ...node.statements.flatMap((child, index) => viewerLines(child, builder, `${path}.${index + 1}`)),
    ];
  const values =
    node.values ??
    node.list
      ?.split(',')
      .map((v) => v.trim())
      .filter(Boolean) ??
    [];
  const shown = [...values.slice(0, 3), ...(values.length > 3 ? [`+${values.length - 3} values`] : [])];
  const documents = (list: string[]) => (list.length > 3 ? `${list.slice(0, 2).join(', ')} +${list.length - 2}` : list.join(', '));
  const entity = ENTITY_LABELS[node.entity ?? (builder.entity as EntityName)];
  const subject = node.attribute?.name;
  const text = {
    ANY_OF_N_VALUES_IS_PRESENT: `${entity}: any ${node.count ?? 1} of these present`,
    ALL_OF_THE_VALUES_ARE_PRESENT: `${entity}: all of these present`,
    VALUE_GREATER_THAN: `${subject} > ${node.value}`,
    VALUE_LESS_THAN_EQUAL_TO: `${subject} <= ${node.value}`,
    VALUE_IN_RANGE: `${subject} between ${node.range?.[0]} and ${node.range?.[1]}`,
    VALUE_IN: `${subject} is one of`,
  }[node.operator as string];
  const parts = [
    text,
    ...shown,
    ...(node.inclusion ? [`in ${documents(node.inclusion)}`] : []),
    ...(node.exclusion ? [`not in ${documents(node.exclusion)}`] : []),
    ...(node.description ? [node.description] : []),
  ];
  return [[path, parts.join(' ')]];
}

/** The viewer's statements in a card: each path label with the rest of its line (its texts joined by spaces). */
async function shownLines(card: Locator): Promise<[string, string][]> {
  return card.evaluate((element) =>
    [...element.querySelectorAll('span')]
      .filter((span) => /^\d+(\.\d+)*$/.test(span.textContent ?? '') && span.parentElement)
      .map((span): [string, string] => {
        const texts: string[] = [];
        const walker = document.createTreeWalker(span.parentElement!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!span.contains(node)) texts.push(node.textContent ?? '');
        return [span.textContent!, texts.join(' ').replace(/\s+/g, ' ').trim()];
      }),
  );
}

// ---------------------------------------------------------------------------------------------------
// The tests

async function ruleIsBuiltSavedAndViewed(e2e: E2E): Promise<void> {
  const admin = await apiSession(e2e, ADMIN);
  const procedure = await newProcedure(admin, 'Rule');
  const procedures = (await masterNames(admin, 'procedures')).filter((name) => name !== procedure.name);
  const diagnoses = await masterNames(admin, 'diagnoses');
  const evidence = await masterNames(admin, 'evidence');
  const documents = await masterNames(admin, 'document');
  const attributes = (await admin.ok<ClinicalAttribute[]>('GET', '/clinicalAttribute?getall=true'))
    .map((a) => ({ id: a.id, name: a.name }))
    .sort((a, b) => a.name.localeCompare(b.name));

  // Groups nested two deep in every builder, with every shape of condition among them.
  const trees: Record<Builder['tree'], Group> = {
    procedureRule: {
      booleanOperator: 'AND',
      statements: [
        { operator: 'ANY_OF_N_VALUES_IS_PRESENT', values: [procedures[0]], description: 'The procedure is named' },
        {
          booleanOperator: 'OR',
          statements: [
            { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', values: procedures.slice(1, 3) },
            {
              booleanOperator: 'AND',
              statements: [{ operator: 'ANY_OF_N_VALUES_IS_PRESENT', entity: 'diagnoses', values: [diagnoses[0]] }],
            },
          ],
        },
      ],
    },
    diagnosisRule: {
      booleanOperator: 'OR',
      statements: [
        { operator: 'ANY_OF_N_VALUES_IS_PRESENT', values: diagnoses.slice(1, 5), count: 2 },
        {
          booleanOperator: 'AND',
          statements: [
            { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entity: 'evidence', values: [evidence[0]] },
            { operator: 'VALUE_IN_RANGE', attribute: attributes[0], range: [10, 20.5] },
          ],
        },
      ],
    },
    documentRule: {
      booleanOperator: 'AND',
      statements: [
        { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', values: documents.slice(0, 2) },
        {
          booleanOperator: 'OR',
          statements: [
            { operator: 'ANY_OF_N_VALUES_IS_PRESENT', values: [documents[2]], exclusion: documents.slice(3, 7) },
            { operator: 'ANY_OF_N_VALUES_IS_PRESENT', values: [documents[7]], inclusion: [documents[8]] },
          ],
        },
      ],
    },
    clinicalTermsRule: {
      booleanOperator: 'AND',
      statements: [
        { operator: 'VALUE_GREATER_THAN', attribute: attributes[1], value: 5 },
        {
          booleanOperator: 'OR',
          statements: [
            { operator: 'VALUE_IN', attribute: attributes[2], list: 'Mild, Moderate ,, Severe' },
            { operator: 'VALUE_LESS_THAN_EQUAL_TO', attribute: attributes[2], value: 7.5 },
          ],
        },
      ],
    },
  };

  await withPage(e2e, ADMIN, async (page) => {
    await page.goto(`${e2e.shellUrl}/rules/create?org=${PROVIDER}`);
    await page.getByRole('heading', { name: 'Create Rule' }).waitFor();
    await choose(page, 'Procedure', [`${procedure.procedure_code} - ${procedure.name}`], [procedure.procedure_code]);
    expect(await page.getByLabel('Procedure Group', { exact: true }).inputValue()).toBe(procedure.procedure_group?.name);
    await page.getByRole('radiogroup', { name: 'Case Type' }).getByText('Pre Authorization', { exact: true }).click();

    for (const builder of BUILDERS) await buildGroup(page, builder, '1', trees[builder.tree], false);
    // A condition added and deleted again, and one left without an operator (dropped on save).
    await button(page, 'Add a condition to Clinical Terms Rule 1').click();
    await button(page, 'Delete Clinical Terms Rule 1.3').click();
    expect(await page.getByRole('group', { name: 'Clinical Terms Rule 1.3', exact: true }).count()).toBe(0);
    await button(page, 'Add a condition to Document Rule 1.2').click();
    await page
      .getByRole('group', { name: 'Document Rule 1.2.3', exact: true })
      .getByText('Choose an operator; a condition without one is left out on save.')
      .waitFor();
    await page.getByRole('group', { name: 'Procedure Rule 1.2.2', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'rules-editor-nested');

    await button(page, 'Save').click();
    await toast(page, `Rule for ${procedure.name} in PRE_AUTH is saved`).waitFor();
    await page.waitForURL(`**/rules?org=${PROVIDER}`);

    const [saved] = await admin.ok<RuleOfProcedure[]>('POST', `/rules/searchPcode?org=${PROVIDER}`, {
      procedureCode: [procedure.procedure_code],
    });
    expect(saved.case_type).toBe('PRE_AUTH');
    const rule = await admin.ok<Rule>('GET', `/rules/${saved.id}?org=${PROVIDER}`);
    for (const builder of BUILDERS) expect(rule[builder.tree]).toEqual(savedTree(trees[builder.tree], builder));
    // The conditions' names are the rule's selections (what the list and its filter show).
    expect(rule.diagnosis.map((d) => d.name).sort()).toEqual([...diagnoses.slice(0, 5)].sort());
    expect(rule.version).toBe(1);

    await page.goto(`${e2e.shellUrl}/rules/view/${rule.id}?org=${PROVIDER}`);
    await page.getByText(`${procedure.name} (Vitraya)`).waitFor();
    for (const builder of BUILDERS) {
      const card = page
        .locator('.ant-card-small')
        .filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${builder.title}$`) }) });
      expect(await shownLines(card)).toEqual(viewerLines(trees[builder.tree], builder));
    }
    await screenshot(page, 'rules-viewer-nested');
  });
}

async function dryRunShowsTheFlippedClaims(e2e: E2E): Promise<void> {
  const admin = await apiSession(e2e, ADMIN);
  const claims = await settledClaims(admin);
  const rules = await providerRules(admin);
  // The provider's rule with the most procedures it accepted on the seed's claims.
  const accepted = new Map<number, Claim[]>();
  for (const claim of claims)
    for (const verification of Object.values(claim.adjudicationDetails ?? {}))
      if (verification.adjudicationResult === 'ACCEPTED' && rules.some((r) => r.id === verification.ruleId))
        accepted.set(verification.ruleId!, [...(accepted.get(verification.ruleId!) ?? []), claim]);
  const [ruleId, acceptedClaims] = [...accepted].sort(([, a], [, b]) => b.length - a.length)[0] ?? [];
  if (!ruleId) {
    const verdicts = claims.flatMap((c) => Object.values(c.adjudicationDetails ?? {}).map((v) => v.adjudicationResult));
    throw new Error(`no claim of the seed was accepted by a rule of the provider (verdicts: ${verdicts.join(', ') || 'none'})`);
  }
  const rule = await admin.ok<Rule>('GET', `/rules/${ruleId}?org=${PROVIDER}`);
  // A condition no claim can meet, added to a tree whose root asks for all its statements.
  const builder = BUILDERS.find(({ tree }) => !rule[tree]?.statements || rule[tree]?.booleanOperator === 'AND')!;
  const root = rule[builder.tree];
  const path = `1.${root?.statements ? root.statements.length + 1 : root ? 2 : 1}`;
  const [attribute] = await admin.ok<ClinicalAttribute[]>('GET', '/clinicalAttribute?getall=true');
  const impossible: Condition = { operator: 'VALUE_GREATER_THAN', attribute: { id: attribute.id, name: attribute.name }, value: 1000000 };

  await withPage(e2e, ADMIN, async (page) => {
    await page.goto(`${e2e.shellUrl}/rules/edit/${rule.id}?org=${PROVIDER}`);
    await page.getByRole('heading', { name: 'Edit Rule for Vitraya' }).waitFor();
    await button(page, `Add a condition to ${builder.title} 1`).click();
    await fillCondition(page, builder, path, impossible);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/rules/dryRun') && r.request().method() === 'POST'),
      button(page, 'Try on claims').click(),
    ]);
    const result = (await answer.json()) as RuleDryRunResult;
    const panel = page.getByLabel('Try on claims results', { exact: true });
    const summary = panel.getByTestId('dry-run-summary');
    await summary.waitFor();

    // Every procedure the rule accepted now fails the impossible condition, and the panel lists each such claim.
    const flipped = new Map(result.claims.map((c) => [c.id, c]));
    for (const claim of acceptedClaims) expect(flipped.get(claim.id)).toMatchObject({ before: 'ACCEPTED', after: 'REJECTED' });
    expect(result.claims.length).toBeGreaterThan(0);
    const expectedPath = `${builder.tree}.statements[${Number(path.split('.')[1]) - 1}]`;
    for (const claim of result.claims) {
      expect(claim.after).toBe('REJECTED');
      expect(claim.flipped.map((leaf) => leaf.path)).toContain(expectedPath);
    }
    const changed = result.claims.length;
    expect(await summary.textContent()).toBe(
      `${result.considered} recent verified ${result.considered === 1 ? 'claim' : 'claims'} of ${rule.procedures.name} (${rule.case_type === 'PRE_AUTH' ? 'Pre Authorization' : 'Settlement'}) tried: ${changed} ${changed === 1 ? 'verdict' : 'verdicts'} would change, ${result.unchanged} would stay the same.`,
    );
    const rows = panel.locator('.ant-table-tbody tr.ant-table-row');
    expect(await rows.count()).toBe(changed);
    for (const claim of result.claims) {
      const row = rows.filter({ hasText: claim.referenceClaimId });
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(`${claim.before.charAt(0)}${claim.before.slice(1).toLowerCase()}→Rejected`);
      expect(text).toContain(expectedPath);
      expect(text).toContain(`${attribute.name} > 1000000`);
    }
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'rules-dry-run');
  });
  // Nothing was saved.
  expect((await admin.ok<Rule>('GET', `/rules/${rule.id}?org=${PROVIDER}`)).version).toBe(rule.version);
}

async function overrideJudgesTheInsurersClaim(e2e: E2E): Promise<void> {
  const admin = await apiSession(e2e, ADMIN);
  await settledClaims(admin);
  // A provider rule that an insurer has no rule of its own beside.
  let chosen: { rule: RuleListRow; insurer: (typeof INSURERS)[number] } | undefined;
  // A rule of the seed's (procedures these tests make start with e2e).
  for (const rule of (await providerRules(admin)).filter((r) => !r.procedures.procedure_code.startsWith('e2e'))) {
    for (const insurer of INSURERS)
      if (!chosen && !(await admin.ok<boolean>('GET', `/rules/exists/${rule.id}?org=${insurer.code}`))) chosen = { rule, insurer };
    if (chosen) break;
  }
  if (!chosen) throw new Error('every insurer has its own rule for every procedure');
  const { rule: providerRule, insurer } = chosen;
  const code = providerRule.procedures.procedure_code;
  // A document the provider's rule does not name anywhere.
  const providerContent = JSON.stringify(await admin.ok<Rule>('GET', `/rules/${providerRule.id}?org=${PROVIDER}`));
  const required = (await masterNames(admin, 'document')).find((name) => !providerContent.includes(`"${name}"`))!;

  // The insurer's claim, judged first by the provider's rule.
  const referenceClaimId = `E2E-OVERRIDE-${stamp()}`;
  const form = new FormData();
  form.append('patientName', 'Kavya Menon');
  form.append('referenceClaimId', referenceClaimId);
  form.append('caseType', providerRule.case_type);
  form.append('procedureName', code);
  const pdf = await textPdf(['GENERAL HOSPITAL', 'Discharge Summary', `Procedure done: ${providerRule.procedures.name}`]);
  form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'summary.pdf');
  const created = await admin.ok<ClaimCreateResponse>('POST', `/claims?org=${insurer.code}`, form);
  const claimId = created.id;
  // A procedure that asks questions is verified at once, and again once they are answered.
  if (created.requestAdditoinalInput) {
    const { questions } = await admin.ok<ClaimQuestions>('GET', `/claims/${claimId}/questions?org=${insurer.code}`);
    const answers = Object.fromEntries(
      questions.map((q) => [String(q.id), [q.questionType === 'numerics' ? '1' : (q.answer[0] ?? 'Yes')]]),
    );
    await admin.ok('POST', `/claims/${claimId}/questions?org=${insurer.code}`, { answers });
  }
  let seen: Claim | undefined;
  const verified = (after?: string) =>
    until(
      () => `claim ${claimId} to be verified (last seen ${seen?.status}, verified ${seen?.lastVerifiedOn})`,
      async () => {
        seen = await admin.ok<Claim>('GET', `/claims/${claimId}?org=${insurer.code}`);
        if (seen.status.endsWith('_FAILED')) throw new Error(`claim ${claimId} was not verified: ${seen.status}`);
        // Answered questions verify the claim again: the verdict waited for is the one with the answers.
        return seen.status === 'ADJUDICATED' && !seen.progress && !seen.answersRequested && seen.lastVerifiedOn !== after
          ? seen
          : undefined;
      },
    );
  const first = await verified();
  expect(first.adjudicationDetails![code]).toMatchObject({ ruleId: providerRule.id });

  await withPage(e2e, ADMIN, async (page) => {
    await page.goto(`${e2e.shellUrl}/rules/edit/${providerRule.id}?org=${PROVIDER}`);
    await page.getByRole('heading', { name: 'Edit Rule for Vitraya' }).waitFor();
    await button(page, 'Enable Procedure Override').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Protocol Overrides' });
    await dialog.getByRole('radiogroup', { name: 'Insurer' }).getByText(insurer.label, { exact: true }).click();
    await button(dialog, 'Create Override').click();
    await toast(page, `Successfully override created for ${providerRule.procedures.name} in ${insurer.label}`).waitFor();
    await page.waitForURL(new RegExp(`/rules/edit/\\d+\\?org=${insurer.code}$`));
    const overrideId = Number(/\/rules\/edit\/(\d+)/.exec(page.url())![1]);
    expect(overrideId).not.toBe(providerRule.id);
    await page.getByRole('heading', { name: `Edit Rule for ${insurer.label}` }).waitFor();

    // The insurer asks for one more document: its rule now differs from the provider's.
    const override = await admin.ok<Rule>('GET', `/rules/${overrideId}?org=${insurer.code}`);
    const root = override.documentRule;
    const builder = BUILDERS[2];
    const rootIsAll = !root?.statements || root.booleanOperator === 'AND';
    if (!rootIsAll) throw new Error(`the document rule of ${code} asks for any of its statements`);
    const path = `1.${root?.statements ? root.statements.length + 1 : root ? 2 : 1}`;
    await button(page, 'Add a condition to Document Rule 1').click();
    await fillCondition(page, builder, path, { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', values: [required] });
    await button(page, 'Save').click();
    // When the insurer has the other case type too, the editor asks whether to change both: only this one.
    const { result: caseTypes } = await admin.ok<{ result: unknown }>('POST', `/rules/existence?org=${insurer.code}`, {
      procedureCode: [code],
    });
    if (caseTypes === true) {
      const dialog = page.getByRole('dialog').filter({ hasText: 'Do you want to change content for preauth/settlement' });
      await button(dialog, 'No').click();
    }
    await toast(page, `${providerRule.case_type} case is edited`).waitFor();
    await page.waitForURL(`**/rules?org=${insurer.code}`);
    const edited = await admin.ok<Rule>('GET', `/rules/${overrideId}?org=${insurer.code}`);
    expect(edited.version).toBe(2);
    expect(JSON.stringify(edited.documentRule)).toContain(required);
    // The provider's rule is untouched.
    expect(JSON.stringify((await admin.ok<Rule>('GET', `/rules/${providerRule.id}?org=${PROVIDER}`)).documentRule)).not.toContain(required);

    // Verified again, the insurer's claim is judged by the insurer's rule.
    await page.goto(`${e2e.shellUrl}/claims/${claimId}?org=${insurer.code}`);
    await page.getByRole('heading', { name: referenceClaimId }).waitFor();
    await button(page, 'Run Verification').click();
    const again = await verified(first.lastVerifiedOn ?? undefined);
    expect(again.adjudicationDetails![code]).toMatchObject({ ruleId: overrideId, ruleVersion: 2 });
    await page.getByTestId('verified').filter({ hasText: 'against rule version 2' }).waitFor({ timeout: 30_000 });
    const panel = page.getByRole('region', { name: `Procedure ${code}` });
    await panel.getByText('Rules behind the result').click();
    await panel
      .locator('.ant-tag')
      .filter({ hasText: new RegExp(`^${required}$`) })
      .first()
      .waitFor();
    await screenshot(page, 'rules-override-claim');
  });
}

interface QuestionInput {
  question: string;
  entityType: string;
  questionType: string;
  answers: string[];
}

/** The questions list filtered to one question (its rows are paged): the filter panel opened, the question chosen. */
async function filterQuestions(page: Page, question: string): Promise<Locator> {
  const picker = page.getByLabel('Questions', { exact: true });
  if (!(await picker.isVisible()))
    await page
      .locator('.ant-collapse-header')
      .filter({ hasText: /^Filter$/ })
      .click();
  await choose(page, 'Questions', [question]);
  // The panel's own Filter button (its header is a button named Filter too).
  await page
    .locator('button')
    .filter({ hasText: /^Filter$/ })
    .click();
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: question });
  await row.waitFor();
  return row;
}

async function editorCreatesEditsAndDeletesQuestions(e2e: E2E): Promise<void> {
  const admin = await apiSession(e2e, ADMIN);
  const procedure = await newProcedure(admin, 'Questions');
  const id = stamp();
  const first: QuestionInput = {
    question: `Was the procedure done as a day care case? (${id})`,
    entityType: 'other',
    questionType: 'Single Select',
    answers: ['Yes', 'No', 'Not known'],
  };
  const second: QuestionInput = {
    question: `Length of stay in days (${id})`,
    entityType: 'other',
    questionType: 'Numerical Value',
    answers: [],
  };
  const editedText = `Was the procedure done as a day care case, without an overnight stay? (${id})`;

  await withPage(e2e, ADMIN, async (page) => {
    await page.goto(`${e2e.shellUrl}/procedureQuestions?org=${PROVIDER}`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'rules-questions-list');
    await button(page, 'Create').click();
    await page.waitForURL(`**/procedureQuestions/create?org=${PROVIDER}`);
    await page.getByRole('heading', { name: 'Create Procedure Protocol Question for VITRAYA' }).waitFor();
    await choose(page, 'Procedures', [`${procedure.name} (${procedure.procedure_code})`], [procedure.procedure_code]);

    // The first question queued with Enter, the second typed and saved with it.
    for (const question of [first, second]) {
      await page.getByLabel('Question', { exact: true }).fill(question.question);
      await choose(page, 'Entity Type', [question.entityType]);
      await choose(page, 'Question Type', [question.questionType]);
      for (const [index, answer] of question.answers.entries()) {
        const row = page.getByLabel(`Possible Answer ${index + 1}`, { exact: true });
        await row.fill(answer);
        // Enter adds the next answer's row and moves there.
        if (index < question.answers.length - 1) await row.press('Enter');
      }
      if (question === first) {
        await screenshot(page, 'rules-questions-editor');
        await page.getByLabel('Question', { exact: true }).press('Enter');
        await page.getByRole('list', { name: 'Questions to save' }).getByText(first.question).waitFor();
        expect(await page.getByLabel('Question', { exact: true }).inputValue()).toBe('');
      }
    }
    const created = page.waitForRequest((r) => r.url().includes('/ppq?') && r.method() === 'POST');
    await button(page, 'Save').click();
    expect((await created).postDataJSON()).toHaveLength(2);
    await toast(page, 'Procedure protocol question created for the mentioned procedure(s) in Vitraya').waitFor();
    await page.waitForURL(`**/procedureQuestions?org=${PROVIDER}`);
    const stored = await admin.ok<ProcedureQuestion[]>('GET', `/ppq/${procedure.id}?org=${PROVIDER}`);
    expect(
      stored
        .map((q) => ({ question: q.question, questionType: q.questionType, answer: q.answer, entityType: q.entityType, by: q.created_by }))
        .sort((a, b) => a.question.localeCompare(b.question)),
    ).toEqual(
      [
        { question: second.question, questionType: 'numerics', answer: [], entityType: 'other', by: ADMIN },
        { question: first.question, questionType: 'single', answer: first.answers, entityType: 'other', by: ADMIN },
      ].sort((a, b) => a.question.localeCompare(b.question)),
    );
    const firstId = stored.find((q) => q.question === first.question)!.id;
    const secondId = stored.find((q) => q.question === second.question)!.id;

    // Edit: 'Edit other than Procedure' opens the question in Save Changes mode.
    const row = await filterQuestions(page, first.question);
    await button(row, 'Edit Question').click();
    await button(page.getByRole('dialog'), 'Edit other than Procedure').click();
    await page.waitForURL(`**/procedureQuestions/edit?procedureId=${procedure.id}&type=notEditProcedure&org=${PROVIDER}`);
    await page.getByRole('heading', { name: 'Edit Procedure Protocol Question for VITRAYA' }).waitFor();
    await page.getByText('Editing question', { exact: false }).waitFor();
    expect(await page.getByLabel('Question', { exact: true }).inputValue()).toBe(first.question);
    await page.getByLabel('Question', { exact: true }).fill(editedText);
    await button(page, 'Save Changes').click();
    await button(page, 'Save').click();
    await toast(page, `Procedure protocol question is updated for this procedure ${procedure.name}`).waitFor();
    await page.waitForURL(`**/procedureQuestions?org=${PROVIDER}`);
    const afterEdit = await admin.ok<ProcedureQuestion[]>('GET', `/ppq/${procedure.id}?org=${PROVIDER}`);
    expect(afterEdit.find((q) => q.id === firstId)).toMatchObject({ question: editedText, answer: first.answers, last_modified_by: ADMIN });
    expect(afterEdit.find((q) => q.id === secondId)).toMatchObject({ question: second.question });

    // Delete, after the confirmation.
    const edited = await filterQuestions(page, editedText);
    await button(edited, 'Delete Question').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete Confirmation' });
    await confirm.getByText('Are you sure you want to delete?').waitFor();
    await button(confirm, 'Delete').click();
    await toast(page, 'Deleted Successfully').waitFor();
    await edited.waitFor({ state: 'detached' });
    const left = await admin.ok<ProcedureQuestion[]>('GET', `/ppq/${procedure.id}?org=${PROVIDER}`);
    expect(left.map((q) => q.id)).toEqual([secondId]);
  });
}

async function othersAreRefused(e2e: E2E): Promise<void> {
  const admin = await apiSession(e2e, ADMIN);
  const reviewer = await apiSession(e2e, REVIEWER);
  const procedure = await newProcedure(admin, 'Refused');
  const body = {
    fk_procedure: [procedure.id],
    question: `Was a second opinion taken? (${stamp()})`,
    questionType: 'radio',
    entityType: 'other',
    answer: [],
  };
  const [question] = await admin.ok<ProcedureQuestion[]>('POST', `/ppq?org=${PROVIDER}`, [body]);
  try {
    expect(await reviewer.ok('GET', '/ppq/editors/me')).toEqual({ canEdit: false });
    expect((await reviewer.call('POST', `/ppq?org=${PROVIDER}`, [{ ...body, question: 'Refused' }])).status).toBe(403);
    expect((await reviewer.call('PUT', `/ppq/${question.id}?org=${PROVIDER}`, { ...body, question: 'Refused' })).status).toBe(403);
    expect((await reviewer.call('DELETE', `/ppq/${question.id}?org=${PROVIDER}`)).status).toBe(403);
    expect(await admin.ok<ProcedureQuestion[]>('GET', `/ppq/${procedure.id}?org=${PROVIDER}`)).toEqual([
      expect.objectContaining({ id: question.id, question: body.question }),
    ]);

    await withPage(e2e, REVIEWER, async (page) => {
      const editorCheck = page.waitForResponse((r) => r.url().includes('/ppq/editors/me'));
      await page.goto(`${e2e.shellUrl}/procedureQuestions?org=${PROVIDER}`);
      expect(await (await editorCheck).json()).toEqual({ canEdit: false });
      const row = await filterQuestions(page, body.question);
      await button(row, 'Click here to view details').waitFor();
      expect(await page.getByRole('button', { name: 'Edit Question' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete Question' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Create', exact: true }).count()).toBe(0);
      await page.goto(`${e2e.shellUrl}/procedureQuestions/create?org=${PROVIDER}`);
      await page.getByText('You are not authorized to perform this action').waitFor();
      expect(await page.getByLabel('Question', { exact: true }).count()).toBe(0);
    });
  } finally {
    await admin.ok('DELETE', `/ppq/${question.id}?org=${PROVIDER}`);
  }
}

/** Each test may be the first to wait for the seed to settle, and one waits for two verifications. */
const TEST_TIMEOUT = 3 * VERIFICATION_TIMEOUT;

/** The rules and questions tests, run against the suite the calling file started (one per run). */
export function defineRuleTests(e2e: () => E2E): void {
  const scenarios: [string, (suite: E2E) => Promise<void>][] = [
    ['a rule built with nested groups in all four builders is saved and shown nested in the viewer', ruleIsBuiltSavedAndViewed],
    ['Try on claims shows the verified claims whose verdict a change flips, and saves nothing', dryRunShowsTheFlippedClaims],
    ["an insurer's override of a rule judges that insurer's claim", overrideJudgesTheInsurersClaim],
    ['a named question editor creates, edits and deletes questions', editorCreatesEditsAndDeletesQuestions],
    ['another user has no question controls and the api refuses its writes with 403', othersAreRefused],
  ];
  describe('rules and questions', () => {
    for (const [name, scenario] of scenarios) test(name, () => scenario(e2e()), TEST_TIMEOUT);
  });
}
