/**
 * Evaluates a rule statement tree against a claim. Every node is evaluated (no short-circuit), so each leaf
 * of the stored copy carries conditionResult and, where it applies, valueFound, unitFound and evidence.
 *
 * Compound nodes: booleanOperator AND needs every statement true, any other value needs one (spec 2 §3);
 * a compound node without statements, or a node with neither an operator nor statements, is true (nothing
 * to check).
 *
 * Leaves (the operator table below):
 *   ANY_OF_N_VALUES_IS_PRESENT      at least numberOfValues (default 1) of valuesToFind are present
 *   ALL_OF_THE_VALUES_ARE_PRESENT   every one of valuesToFind is present (an empty list is false)
 *   VALUE_* comparisons             on the value of the clinical attribute valueToCompare; a NumberRange
 *                                   value must satisfy the comparison with both bounds (10-12 > 9, not > 11)
 *   VALUE_IN_RANGE                  range [lower, upper], null = open; without a range, the attribute's
 *                                   number_range
 *   VALUE_IN / VALUE_NOT_IN         value (a list, or comma-separated text): the value found is / is not
 *                                   one of them (text compared ignoring case and punctuation, aliases of
 *                                   the attribute's text values count as the value)
 * A comparison whose attribute has no value in the claim is false, whatever the operator.
 * Present means found in a page the leaf may look in (documentInclusionList / documentExclusionList, plus
 * the rule's default exclusion lists) or given as a fact.
 */
import { ENTITY_NAMES, kindOfEntity, type LeafOperator, leafValueList, masterKind } from '@claims/shared-kernel/constants';
import type { EvidenceLocation, RuleStatement } from '@claims/shared-kernel/contract';
import type { ClaimContext, EntityKind } from './context';
import { evidenceOf, findEntity, locate, masterOf, pageFilter, type DocumentScope, type Presence } from './entities';
import { foldOf } from './match';
import { applicableOverride, documentRank } from './overrides';
import type { ClinicalAttributeMaster, RuleDefinition } from './types';
import { displayValue, leadingNumber, selectValue, type AttributeValue, type ValueCandidate } from './values';

export interface RuleScope {
  procedureCode: string;
  procedureName: string | null;
  rule: Pick<RuleDefinition, 'documentExclusionList' | 'clinicalInclusionDocuments' | 'clinicalExclusionDocuments'>;
}

export interface Evaluated {
  /** The stored copy of the node, results filled in. */
  statement: RuleStatement;
  children: Evaluated[];
  /** Why a failing leaf failed, in words. */
  failure: string | null;
  /** For a failing document leaf: the documents missing ('A or B', 'any 2 of A, B, C'). */
  missingDocuments: string | null;
}

interface LeafOutcome {
  conditionResult: boolean;
  conditionFound: boolean;
  valueFound?: string | number | null;
  unitFound?: string | null;
  evidence: EvidenceLocation[];
  failure: string;
  missingDocuments?: string | null;
}

type LeafEvaluator = (leaf: RuleStatement, context: ClaimContext, scope: RuleScope) => LeafOutcome;

const list = (values: string[]) => values.join(', ');

/** Pages a leaf of this kind may look in (see entities.pageFilter). */
export function leafScope(leaf: RuleStatement, scope: RuleScope, kind: EntityKind): DocumentScope {
  const inclusion = leaf.documentInclusionList ?? [];
  const exclusion = leaf.documentExclusionList ?? [];
  if (kind === 'document') return { inclusion, exclusion };
  if (kind === 'clinicalAttribute')
    return {
      inclusion: inclusion.length ? inclusion : (scope.rule.clinicalInclusionDocuments ?? []),
      exclusion: [...exclusion, ...(scope.rule.clinicalExclusionDocuments ?? []), ...(scope.rule.documentExclusionList ?? [])],
    };
  return { inclusion, exclusion: [...exclusion, ...(scope.rule.documentExclusionList ?? [])] };
}

type PresenceOperator = 'ANY_OF_N_VALUES_IS_PRESENT' | 'ALL_OF_THE_VALUES_ARE_PRESENT';
type ComparisonOperator = Exclude<LeafOperator, PresenceOperator>;

