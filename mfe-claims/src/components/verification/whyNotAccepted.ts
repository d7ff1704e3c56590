/**
 * Why a procedure was not accepted, in a reviewer's words: what would change the outcome, read from the
 * failing leaves of its four rule trees (their conditionResult, valueFound, unitFound and evidence, as
 * api/src/verification/evaluate.ts records them):
 *
 *   ANY_OF_N_VALUES_IS_PRESENT      numberOfValues (default 1) of valuesToFind found; valueFound lists the
 *                                   found ones, in valuesToFind's order, joined with ', '
 *   ALL_OF_THE_VALUES_ARE_PRESENT   every one of valuesToFind found
 *   VALUE_* comparisons             the clinical attribute valueToCompare (older rules: valuesToFind[0]);
 *                                   valueFound and unitFound are what was read, evidence where; a value not
 *                                   found fails whatever the operator
 *
 * Under AND every failing statement is needed; under OR (any other operator) one alternative would do.
 */
import type { EvidenceLocation, LeafOperator, ProcedureVerification, RuleStatement } from '@claims/shared-kernel';
import { ENTITY_PLURALS, leafValueList } from '@claims/shared-kernel';
import { RULE_TREES } from './display';

/** One thing that would change the outcome, or a choice among several, or several needed together. */
export type Remedy =
  | { kind: 'change'; text: string; evidence?: EvidenceLocation }
  | { kind: 'oneOf'; options: Remedy[] }
  | { kind: 'allOf'; items: Remedy[] };

export interface WhyOptions {
  /** Several documents: places are named with the document ('on page 3 of bill.pdf'). */
  severalDocuments?: boolean;
}

export const PROTOCOL_NOT_CONFIGURED =
  'No protocol is configured for this procedure and case type, so nothing was checked; once a rule exists, run verification again.';
export const suspendedSentence = (reason: string | null | undefined): string =>
  `The documents could not be read, so nothing was verified${reason?.trim() ? ` (${reason.trim()})` : ''}; upload readable documents and run verification again.`;

const list = (values: readonly string[]) => values.join(', ');

const valuesOf = (leaf: RuleStatement): string[] => (leaf.valuesToFind ?? []).filter((v) => v?.trim());

/**
 * The values a presence leaf found: valueFound joins them, in valuesToFind's order, with ', ' (read in that
 * order, so a name holding a comma is still told apart).
 */
export function foundValues(values: readonly string[], valueFound: RuleStatement['valueFound']): string[] {
  if (valueFound === null || valueFound === undefined || valueFound === '') return [];
  let rest = String(valueFound);
  const found: string[] = [];
  for (const value of values) {
    if (rest === value || rest.startsWith(`${value}, `)) {
      found.push(value);
      rest = rest.slice(value.length + 2);
    }
  }
  return found;
}

const lookedIn = (leaf: RuleStatement): string =>
  leaf.documentInclusionList?.length ? ` (the rule looks only in ${list(leaf.documentInclusionList)})` : '';

function presenceText(leaf: RuleStatement): string {
  const values = valuesOf(leaf);
  const plural = leaf.entityName ? ENTITY_PLURALS[leaf.entityName] : 'items';
  if (values.length === 0) return `The rule lists no ${plural} to look for`;
  const found = foundValues(values, leaf.valueFound);
  const where = lookedIn(leaf);
  if (leaf.operator === 'ALL_OF_THE_VALUES_ARE_PRESENT') {
    if (values.length === 1) return `${values[0]} not found in any document${where}`;
    const missing = values.filter((v) => !found.includes(v));
    return `Needs all of: ${list(values)}; missing ${list(missing.length ? missing : values)}${where}`;
  }
  const need = Math.max(1, leaf.numberOfValues ?? 1);
  if (need === 1)
    return values.length === 1
      ? `${values[0]} not found in any document${where}`
      : `None of these ${plural} found: ${list(values)}${where}`;
  return `Needs ${need} of: ${list(values)}; found ${found.length ? `${found.length} (${list(found)})` : 'none'}${where}`;
}

const isNumeric = (value: string | number): boolean => typeof value === 'number' || (value.trim() !== '' && Number.isFinite(Number(value)));

/** A configured number or text, with the unit the value was found in when it is a number. */
const withUnit = (value: string | number, unit: string | null | undefined): string =>
  unit && isNumeric(value) ? `${value} ${unit}` : String(value);

const configured = (leaf: RuleStatement): string | number | null => {
  const value = Array.isArray(leaf.value) ? leaf.value[0] : leaf.value;
  return value === null || value === undefined || value === '' ? null : value;
};

const listed = (leaf: RuleStatement): string[] => leafValueList(leaf.value);

function rangeWords(leaf: RuleStatement, unit: string | null | undefined): string {
  const [lower, upper] = leaf.range ?? [null, null];
  const u = unit ? ` ${unit}` : '';
  if (lower !== null && upper !== null) return `between ${lower} and ${upper}${u}`;
  if (lower !== null) return `at least ${lower}${u}`;
  if (upper !== null) return `at most ${upper}${u}`;
  return 'a value within its normal range';
}

