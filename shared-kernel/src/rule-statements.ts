/**
 * Rule statement trees (spec 2 §3, spec 3 §3.5) as the rule builder writes them and the api stores them: what a
 * saved tree keeps, which inputs each leaf operator needs, which trees are malformed and what a statement says in
 * words. Pure (no React, no zod): the api refuses a malformed tree with the same words the builder shows beside it.
 */
import {
  BOOLEAN_OPERATORS,
  ENTITY_LABELS,
  ENTITY_NAMES,
  COMPARISON_SIGNS,
  LEAF_OPERATORS,
  LIMITS,
  leafValueList,
  type EntityName,
  type LeafOperator,
} from './constants';
import type { RuleStatement } from './contract/rules';

/** The inputs a leaf of an operator asks for: values of an entity, a number, a range or a list, of a clinical attribute. */
export type OperatorShape = 'presence' | 'comparison' | 'range' | 'list';

export const OPERATOR_SHAPES: Record<LeafOperator, OperatorShape> = {
  ANY_OF_N_VALUES_IS_PRESENT: 'presence',
  ALL_OF_THE_VALUES_ARE_PRESENT: 'presence',
  VALUE_GREATER_THAN: 'comparison',
  VALUE_GREATER_THAN_EQUAL_TO: 'comparison',
  VALUE_LESS_THAN: 'comparison',
  VALUE_LESS_THAN_EQUAL_TO: 'comparison',
  VALUE_EQUAL_TO: 'comparison',
  VALUE_NOT_EQUAL_TO: 'comparison',
  VALUE_IN_RANGE: 'range',
  VALUE_IN: 'list',
  VALUE_NOT_IN: 'list',
};

const isLeafOperator = (value: unknown): value is LeafOperator => LEAF_OPERATORS.includes(value as LeafOperator);
const isEntityName = (value: unknown): value is EntityName => ENTITY_NAMES.includes(value as EntityName);

/**
 * A comparison value as the builder accepts it (spec 3 §5): a decimal number with an optional sign and fraction;
 * anything else is no value.
 */
export function parseDecimal(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const trimmed = (text ?? '').trim();
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : null;
}

/** VALUE_IN / VALUE_NOT_IN values typed as text: comma separated, trimmed, blanks dropped (spec 3 §5). */
export const splitValueList = (text: string): string[] => leafValueList(text);

/** Fields the adjudicator writes on the copy of a tree it stores with a claim; a saved rule never carries them. */
const RESULT_FIELDS = ['conditionFound', 'conditionResult', 'valueFound', 'unitFound', 'evidence'] as const;
/** Fields only the builder uses (spec 2 §3: removed before saving). */
const EDITOR_FIELDS = ['id', 'level', 'parentId'] as const;

/** A leaf the builder left empty (no operator) and not a group: dropped on save. */
const isEmptyLeaf = (node: RuleStatement): boolean => !node.operator && !node.booleanOperator && !node.statements;

/**
 * What is saved of a statement tree: editor-only id, level and parentId and the adjudicator's results are removed,
 * leaves with neither an operator nor a boolean operator are dropped (spec 2 §3), and groups left empty with them.
 * Null when nothing is left.
 */
export function cleanStatement(node: RuleStatement | null | undefined): RuleStatement | null {
  if (!node || isEmptyLeaf(node)) return null;
  const kept: RuleStatement = { ...node };
  for (const field of [...EDITOR_FIELDS, ...RESULT_FIELDS]) delete kept[field];
  if (node.operator !== undefined && !node.booleanOperator && !node.statements) return kept;
  const statements = (node.statements ?? []).map(cleanStatement).filter((s): s is RuleStatement => s !== null);
  return statements.length ? { ...kept, statements } : null;
}

export interface StatementProblem {
  /** Where the statement is: 'procedureRule.statements[1].statements[0]'. */
  path: string;
  message: string;
}

const hasValue = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

function leafProblems(leaf: RuleStatement, path: string): StatementProblem[] {
  const operator: unknown = leaf.operator;
  if (!isLeafOperator(operator)) return [{ path, message: `unknown operator '${String(operator)}'` }];
  const problem = (message: string) => [{ path, message }];
  if (leaf.entityName !== undefined && !isEntityName(leaf.entityName)) return problem(`unknown entity '${String(leaf.entityName)}'`);
  switch (OPERATOR_SHAPES[operator]) {
    case 'presence': {
      const values = (leaf.valuesToFind ?? []).filter((v) => v.trim());
      if (!values.length) return problem('a leaf without values: choose at least one value to find');
      if (operator !== 'ANY_OF_N_VALUES_IS_PRESENT' || leaf.numberOfValues === undefined) return [];
      const n = leaf.numberOfValues;
      if (!Number.isInteger(n) || n < 1 || n > LIMITS.multiSelectMax)
        return problem('the number of values must be a whole number from 1 to 10');
      return n > values.length ? problem(`asks for any ${n} of only ${values.length} value${values.length === 1 ? '' : 's'}`) : [];
    }
    case 'comparison':
      if (!leaf.valueToCompare?.name) return problem(`${operator} needs the clinical attribute to compare`);
      return parseDecimal(Array.isArray(leaf.value) ? undefined : leaf.value) === null ? problem(`${operator} needs a number`) : [];
    case 'range': {
      if (!leaf.valueToCompare?.name) return problem(`${operator} needs the clinical attribute to compare`);
      const [lower, upper] = leaf.range ?? [null, null];
      if (!hasValue(lower) || !hasValue(upper) || !Number.isFinite(lower) || !Number.isFinite(upper))
        return problem('a range needs two bounds');
      return (lower as number) > (upper as number) ? problem('the lower bound of the range is above the upper bound') : [];
    }
    case 'list':
      if (!leaf.valueToCompare?.name) return problem(`${operator} needs the clinical attribute to compare`);
      return leafValueList(leaf.value).length ? [] : problem(`${operator} needs at least one value`);
  }
}