/** How many of a presence leaf's `total` values must be found. */
const PRESENCE_NEEDS: Record<PresenceOperator, (leaf: RuleStatement, total: number) => number> = {
  ANY_OF_N_VALUES_IS_PRESENT: (leaf) => Math.max(1, leaf.numberOfValues ?? 1),
  ALL_OF_THE_VALUES_ARE_PRESENT: (_, total) => total,
};

/** The values a presence leaf looks for (blank ones do not count). */
const valuesToFind = (leaf: RuleStatement): string[] => (leaf.valuesToFind ?? []).filter((v) => v?.trim());

/** Whether a value the leaf looks for is present in the pages it may look in (or given as a fact). */
function presentValues(context: ClaimContext, leaf: RuleStatement, scope: RuleScope): Presence[] {
  const kind = kindOf(context, leaf);
  const allowed = pageFilter(context, leafScope(leaf, scope, kind));
  return valuesToFind(leaf).map((v) => presenceWithFacts(context, kind, v, allowed));
}

const presence =
  (operator: PresenceOperator, describe: (leaf: RuleStatement, missing: string[], found: string[]) => string): LeafEvaluator =>
  (leaf, context, scope) => {
    const kind = kindOf(context, leaf);
    const values = valuesToFind(leaf);
    const results = presentValues(context, leaf, scope);
    const found = results.filter((r) => r.found);
    const missing = results.filter((r) => !r.found).map((r) => r.name);
    const need = PRESENCE_NEEDS[operator](leaf, values.length);
    const ok = values.length > 0 && found.length >= need;
    const label = masterKind(kind).noun;
    return {
      conditionResult: ok,
      conditionFound: found.length > 0,
      valueFound: found.length ? list(found.map((r) => r.name)) : null,
      evidence: found.map((r) => evidenceOf(context, r)).filter((e): e is EvidenceLocation => !!e),
      failure: values.length
        ? `${label} not found: ${describe(
            leaf,
            missing,
            found.map((r) => r.name),
          )}`
        : `${label} rule has no values to find`,
      missingDocuments: kind === 'document' && !ok && values.length ? missingDocumentsPhrase(leaf, values, missing, need) : null,
    };
  };

/** The kinds a leaf without entityName may be of, diagnoses first (also the kind when no master names its values). */
const GUESSED_KINDS: EntityKind[] = ['diagnoses', ...ENTITY_NAMES.map(kindOfEntity).filter((kind) => kind !== 'diagnoses')];

/** The leaf's entity kind; a leaf saved without entityName gets the kind of the master its values name. */
export function kindOf(context: ClaimContext, leaf: RuleStatement): EntityKind {
  if (leaf.entityName) return kindOfEntity(leaf.entityName);
  for (const value of leaf.valuesToFind ?? []) for (const kind of GUESSED_KINDS) if (masterOf(context, kind, value)) return kind;
  return 'diagnoses';
}

/** The attribute a comparison compares: valueToCompare, or (older rules) the first of valuesToFind. */
export const comparedAttribute = (leaf: RuleStatement): RuleStatement['valueToCompare'] =>
  leaf.valueToCompare ?? (leaf.valuesToFind?.[0] ? { id: '', name: leaf.valuesToFind[0] } : undefined);

function missingDocumentsPhrase(leaf: RuleStatement, values: string[], missing: string[], need: number): string {
  if (leaf.operator === 'ALL_OF_THE_VALUES_ARE_PRESENT') return list(missing);
  return need === 1 ? missing.join(' or ') : `any ${need} of ${list(values)}`;
}

function presenceWithFacts(context: ClaimContext, kind: EntityKind, value: string, allowed: (p: number) => boolean): Presence {
  const result = findEntity(context, kind, value, allowed, true);
  if (result.found || kind !== 'clinicalAttribute') return result;
  const attribute = context.attributes.get(foldOf(value));
  const measured = attribute && context.candidates(attribute).some((c) => c.source === 'fact');
  return measured ? { ...result, found: true, fact: 'Confirmed finding' } : result;
}