const COMPARISON_WORDS: Partial<Record<LeafOperator, string>> = {
  VALUE_GREATER_THAN: 'more than',
  VALUE_GREATER_THAN_EQUAL_TO: 'at least',
  VALUE_LESS_THAN: 'less than',
  VALUE_LESS_THAN_EQUAL_TO: 'at most',
  VALUE_EQUAL_TO: 'exactly',
  VALUE_NOT_EQUAL_TO: 'anything but',
};

/** What a comparison leaf asks for, in words ('at least 10 g/dL', 'one of Positive, Reactive'). */
function expectation(leaf: RuleStatement): string {
  const unit = leaf.unitFound;
  switch (leaf.operator) {
    case 'VALUE_IN_RANGE':
      return rangeWords(leaf, unit);
    case 'VALUE_IN':
      return `one of ${list(listed(leaf))}`;
    case 'VALUE_NOT_IN':
      return `none of ${list(listed(leaf))}`;
    default: {
      const value = configured(leaf);
      const words = COMPARISON_WORDS[leaf.operator!] ?? String(leaf.operator);
      return value === null ? `${words} a value the rule does not configure` : `${words} ${withUnit(value, unit)}`;
    }
  }
}

function placeWords(evidence: EvidenceLocation | undefined, options: WhyOptions): string {
  if (!evidence) return '';
  const document = options.severalDocuments && evidence.referenceToDocument ? ` of ${evidence.referenceToDocument}` : '';
  return ` on page ${evidence.pageNumber}${document}`;
}

function comparisonRemedy(leaf: RuleStatement, options: WhyOptions): Remedy {
  const name = leaf.valueToCompare?.name ?? leaf.valuesToFind?.[0] ?? 'The clinical attribute';
  const needs = `the rule needs ${expectation(leaf)}`;
  const value = leaf.valueFound;
  if (value === null || value === undefined || value === '') return { kind: 'change', text: `${name} not found in any document; ${needs}` };
  const evidence = leaf.evidence?.[0];
  const found = `${name} found ${withUnit(value, leaf.unitFound)}${placeWords(evidence, options)}`;
  return { kind: 'change', text: `${found}; ${needs}`, ...(evidence ? { evidence } : {}) };
}

const PRESENCE: readonly (LeafOperator | undefined)[] = ['ANY_OF_N_VALUES_IS_PRESENT', 'ALL_OF_THE_VALUES_ARE_PRESENT'];

function leafRemedy(leaf: RuleStatement, options: WhyOptions): Remedy {
  if (PRESENCE.includes(leaf.operator)) return { kind: 'change', text: presenceText(leaf) };
  return comparisonRemedy(leaf, options);
}

/** The remedies of a failing node: nothing for a node that holds or was not evaluated. */
function remediesOf(node: RuleStatement, options: WhyOptions): Remedy[] {
  if (node.conditionResult !== false) return [];
  if (node.operator) return [leafRemedy(node, options)];
  const children = (node.statements ?? []).filter((child) => child.conditionResult === false);
  if (node.booleanOperator === 'AND') return children.flatMap((child) => remediesOf(child, options));
  // Any alternative would do: an alternative needing several things is one option of all of them.
  const alternatives = children.flatMap((child): Remedy[] => {
    const needed = remediesOf(child, options);
    if (needed.length === 0) return [];
    if (needed.length > 1) return [{ kind: 'allOf', items: needed }];
    const [only] = needed;
    return only.kind === 'oneOf' ? only.options : [only];
  });
  if (alternatives.length <= 1) return alternatives;
  return [{ kind: 'oneOf', options: alternatives }];
}

const hasRules = (verification: ProcedureVerification): boolean => RULE_TREES.some(({ name }) => !!verification[name]);

/**
 * What would change a procedure's outcome, built from its failing leaves; empty when it is ACCEPTED. A
 * procedure without a protocol and a suspended one get a sentence of their own; a result the trees do not
 * explain falls back to the adjudicator's reasons.
 */
export function whyNotAccepted(verification: ProcedureVerification, options: WhyOptions = {}): Remedy[] {
  const { adjudicationResult: result } = verification;
  if (result === 'ACCEPTED') return [];
  if (result === 'SUSPENDED') return [{ kind: 'change', text: suspendedSentence(verification.adjudicationReason) }];
  if (result === 'QUERY' && verification.ruleId === null && !hasRules(verification))
    return [{ kind: 'change', text: PROTOCOL_NOT_CONFIGURED }];
  const remedies = RULE_TREES.flatMap(({ name }) => {
    const tree = verification[name];
    return tree ? remediesOf(tree, options) : [];
  });
  if (remedies.length) return remedies;
  const reasons = verification.rejectionReasons?.length
    ? verification.rejectionReasons
    : verification.adjudicationReason
      ? [verification.adjudicationReason]
      : [];
  return reasons.map((text) => ({ kind: 'change', text }));
}
