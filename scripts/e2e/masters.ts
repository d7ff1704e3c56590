/**
 * Master data as an analyst maintains it (issue 9), in Chromium against the private suite: a procedure created
 * and found in the list; a clinical attribute given an alias, a document-precedence override ordered by dragging
 * and a pattern override, then a seeded claim verified again showing the value those three changes make the
 * adjudicator read; a test unit whose conversion unit is not a number; and the history of an edit, before and after.
 * The claim and the attribute are found through the api from what the seed wrote, never by id.
 */
import type {
  Claim,
  ClaimDocument,
  ClinicalAttribute,
  ClinicalAttributeSaveBody,
  DocumentText,
  KeywordEntity,
  Procedure,
  ProcedureSaveBody,
  Rule,
  RuleStatement,
} from '@claims/shared-kernel/contract';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, chooseInSelect, dragOnto, type E2E, selectListsClosed, signInAs } from './harness';

const ADMIN = 'vitraya.admin';
/** The seed's organisations: the provider (vitraya) reads every one's claims with ?org. */
const ORGANIZATIONS = ['vitraya', 'starhealth', 'maxbupa', 'bajaj', 'ML', 'vitraya-demo'];
/** A verification the queue runs at once still waits for the claim page's next poll and a busy machine. */
const VERIFICATION_TIMEOUT = 180_000;

// ---------------------------------------------------------------------------------------------------
// The api as the admin calls it

interface Api {
  get<T>(path: string): Promise<T>;
  /** Answers the status and the parsed body, whatever the status. */
  send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<{ status: number; body: T }>;
}