/** The attribute a comparison leaf names (by id, else by name or alias). */
export function attributeOf(context: ClaimContext, ref: RuleStatement['valueToCompare']): ClinicalAttributeMaster | null {
  if (!ref) return null;
  const byId = (context.input.masters.clinicalAttributes ?? []).find((a) => String(a.id) === String(ref.id));
  return byId ?? context.attributes.get(foldOf(ref.name ?? '')) ?? null;
}

/** The value of an attribute that counts for this leaf: allowed pages, document precedence, facts first. */
export function attributeValue(
  context: ClaimContext,
  attribute: ClinicalAttributeMaster,
  scope: RuleScope,
  documents: DocumentScope,
): ValueCandidate | null {
  const allowed = pageFilter(context, documents);
  const override = applicableOverride(attribute.overrides, {
    hospitalCode: context.input.claim.hospitalCode,
    procedureCode: scope.procedureCode,
    procedureName: scope.procedureName,
  });
  return selectValue(context.candidates(attribute), (c) =>
    c.page === null ? 0 : allowed(c.page) ? documentRank(override, context.segregation.pages[c.page].type) : null,
  );
}

export const valueEvidence = (context: ClaimContext, candidate: ValueCandidate): EvidenceLocation | null =>
  candidate.page === null ? null : locate(context, candidate.page, candidate.tokens);

/** A comparison leaf's test of the value found. */
export type ComparisonTest = (found: AttributeValue, leaf: RuleStatement, attribute: ClinicalAttributeMaster) => boolean;

/** The value a comparison leaf compares: its attribute, and the value of it that counts for the leaf (or null). */
function comparedValue(
  context: ClaimContext,
  leaf: RuleStatement,
  scope: RuleScope,
): { attribute: ClinicalAttributeMaster | null; candidate: ValueCandidate | null } {
  const attribute = attributeOf(context, comparedAttribute(leaf));
  if (!attribute) return { attribute: null, candidate: null };
  return { attribute, candidate: attributeValue(context, attribute, scope, leafScope(leaf, scope, 'clinicalAttribute')) };
}

const comparison =
  (operator: ComparisonOperator, expectation: (leaf: RuleStatement, attribute: ClinicalAttributeMaster) => string): LeafEvaluator =>
  (leaf, context, scope) => {
    const test = COMPARISON_TESTS[operator];
    const { attribute, candidate } = comparedValue(context, leaf, scope);
    const name = comparedAttribute(leaf)?.name ?? 'unnamed';
    if (!attribute)
      return {
        conditionResult: false,
        conditionFound: false,
        valueFound: null,
        unitFound: null,
        evidence: [],
        failure: `Clinical attribute not configured: ${name}`,
      };
    if (!candidate)
      return {
        conditionResult: false,
        conditionFound: false,
        valueFound: null,
        unitFound: null,
        evidence: [],
        failure: `Clinical attribute not found: ${attribute.name}`,
      };
    const shown = displayValue(candidate.value);
    const evidence = valueEvidence(context, candidate);
    return {
      conditionResult: test(candidate.value, leaf, attribute),
      conditionFound: true,
      valueFound: shown,
      unitFound: candidate.unit,
      evidence: evidence ? [evidence] : [],
      failure: `${attribute.name} is ${shown}${candidate.unit ? ` ${candidate.unit}` : ''}, expected ${expectation(leaf, attribute)}`,
    };
  };

/**
 * The found value as [lower, upper] (a number n is [n, n]; text is read as a number when it is one); null
 * for a value in a unit the attribute does not define, which is no number of the attribute's unit.
 */
function bounds(value: AttributeValue): [number, number] | null {
  if (value.kind !== 'text' && value.foreignUnit) return null;
  if (value.kind === 'number') return [value.value, value.value];
  if (value.kind === 'range') return [value.lower, value.upper];
  const n = leadingNumber(value.value.trim());
  return n && !n.rest.trim() ? [n.value, n.value] : null;
}