/**
 * Why a tree is malformed, statement by statement (empty leaves are not problems: they are dropped on save).
 * `path` names the root ('procedureRule'); children add '.statements[i]' by their place in the tree as given.
 */
export function statementProblems(node: RuleStatement | null | undefined, path: string): StatementProblem[] {
  if (!node || isEmptyLeaf(node)) return [];
  const booleanOperator: unknown = node.booleanOperator;
  if (node.operator !== undefined && (booleanOperator !== undefined || node.statements))
    return [{ path, message: 'a statement is either a condition (operator) or a group (booleanOperator and statements), not both' }];
  if (node.operator !== undefined) return leafProblems(node, path);
  if (!BOOLEAN_OPERATORS.includes(booleanOperator as (typeof BOOLEAN_OPERATORS)[number]))
    return [
      {
        path,
        message: booleanOperator === undefined ? 'a group needs AND or OR' : `unknown boolean operator '${String(booleanOperator)}'`,
      },
    ];
  return (node.statements ?? []).flatMap((child, index) => statementProblems(child, `${path}.statements[${index}]`));
}

const listed = (values: readonly string[]): string => values.join(', ');

function documentScope(leaf: RuleStatement): string {
  const parts = [
    leaf.documentInclusionList?.length ? `in ${listed(leaf.documentInclusionList)}` : '',
    leaf.documentExclusionList?.length ? `not in ${listed(leaf.documentExclusionList)}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** A statement in words, without its children: 'Diagnoses: any 1 of Cataract, Glaucoma', 'Haemoglobin < 10'. */
export function statementText(node: RuleStatement): string {
  const described = (text: string) => (node.description ? `${text} [${node.description}]` : text);
  if (!node.operator)
    return described(node.booleanOperator === 'AND' ? 'All of the statements should be true' : 'Any of the statements should be true');
  const entity = node.entityName ? ENTITY_LABELS[node.entityName] : 'Values';
  const subject = node.valueToCompare?.name ?? entity;
  const value = Array.isArray(node.value) ? listed(node.value) : String(node.value ?? '');
  const scope = documentScope(node);
  switch (node.operator) {
    case 'ANY_OF_N_VALUES_IS_PRESENT':
      return described(`${entity}: any ${node.numberOfValues ?? 1} of ${listed(node.valuesToFind ?? [])}${scope}`);
    case 'ALL_OF_THE_VALUES_ARE_PRESENT':
      return described(`${entity}: all of ${listed(node.valuesToFind ?? [])}${scope}`);
    case 'VALUE_IN_RANGE': {
      const [lower, upper] = node.range ?? [null, null];
      return described(`${subject} between ${lower ?? '…'} and ${upper ?? '…'}${scope}`);
    }
    case 'VALUE_IN':
      return described(`${subject} is one of ${listed(leafValueList(node.value))}${scope}`);
    case 'VALUE_NOT_IN':
      return described(`${subject} is none of ${listed(leafValueList(node.value))}${scope}`);
    default:
      return described(`${subject} ${COMPARISON_SIGNS[node.operator] ?? node.operator} ${value}${scope}`);
  }
}

/**
 * The statement a tree stands for: an AND group without a description that holds one statement means that statement
 * (the rule builder puts a lone condition in one to edit it), so the two compare as the same tree.
 */
export function unwrappedStatement(node: RuleStatement | null | undefined): RuleStatement | null {
  let current = node ?? null;
  while (current && current.booleanOperator === 'AND' && !current.operator && !current.description && current.statements?.length === 1)
    current = current.statements[0];
  return current;
}

/** The tree as indented lines (two spaces a level), one per statement: what a version's differences compare. */
export function statementOutline(node: RuleStatement | null | undefined, depth = 0): string[] {
  if (!node) return [];
  return [`${'  '.repeat(depth)}${statementText(node)}`, ...(node.statements ?? []).flatMap((child) => statementOutline(child, depth + 1))];
}