async function adminApi(e2e: E2E): Promise<Api> {
  const { access_token: token } = await apiLogin(e2e.apiBaseUrl, ADMIN);
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async get<T>(path: string): Promise<T> {
      const response = await fetch(`${e2e.apiBaseUrl}${path}`, { headers });
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async send<T>(method: 'POST' | 'PUT', path: string, body: unknown) {
      const response = await fetch(`${e2e.apiBaseUrl}${path}`, {
        method,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}

async function withAdminPage(e2e: E2E, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await e2e.newPage();
  try {
    await signInAs(page, e2e.shellUrl, ADMIN);
    await run(page);
  } finally {
    await context.close();
  }
}

/** Types `text` into a select and picks the option holding it. */
const choose = (page: Page, select: Locator, text: string) => chooseInSelect(page, select, text);

/**
 * Chooses a code in a wizard's multi-select, waits for the chosen list under it to show the code, and closes the
 * options with a click on the dialog's title (Escape with the options already closed would close the dialog).
 */
async function chooseCode(page: Page, dialog: Locator, label: string, code: string): Promise<void> {
  await choose(page, dialog.getByLabel(label), code);
  await dialog
    .locator('.ant-tag')
    .filter({ hasText: new RegExp(`^${code}$`) })
    .waitFor();
  await dialog.locator('.ant-modal-title').click();
  await selectListsClosed(page);
}

/** Picks the option of an open select whose text contains `text`. */
async function pickOption(page: Page, text: string): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

const tableTitle = (page: Page, title: string) => page.getByTestId('table-title').filter({ hasText: new RegExp(`^${title} \\(\\d+\\)$`) });
const totalIn = async (title: Locator) => Number(/\((\d+)\)$/.exec((await title.textContent()) ?? '')?.[1]);
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

// ---------------------------------------------------------------------------------------------------
// 1. A procedure created and found in the list

async function procedureGroups(api: Api): Promise<KeywordEntity[]> {
  const groups = await api.get<KeywordEntity[]>('/procedureGroup?getall=true');
  if (!groups.length) throw new Error('the seed has no procedure group');
  return groups;
}

async function createdProcedureIsListed(e2e: E2E): Promise<void> {
  const api = await adminApi(e2e);
  const [group] = await procedureGroups(api);
  const code = unique('E2E-P-');
  const name = `Robotic Knee Arthroscopy ${code}`;
  await withAdminPage(e2e, async (page) => {
    await page.goto(`${e2e.shellUrl}/procedures`);
    const title = tableTitle(page, 'Procedures');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const before = await totalIn(title);

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/procedures/create');
    const save = page.getByRole('button', { name: 'Save' });
    await page.getByLabel('Procedure Code').fill(code);
    await page.getByLabel('SNOMED Code').fill('609588000');
    await page.getByLabel('Procedure Name').fill(name);
    // Save waits for all four required fields: the group is the last.
    expect(await save.isDisabled()).toBe(true);
    await choose(page, page.getByLabel('Procedure Group'), group.name);
    await page.getByRole('textbox', { name: 'Alias 1', exact: true }).fill('Knee arthroscopy (robotic)');
    await save.click();
    await page.getByText('Saved Successfully').waitFor();
    await page.waitForURL('**/procedures');

    // The total counts it, and the code filter finds it on the server, highlighted.
    await page.waitForFunction(
      ([expected]) => document.querySelector('[data-testid="table-title"]')?.textContent === expected,
      [`Procedures (${before + 1})`],
    );
    await page.getByText('Enable filter options').click();
    await page.getByRole('button', { name: 'Filter Procedure Code column' }).click();
    await page.getByLabel('Filter Procedure Code', { exact: true }).fill(code);
    await page.getByLabel('Filter Procedure Code', { exact: true }).press('Enter');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: name }).waitFor();
    expect(await rows.count()).toBe(1);
    await rows.first().locator('mark').filter({ hasText: code }).waitFor();
    expect(await rows.first().textContent()).toContain(group.name);

    // The row opens the procedure's view with what was typed.
    await rows.first().click();
    await page.waitForURL('**/procedures/view/*');
    const view = page.locator('.ant-descriptions');
    await view.getByText(name, { exact: true }).waitFor();
    await view.getByText('Knee arthroscopy (robotic)').waitFor();
  });
  const stored = (await api.get<Procedure[]>('/procedures?getall=true')).find((p) => p.procedure_code === code);
  expect(stored).toMatchObject({ procedure_code: code, snomedct_code: '609588000', name, alias: ['Knee arthroscopy (robotic)'] });
}

// ---------------------------------------------------------------------------------------------------
// 2. A clinical attribute's alias, document precedence and pattern override change what a claim's re-run finds

type Operator = NonNullable<RuleStatement['operator']>;

/** The comparisons this test can predict for a number found: the adjudicator's table (api/src/verification/evaluate.ts). */
const NUMERIC_TESTS: Partial<Record<Operator, (found: number, leaf: RuleStatement, attribute: ClinicalAttribute) => boolean>> = {
  VALUE_GREATER_THAN: (found, leaf) => found > Number(leaf.value),
  VALUE_GREATER_THAN_EQUAL_TO: (found, leaf) => found >= Number(leaf.value),
  VALUE_LESS_THAN: (found, leaf) => found < Number(leaf.value),
  VALUE_LESS_THAN_EQUAL_TO: (found, leaf) => found <= Number(leaf.value),
  VALUE_IN_RANGE: (found, leaf, attribute) => {
    const [lower, upper] = leaf.range ?? [attribute.number_range?.lower_limit ?? null, attribute.number_range?.upper_limit ?? null];
    return (lower === null || found >= lower) && (upper === null || found <= upper);
  },
};

/** Folded as the adjudicator compares names: case and punctuation ignored. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const words = (text: string) => fold(text).split(' ').filter(Boolean);
const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;
const LABEL_WORD = /^\p{L}[\p{L}.]*$/u;

/** A page's lines as the reader lays them out: words of one baseline, left to right. */
function linesOf(page: DocumentText['pages'][number]): string[][] {
  const lines: { y: number; height: number; words: DocumentText['pages'][number]['words'] }[] = [];
  for (const word of page.words) {
    const line = lines.find((l) => Math.abs(l.y - word.y) < Math.min(l.height, word.height) / 2);
    if (line) line.words.push(word);
    else lines.push({ y: word.y, height: word.height, words: [word] });
  }
  return lines.sort((a, b) => a.y - b.y).map((l) => l.words.sort((a, b) => a.x - b.x).map((w) => w.text));
}

const occurrences = (haystack: string[], needle: string[]) =>
  haystack.filter((_, i) => needle.every((word, j) => haystack[i + j] === word)).length;
const endsWith = (line: string[], name: string[]) =>
  name.length <= line.length && name.every((w, i) => line[line.length - name.length + i] === w);

function leavesOf(node: RuleStatement | null | undefined): RuleStatement[] {
  if (!node) return [];
  return node.statements ? node.statements.flatMap(leavesOf) : [node];
}

/**
 * What the test changes and what it expects. The label is a line of another document whose value is printed on
 * the line below: the new alias makes the reader see it; the attribute is not tabular, so only the pattern
 * override (Name, Newline, Value) reads the value under it; and that document comes after the one the value is
 * read from now, so only the override ordering its type first lets the new value win.
 */
interface Plan {
  claim: Claim;
  procedureCode: string;
  attribute: ClinicalAttribute;
  leaf: RuleStatement;
  before: { value: number; unit: string | null; file: string; type: string };
  after: { label: string; value: number; file: string; type: string; pageNumber: number };
}

interface Candidate {
  claim: Claim;
  documents: { document: ClaimDocument; text: DocumentText; type: string | null }[];
}

const settled = (status: string) => status === 'ADJUDICATED' || status === 'SUSPENDED' || status.endsWith('_FAILED');

/** Every claim of every organisation as the list answers it (id, organisation and status). */
async function claimRows(api: Api): Promise<{ id: number; org: string; status: string }[]> {
  const rows = await Promise.all(
    ORGANIZATIONS.map(async (org) =>
      (await api.get<{ id: number; status: string }[]>(`/claims?limit=500&page_number=1&org=${org}`)).map((row) => ({ ...row, org })),
    ),
  );
  return rows.flat().sort((a, b) => a.id - b.id);
}

/** The rule the procedure was judged by (the insurer's own, else the provider's). */
async function ruleOf(api: Api, claim: Claim, ruleId: number): Promise<Rule | null> {
  for (const org of [claim.organization, 'vitraya']) {
    const rule = await api.get<Rule>(`/rules/${ruleId}?org=${org}`).catch(() => null);
    if (rule?.id === ruleId) return rule;
  }
  return null;
}

/** The new value turns the leaf's result round: the better proof. */
const flips = (plan: Plan) =>
  NUMERIC_TESTS[plan.leaf.operator!]!(plan.after.value, plan.leaf, plan.attribute) !== plan.leaf.conditionResult;

/** The lines of a page with a plain number starting the line under them, and that number. */
function linesOverNumbers(page: DocumentText['pages'][number]): { line: string[]; value: number }[] {
  const lines = linesOf(page);
  return lines.slice(0, -1).flatMap((line, i) => (PLAIN_NUMBER.test(lines[i + 1][0]) ? [{ line, value: Number(lines[i + 1][0]) }] : []));
}

/** Of those, the lines that hold only a short label. */
const isShortLabel = (line: string[]) => line.length <= 3 && line.every((w) => LABEL_WORD.test(w)) && line.join('').length >= 6;

/** Whether the rule's clinical attribute leaves read pages of this document type. */
function ruleReads(rule: Rule, type: string): boolean {
  const excluded = [...rule.defaultClinicalExclusionList, ...rule.defaultDocumentExclusionList].map((d) => d.name);
  const included = rule.defaultClinicalInclusionList.map((d) => d.name);
  return !excluded.includes(type) && (!included.length || included.includes(type));
}

async function planFor(api: Api, candidate: Candidate, attributes: ClinicalAttribute[]): Promise<Plan | null> {
  const { claim, documents } = candidate;
  const allNames = attributes.flatMap((a) => [a.name, ...a.alias]).map(words);
  const pages = documents.flatMap((d) => d.text.pages);
  const claimWords = pages.flatMap((p) => words(p.words.map((w) => w.text).join(' ')));
  const overNumbers = pages.flatMap(linesOverNumbers).map(({ line }) => words(line.join(' ')));
  const plans: Plan[] = [];
  for (const [procedureCode, verification] of Object.entries(claim.adjudicationDetails ?? {})) {
    const rule = verification.ruleId ? await ruleOf(api, claim, verification.ruleId) : null;
    if (!rule) continue;
    for (const leaf of [verification.clinicalTermsRule, verification.procedureRule, verification.diagnosisRule].flatMap(leavesOf)) {
      const attribute = attributes.find((a) => a.name === leaf.valueToCompare?.name);
      if (
        !leaf.operator ||
        !NUMERIC_TESTS[leaf.operator] ||
        !attribute ||
        leaf.documentInclusionList?.length ||
        leaf.documentExclusionList?.length
      )
        continue;
      if (attribute.value_type !== 'Number' || attribute.tabular || attribute.distributed_attribute_value) continue;
      if (attribute.overrides.length || attribute.patternOverridesForValues.some((p) => p.hospitals.includes(claim.hospitalCode!)))
        continue;
      const item = (verification.clinicalAttribute ?? []).find((i) => i.name === attribute.name && i.found);
      if (!item || typeof item.valueFound !== 'number' || typeof leaf.valueFound !== 'number') continue;
      const fromIndex = documents.findIndex((d) => d.document.file_name === item.referenceToDocument);
      const from = documents[fromIndex];
      if (!from?.type) continue;
      // The pattern reads a number under any of the attribute's names: none of its own may stand over one.
      const ownNames = [attribute.name, ...attribute.alias].map(words);
      if (overNumbers.some((line) => ownNames.some((name) => endsWith(line, name)))) continue;
      for (const to of documents.slice(fromIndex + 1)) {
        if (!to.type || to.type === from.type || !ruleReads(rule, to.type)) continue;
        for (const page of to.text.pages) {
          for (const { line: label, value } of linesOverNumbers(page).filter(({ line }) => isShortLabel(line))) {
            const labelWords = words(label.join(' '));
            if (value === item.valueFound || occurrences(claimWords, labelWords) !== 1) continue;
            if (allNames.some((name) => occurrences(labelWords, name) > 0 || occurrences(name, labelWords) > 0)) continue;
            plans.push({
              claim,
              procedureCode,
              attribute,
              leaf,
              before: { value: item.valueFound, unit: item.unitFound ?? null, file: from.document.file_name, type: from.type },
              after: { label: label.join(' '), value, file: to.document.file_name, type: to.type, pageNumber: page.pageNumber },
            });
          }
        }
      }
    }
  }
  return plans.find(flips) ?? plans[0] ?? null;
}

/** The plan for one verified seed claim whose documents were all read from a text layer, or null. */
async function planForClaim(api: Api, claim: Claim, attributes: ClinicalAttribute[]): Promise<Plan | null> {
  if (claim.createdBy !== 'seed' || !claim.adjudicationDetails || claim.progress || !claim.hospitalCode || claim.documents.length < 2)
    return null;
  const texts = await Promise.all(
    claim.documents.map((d) => api.get<DocumentText>(`/claims/${claim.id}/documents/${d.id}/text?org=${claim.organization}`)),
  );
  // Scanned pages are matched approximately: the label must be found exactly where this test reads it.
  if (texts.some((t) => t.pages.some((p) => p.source !== 'text'))) return null;
  const documents = claim.documents.map((document, i) => {
    // A document's type from the documents the verification recognised, when it was recognised as one type only.
    const types = new Set(
      Object.values(claim.adjudicationDetails ?? {}).flatMap((v) =>
        (v.document ?? []).filter((d) => d.found && d.referenceToDocument === document.file_name).map((d) => d.name),
      ),
    );
    return { document, text: texts[i], type: types.size === 1 ? [...types][0] : null };
  });
  return planFor(api, { claim, documents }, attributes);
}

/**
 * The seed's claims are verified while the api already answers: each is examined once verified, until one
 * gives a plan that flips its leaf's result, or every claim has settled (then any plan will do).
 */
async function findPlan(api: Api): Promise<Plan> {
  const attributes = await api.get<ClinicalAttribute[]>('/clinicalAttribute?getall=true');
  const examined = new Set<number>();
  const deadline = Date.now() + VERIFICATION_TIMEOUT;
  let found: Plan | null = null;
  for (;;) {
    const rows = await claimRows(api);
    for (const row of rows.filter((r) => r.status === 'ADJUDICATED' && !examined.has(r.id))) {
      examined.add(row.id);
      const plan = await planForClaim(api, await api.get<Claim>(`/claims/${row.id}?org=${row.org}`), attributes);
      if (plan && flips(plan)) return plan;
      found ??= plan;
    }
    // No rows yet: the seed has not stored its claims (a scenario run alone starts with the suite).
    if ((rows.length > 0 && rows.every((row) => settled(row.status))) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!found) throw new Error('no seeded claim has a value a new alias, pattern and document order would change');
  return found;
}

const saveBodyOf = (a: ClinicalAttribute): ClinicalAttributeSaveBody => ({
  name: a.name,
  alias: a.alias,
  value_type: a.value_type,
  tabular: a.tabular,
  distributed_attribute_value: a.distributed_attribute_value,
  fk_clinical_unit: a.fk_clinical_unit,
  number_range: a.number_range,
  text_possible_values: a.text_possible_values,
  overrides: a.overrides,
  override_message: a.override_message,
  patternOverridesForValues: a.patternOverridesForValues,
});

const claimUrl = (e2e: E2E, claim: Claim) => `${e2e.shellUrl}/claims/${claim.id}?org=${claim.organization}`;

/** The clinical attribute's entry in a procedure's Clinical Attributes accordion (opened first). */
async function attributeEntry(page: Page, procedureCode: string, name: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: `Procedure ${procedureCode}` });
  const entry = panel.locator('li[data-evidence-key]').filter({ hasText: `${name}:` });
  if (!(await entry.isVisible())) {
    await panel
      .locator('.ant-collapse-header [data-tone]')
      .filter({ hasText: /^Clinical Attributes$/ })
      .click();
  }
  await entry.waitFor();
  return entry;
}

async function overridesChangeTheValueFound(e2e: E2E): Promise<void> {
  const api = await adminApi(e2e);
  const plan = await findPlan(api);
  const { claim, procedureCode, attribute, before, after } = plan;
  const hospital = claim.hospitalCode!;
  try {
    await withAdminPage(e2e, async (page) => {
      // The claim as verified by the seed: the value read from the first document.
      await page.goto(claimUrl(e2e, claim));
      await page.getByRole('heading', { name: claim.referenceClaimId }).waitFor();
      const shownBefore = await attributeEntry(page, procedureCode, attribute.name);
      expect(await shownBefore.textContent()).toContain(`${attribute.name}: ${before.value}${before.unit ? ` ${before.unit}` : ''}`);

      await page.goto(`${e2e.shellUrl}/clinicalAttribute/edit/${attribute.id}`);
      await page.getByLabel('Name').first().waitFor();
      expect(await page.locator('#attribute-name').inputValue()).toBe(attribute.name);

      // The alias, added as the last row of the alias list editor.
      await page.getByRole('button', { name: 'Edit Aliases' }).click();
      await page.getByRole('button', { name: `Add alias after ${attribute.alias.length}` }).click();
      await page.getByRole('textbox', { name: `Alias ${attribute.alias.length + 1}`, exact: true }).fill(after.label);

      // The document-precedence override: this hospital and procedure, the new value's document type first.
      await page.getByRole('button', { name: 'Add Override' }).click();
      const wizard = page.getByRole('dialog').filter({ hasText: 'Add Override' });
      const next = wizard.getByRole('button', { name: 'Next' });
      await wizard.getByRole('radiogroup', { name: 'Hospitals' }).getByRole('radio', { name: 'Choose', exact: true }).check();
      await next.click();
      await wizard.getByRole('alert').filter({ hasText: 'Choose at least one hospital, or All' }).waitFor();
      await chooseCode(page, wizard, 'Choose hospitals', hospital);
      await next.click();
      await wizard.getByRole('radiogroup', { name: 'Procedures' }).getByRole('radio', { name: 'Choose', exact: true }).check();
      await chooseCode(page, wizard, 'Choose procedures', procedureCode);
      await next.click();
      await wizard.getByRole('group', { name: 'Documents in Order' }).waitFor();
      await next.click();
      await wizard.getByRole('alert').filter({ hasText: "*Override Value can't be empty." }).waitFor();
      for (const type of [before.type, after.type]) {
        await choose(page, wizard.getByLabel('Add a document'), type);
      }
      const order = wizard.getByRole('list', { name: 'Documents in order' });
      const item = (type: string) => order.locator('li').filter({ hasText: type });
      expect(await order.locator('li').allTextContents()).toEqual([`1. ${before.type}`, `2. ${after.type}`]);
      await dragOnto(page, wizard.getByRole('button', { name: `Drag ${after.type}` }), item(before.type));
      await page.waitForFunction(
        ([first]) => document.querySelector('[aria-label="Documents in order"] li')?.textContent?.startsWith(first),
        [`1. ${after.type}`],
      );
      expect(await order.locator('li').allTextContents()).toEqual([`1. ${after.type}`, `2. ${before.type}`]);
      await next.click();
      await wizard.getByRole('group', { name: 'Documents to Exclude' }).waitFor();
      await wizard.getByRole('button', { name: 'Save' }).click();
      await wizard.waitFor({ state: 'detached' });
      const overrideRow = page.getByRole('table', { name: 'Override' }).locator('tbody tr').filter({ hasText: hospital });
      await overrideRow.getByText('New', { exact: true }).waitFor();
      expect(await overrideRow.textContent()).toContain(`1. ${after.type}2. ${before.type}`);

      // The pattern override: at this hospital the value is printed on the line under the name.
      await page.getByRole('button', { name: 'Add Pattern override' }).click();
      const patterns = page.getByRole('dialog').filter({ hasText: 'Add Pattern override' });
      await chooseCode(page, patterns, 'Choose hospitals', hospital);
      await patterns.getByRole('button', { name: 'Next' }).click();
      const pattern = patterns.getByRole('group', { name: 'Pattern 1', exact: true });
      await pattern.getByLabel('Add a part to Pattern 1').click();
      await pickOption(page, 'Newline');
      await pattern.getByRole('button', { name: 'Move Pattern 1 part 3 up' }).click();
      await pattern.getByText('Name · Newline · Value (Number)', { exact: true }).waitFor();
      await patterns.getByRole('button', { name: 'Save' }).click();
      await patterns.waitFor({ state: 'detached' });
      await page.getByRole('table', { name: 'Pattern override' }).getByText('1. Name · Newline · Value (Number)').waitFor();

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved Successfully').waitFor();
      await page.waitForURL('**/clinicalAttribute');

      const saved = await api.get<ClinicalAttribute>(`/clinicalAttribute/${attribute.id}`);
      expect(saved.alias).toEqual([...attribute.alias, after.label]);
      expect(saved.overrides).toEqual([
        { hospitals: [hospital], procedures: [procedureCode], override_value: [after.type, before.type], exclude_document_headers: [] },
      ]);
      expect(saved.patternOverridesForValues).toEqual([
        {
          hospitals: [hospital],
          overrides: [[{ type: 'attributeName' }, { type: 'newline' }, { type: 'valueExpression', pattern: ['NUMBER'] }]],
        },
      ]);

      // The history of the attribute shows the edit just made: the alias added, by whom.
      await page.goto(`${e2e.shellUrl}/clinicalAttribute/view/${attribute.id}`);
      await page
        .getByTestId('last-modified')
        .filter({ hasText: `Last modified by ${ADMIN}` })
        .waitFor();
      await page.getByRole('button', { name: / History$/ }).click();
      const history = page.getByRole('dialog').filter({ hasText: 'History' });
      const edit = history.locator('.ant-timeline-item').filter({ hasText: `Last modified by ${ADMIN}` });
      await edit.getByLabel(`added ${after.label}`).waitFor();
      await history.getByRole('button', { name: 'Close' }).click();

      // The claim verified again reads the value under the new label, from the document now first.
      await page.goto(claimUrl(e2e, claim));
      await page.getByRole('heading', { name: claim.referenceClaimId }).waitFor();
      const runDisabled = (disabled: boolean, timeout: number) =>
        page.waitForFunction(
          (wanted) =>
            [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Run Verification')?.disabled === wanted,
          disabled,
          { timeout },
        );
      await page.getByRole('button', { name: 'Run Verification' }).click();
      await runDisabled(true, 10_000);
      await runDisabled(false, VERIFICATION_TIMEOUT);
      const shownAfter = await attributeEntry(page, procedureCode, attribute.name);
      await page.waitForFunction(
        ([key, expected]) => document.querySelector(`li[data-evidence-key="${key}"]`)?.textContent?.includes(expected),
        [await shownAfter.getAttribute('data-evidence-key'), `${attribute.name}: ${after.value}`] as const,
        { timeout: 10_000 },
      );
      expect(await shownAfter.textContent()).toContain(`page ${after.pageNumber} of ${after.file}`);
    });

    const rerun = await api.get<Claim>(`/claims/${claim.id}?org=${claim.organization}`);
    const verification = rerun.adjudicationDetails![procedureCode];
    const leaf = [verification.clinicalTermsRule, verification.procedureRule, verification.diagnosisRule]
      .flatMap(leavesOf)
      .find((l) => l.valueToCompare?.name === attribute.name && l.operator === plan.leaf.operator && l.value === plan.leaf.value);
    expect(leaf).toMatchObject({
      valueFound: after.value,
      conditionResult: NUMERIC_TESTS[plan.leaf.operator!]!(after.value, plan.leaf, attribute),
    });
    expect(leaf?.evidence?.[0]?.referenceToDocument).toBe(after.file);
  } finally {
    // Later tests see the catalogue as the seed wrote it.
    const restored = await api.send('PUT', `/clinicalAttribute/${attribute.id}`, saveBodyOf(attribute));
    expect(restored.status).toBe(200);
  }
}

// ---------------------------------------------------------------------------------------------------
// 3. A test unit whose conversion unit is not a number

async function testUnitNeedsANumber(e2e: E2E): Promise<void> {
  const name = unique('mmol/mol E2E ');
  await withAdminPage(e2e, async (page) => {
    await page.goto(`${e2e.shellUrl}/clinicalUnit/create`);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Keyword 1').fill('mmol/mol');
    const conversion = page.getByLabel('Conversion unit 1');
    await conversion.fill('ten');
    const save = page.getByRole('button', { name: 'Save' });
    await page.getByText('Conversion unit should be a number').waitFor();
    expect(await save.isDisabled()).toBe(true);
    // A number takes the message away and the unit saves.
    await conversion.fill('10.93');
    await page.getByText('Conversion unit should be a number').waitFor({ state: 'detached' });
    await save.click();
    await page.getByText('Saved Successfully').waitFor();
    await page.waitForURL('**/clinicalUnit');
  });
  const api = await adminApi(e2e);
  const units = await api.get<{ name: string; alias: { keyword: string; conversion_unit: number }[] }[]>('/clinicalUnit?getall=true');
  expect(units.find((u) => u.name === name)?.alias).toEqual([{ keyword: 'mmol/mol', conversion_unit: 10.93 }]);
}

// ---------------------------------------------------------------------------------------------------
// 4. A master's history: the edit just made, before and after

async function historyShowsTheEdit(e2e: E2E): Promise<void> {
  const api = await adminApi(e2e);
  const [group] = await procedureGroups(api);
  const code = unique('E2E-H-');
  const created = await api.send<Procedure>('POST', '/procedures', {
    procedure_code: code,
    snomedct_code: '80146002',
    name: `Open Appendicectomy ${code}`,
    fk_procedure_group: group.id,
    alias: [],
  } satisfies ProcedureSaveBody);
  expect(created.status).toBe(201);
  const renamed = `Laparoscopic Appendicectomy ${code}`;
  await withAdminPage(e2e, async (page) => {
    await page.goto(`${e2e.shellUrl}/procedures/view/${created.body.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(`**/procedures/edit/${created.body.id}`);
    const nameField = page.getByLabel('Procedure Name');
    expect(await nameField.inputValue()).toBe(created.body.name);
    await nameField.fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved Successfully').waitFor();
    await page.waitForURL('**/procedures');

    await page.goto(`${e2e.shellUrl}/procedures/view/${created.body.id}`);
    await page
      .getByTestId('last-modified')
      .filter({ hasText: `Last modified by ${ADMIN}` })
      .waitFor();
    await page.getByRole('button', { name: / History$/ }).click();
    const history = page.getByRole('dialog').filter({ hasText: 'History' });
    const edit = history.locator('.ant-timeline-item').filter({ hasText: `Last modified by ${ADMIN}` });
    await edit.waitFor();
    // The name before (struck through) and after; nothing else changed.
    await edit.locator('del').filter({ hasText: created.body.name }).waitFor();
    expect(await edit.textContent()).toContain(`${created.body.name} → ${renamed}`);
    // Under the screen's label for the field.
    expect(await edit.locator('dt').allTextContents()).toEqual(['Procedure Name']);
    // The creation is the entry under it.
    await history
      .locator('.ant-timeline-item')
      .filter({ hasText: `Created by ${ADMIN}` })
      .waitFor();
  });
}

/** The master data tests, run against the suite the calling file started (one per run). */
export function defineMasterTests(e2e: () => E2E): void {
  const scenarios: [string, (suite: E2E) => Promise<void>, number][] = [
    ['a procedure created through the editor is found in the list', createdProcedureIsListed, 120_000],
    [
      "an alias, a dragged document order and a pattern override change the value a claim's re-run finds",
      overridesChangeTheValueFound,
      // The seed may still be settling, then a verification runs.
      3 * VERIFICATION_TIMEOUT,
    ],
    ['a test unit with a conversion unit that is not a number says so and saves once it is one', testUnitNeedsANumber, 120_000],
    ["a master's history shows the edit just made, before and after", historyShowsTheEdit, 120_000],
  ];
  describe('master data', () => {
    for (const [name, scenario, timeout] of scenarios) test(name, () => scenario(e2e()), timeout);
  });
}