const target = (leaf: RuleStatement): number => {
  const v = Array.isArray(leaf.value) ? leaf.value[0] : leaf.value;
  return typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
};

const numeric =
  (holds: (lower: number, upper: number, x: number) => boolean): ComparisonTest =>
  (found, leaf) => {
    const b = bounds(found);
    const x = target(leaf);
    return !!b && Number.isFinite(x) && holds(b[0], b[1], x);
  };

const configured = (leaf: RuleStatement): string =>
  leaf.value === null || leaf.value === undefined || leaf.value === '' ? '(no value configured)' : String(leaf.value);

const EPSILON = 1e-9;
const same = (a: number, b: number) => Math.abs(a - b) <= EPSILON * Math.max(1, Math.abs(a), Math.abs(b));

/** Text (or numbers written as text) equal, ignoring case and punctuation, aliases counting as the value. */
function canonical(text: string, attribute: ClinicalAttributeMaster): string {
  const fold = foldOf(text);
  const known = (attribute.text_possible_values ?? []).find((pv) =>
    [pv.text_value, ...(pv.text_value_alias ?? [])].some((p) => foldOf(p) === fold),
  );
  return known ? foldOf(known.text_value) : fold;
}

function equals(found: AttributeValue, leaf: RuleStatement, attribute: ClinicalAttributeMaster): boolean {
  const b = bounds(found);
  const x = target(leaf);
  if (b && Number.isFinite(x)) return same(b[0], x) && same(b[1], x);
  if (found.kind !== 'text' || leaf.value === null || leaf.value === undefined) return false;
  return canonical(found.value, attribute) === canonical(String(leaf.value), attribute);
}

const listed = (leaf: RuleStatement): string[] => leafValueList(leaf.value);

function isListed(found: AttributeValue, leaf: RuleStatement, attribute: ClinicalAttributeMaster): boolean {
  const items = listed(leaf);
  if (found.kind === 'text') {
    const wanted = new Set(items.map((i) => canonical(i, attribute)));
    return (found.values ?? [found.value]).some((v) => wanted.has(canonical(v, attribute)));
  }
  const b = bounds(found)!;
  return items.some((i) => {
    const n = leadingNumber(i);
    if (found.kind === 'number') return !!n && !n.rest.trim() && same(n.value, b[0]);
    return foldOf(i) === foldOf(`${b[0]}-${b[1]}`);
  });
}

function rangeOf(leaf: RuleStatement, attribute: ClinicalAttributeMaster): [number | null, number | null] {
  if (leaf.range) return [leaf.range[0] ?? null, leaf.range[1] ?? null];
  return [attribute.number_range?.lower_limit ?? null, attribute.number_range?.upper_limit ?? null];
}

const describeRange = ([lower, upper]: [number | null, number | null]): string =>
  lower !== null && upper !== null
    ? `between ${lower} and ${upper}`
    : lower !== null
      ? `at least ${lower}`
      : upper !== null
        ? `at most ${upper}`
        : 'any value';

/** Each comparison operator's test of the value found. */
const COMPARISON_TESTS: Record<ComparisonOperator, ComparisonTest> = {
  VALUE_GREATER_THAN: numeric((lower, _, x) => lower > x),
  VALUE_GREATER_THAN_EQUAL_TO: numeric((lower, _, x) => lower >= x),
  VALUE_LESS_THAN: numeric((_, upper, x) => upper < x),
  VALUE_LESS_THAN_EQUAL_TO: numeric((_, upper, x) => upper <= x),
  VALUE_EQUAL_TO: equals,
  VALUE_NOT_EQUAL_TO: (f, l, a) => !equals(f, l, a),
  VALUE_IN_RANGE: (found, leaf, attribute) => {
    const b = bounds(found);
    const [lower, upper] = rangeOf(leaf, attribute);
    return !!b && (lower === null || b[0] >= lower) && (upper === null || b[1] <= upper);
  },
  VALUE_IN: isListed,
  VALUE_NOT_IN: (f, l, a) => !isListed(f, l, a),
};

const OPERATORS: Record<LeafOperator, LeafEvaluator> = {
  ANY_OF_N_VALUES_IS_PRESENT: presence('ANY_OF_N_VALUES_IS_PRESENT', (leaf, missing, found) => {
    const need = Math.max(1, leaf.numberOfValues ?? 1);
    const all = [...found, ...missing];
    return need === 1
      ? `any 1 of ${list(all)}`
      : `any ${need} of ${list(leaf.valuesToFind ?? all)}${found.length ? ` (found ${list(found)})` : ''}`;
  }),
  ALL_OF_THE_VALUES_ARE_PRESENT: presence(
    'ALL_OF_THE_VALUES_ARE_PRESENT',
    (leaf, missing) => `all of ${list(leaf.valuesToFind ?? missing)} (missing ${list(missing)})`,
  ),
  VALUE_GREATER_THAN: comparison('VALUE_GREATER_THAN', (leaf) => `greater than ${configured(leaf)}`),
  VALUE_GREATER_THAN_EQUAL_TO: comparison('VALUE_GREATER_THAN_EQUAL_TO', (leaf) => `at least ${configured(leaf)}`),
  VALUE_LESS_THAN: comparison('VALUE_LESS_THAN', (leaf) => `less than ${configured(leaf)}`),
  VALUE_LESS_THAN_EQUAL_TO: comparison('VALUE_LESS_THAN_EQUAL_TO', (leaf) => `at most ${configured(leaf)}`),
  VALUE_EQUAL_TO: comparison('VALUE_EQUAL_TO', (leaf) => `equal to ${configured(leaf)}`),
  VALUE_NOT_EQUAL_TO: comparison('VALUE_NOT_EQUAL_TO', (leaf) => `not equal to ${configured(leaf)}`),
  VALUE_IN_RANGE: comparison('VALUE_IN_RANGE', (leaf, attribute) => describeRange(rangeOf(leaf, attribute))),
  VALUE_IN: comparison('VALUE_IN', (leaf) => `one of ${list(listed(leaf))}`),
  VALUE_NOT_IN: comparison('VALUE_NOT_IN', (leaf) => `none of ${list(listed(leaf))}`),
};

export function evaluateNode(node: RuleStatement, context: ClaimContext, scope: RuleScope): Evaluated {
  if (node.operator) {
    const evaluator = OPERATORS[node.operator];
    const outcome: LeafOutcome = evaluator
      ? evaluator(node, context, scope)
      : { conditionResult: false, conditionFound: false, evidence: [], failure: `Unsupported rule operator: ${node.operator}` };
    const { failure, missingDocuments, ...results } = outcome;
    return {
      statement: { ...node, ...results },
      children: [],
      failure: outcome.conditionResult ? null : failure,
      missingDocuments: outcome.conditionResult ? null : (missingDocuments ?? null),
    };
  }
  const children = (node.statements ?? []).map((child) => evaluateNode(child, context, scope));
  const results = children.map((c) => c.statement.conditionResult === true);
  const conditionResult = results.length === 0 || (node.booleanOperator === 'AND' ? results.every(Boolean) : results.some(Boolean));
  return {
    statement: { ...node, ...(node.statements ? { statements: children.map((c) => c.statement) } : {}), conditionResult },
    children,
    failure: null,
    missingDocuments: null,
  };
}

/**
 * Texts for the failing part of a tree: under AND each failing statement stands on its own; under OR the
 * alternatives are joined (with `or`), the failing parts of one alternative with `and`.
 */
export function failureTexts(node: Evaluated, pick: (leaf: Evaluated) => string | null, joiners = { and: ' AND ', or: ' OR ' }): string[] {
  if (node.statement.conditionResult) return [];
  if (!node.children.length) {
    const text = pick(node);
    return text ? [text] : [];
  }
  if (node.statement.booleanOperator === 'AND') return node.children.flatMap((c) => failureTexts(c, pick, joiners));
  const alternatives = node.children.map((c) => failureTexts(c, pick, joiners).join(joiners.and)).filter(Boolean);
  return alternatives.length ? [alternatives.join(joiners.or)] : [];
}
