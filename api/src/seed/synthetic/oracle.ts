/**
 * The expected verdict of a claim, computed from the facts the generator planted (not from reading the
 * files), with the suite's result semantics (spec README):
 *  - documents that cannot be read at all: SUSPENDED;
 *  - no rule for the procedure, insurer and case type: QUERY 'Protocol not configured for {procedure} ({caseType})';
 *  - a failing procedure, diagnosis or clinical terms rule: REJECTED;
 *  - else a failing document rule: QUERY naming the missing documents;
 *  - else ACCEPTED. The claim's result is the worst of its procedures.
 *
 * Leaf semantics (what the adjudicator must agree with):
 *  - ANY_OF_N_VALUES_IS_PRESENT: at least numberOfValues (default 1) of valuesToFind are found;
 *    ALL_OF_THE_VALUES_ARE_PRESENT: all are found.
 *  - An entity value is found when one of its names or aliases occurs in a document that the leaf may
 *    look in: in documentInclusionList when the leaf has one, and never in the leaf's
 *    documentExclusionList nor in the rule's default exclusion list (fk_exc_document).
 *  - A document value is found when a readable page of that document type is present.
 *  - Comparisons use the attribute's value converted to its base unit (conversion_unit 1), from a document
 *    allowed by the rule's clinical inclusion/exclusion lists; an attribute that is not found fails every
 *    comparison, VALUE_IN and VALUE_NOT_IN alike. VALUE_IN_RANGE includes both bounds; a null bound is open.
 *  - A null tree is not configured and passes.
 *
 * The facts are the generator's plan as written: a mention in a negated sentence ('No evidence of X') is no
 * mention of X, a name written in a spelling the masters lack is a mention of its entity, and a blank or
 * scribbled scan holds nothing (classes.ts).
 */
import {
  type AdjudicationResult,
  type CaseType,
  ENTITY_NAMES,
  type EntityName,
  kindOfEntity,
  masterKind,
  REQUIRED_DOCUMENT_NOT_FOUND,
  RESULT_SEVERITY,
  type RuleKind,
} from '@claims/shared-kernel/constants';
import type { RuleStatement, RuleTreeName } from '@claims/shared-kernel/contract';
import { catalog, type CatalogRule } from './catalog';

/** The entity group a leaf's entityName reports its finds in: its kind's key in adjudicationDetails. */
type LeafGroups = { [K in RuleKind as K['rule']['entityName']]: K['group']['key'] };
export const LEAF_GROUP = Object.fromEntries(
  ENTITY_NAMES.map((entityName) => [entityName, (masterKind(kindOfEntity(entityName)) as RuleKind).group.key]),
) as LeafGroups;
export type ExpectedEntityType = LeafGroups[EntityName];
export type MentionGroup = Exclude<ExpectedEntityType, 'document' | 'clinicalAttribute'>;

export interface PlantedValue {
  /** Base-unit number, or the canonical text value. */
  value: number | string;
  document: string;
}

/** What the claim's readable documents contain. */
export interface ClaimFacts {
  readable: boolean;
  /** Document types with at least one readable page. */
  documents: Set<string>;
  /** `${group}:${name}` -> the document types that mention it. */
  mentions: Map<string, Set<string>>;
  /** Attribute name -> its one planted value. */
  values: Map<string, PlantedValue>;
}

export const mentionKey = (group: MentionGroup, name: string): string => `${group}:${name}`;

export interface ProcedureExpectation {
  result: AdjudicationResult;
  /** Texts the adjudication reason must contain. */
  reasonIncludes: string[];
  failedTrees: RuleTreeName[];
  missingDocuments: string[];
}

const TREES: RuleTreeName[] = ['procedureRule', 'diagnosisRule', 'documentRule', 'clinicalTermsRule'];
const docName = (id: number): string => catalog.documents.find((d) => d.id === id)!.name;

export interface Scope {
  facts: ClaimFacts;
  defaultExcluded: string[];
  clinicalIncluded: string[];
  clinicalExcluded: string[];
}

function allowed(doc: string, include: string[] | undefined, exclude: string[]): boolean {
  if (include && include.length > 0 && !include.includes(doc)) return false;
  return !exclude.includes(doc);
}

function entityFound(leaf: RuleStatement, value: string, scope: Scope): boolean {
  const entityName = leaf.entityName!;
  if (entityName === 'document') return scope.facts.documents.has(value);
  const group = LEAF_GROUP[entityName] as MentionGroup;
  const docs = scope.facts.mentions.get(mentionKey(group, value));
  if (!docs) return false;
  const exclude = [...(leaf.documentExclusionList ?? []), ...scope.defaultExcluded];
  return [...docs].some((d) => allowed(d, leaf.documentInclusionList, exclude));
}

function attributeValue(leaf: RuleStatement, scope: Scope): number | string | null {
  const name = leaf.valueToCompare?.name;
  const planted = name ? scope.facts.values.get(name) : undefined;
  if (!planted) return null;
  const include = leaf.documentInclusionList?.length ? leaf.documentInclusionList : scope.clinicalIncluded;
  const exclude = [...(leaf.documentExclusionList ?? []), ...scope.clinicalExcluded];
  return allowed(planted.document, include, exclude) ? planted.value : null;
}

/**
 * Whether the leaf can see the value in the claim: an entity written in a document the leaf may look in,
 * a document present, or an attribute's value found where the rule's clinical lists allow.
 */
export function leafSees(leaf: RuleStatement, value: string, scope: Scope): boolean {
  return leaf.valueToCompare ? attributeValue(leaf, scope) !== null : entityFound(leaf, value, scope);
}

function leafResult(leaf: RuleStatement, scope: Scope): boolean {
  switch (leaf.operator) {
    case 'ANY_OF_N_VALUES_IS_PRESENT': {
      const found = (leaf.valuesToFind ?? []).filter((v) => entityFound(leaf, v, scope)).length;
      return found >= (leaf.numberOfValues ?? 1);
    }
    case 'ALL_OF_THE_VALUES_ARE_PRESENT':
      return (leaf.valuesToFind ?? []).every((v) => entityFound(leaf, v, scope));
    case 'VALUE_IN':
    case 'VALUE_NOT_IN': {
      const v = attributeValue(leaf, scope);
      if (v === null) return false;
      const list = (Array.isArray(leaf.value) ? leaf.value : [String(leaf.value)]).map((s) => s.toLowerCase());
      const inList = list.includes(String(v).toLowerCase());
      return leaf.operator === 'VALUE_IN' ? inList : !inList;
    }
    default: {
      const v = attributeValue(leaf, scope);
      if (typeof v !== 'number') return false;
      return compareNumber(leaf, v);
    }
  }
}

/** A comparison leaf applied to a base-unit number. */
export function compareNumber(leaf: RuleStatement, v: number): boolean {
  const target = Number(leaf.value);
  switch (leaf.operator) {
    case 'VALUE_GREATER_THAN':
      return v > target;
    case 'VALUE_GREATER_THAN_EQUAL_TO':
      return v >= target;
    case 'VALUE_LESS_THAN':
      return v < target;
    case 'VALUE_LESS_THAN_EQUAL_TO':
      return v <= target;
    case 'VALUE_EQUAL_TO':
      return v === target;
    case 'VALUE_NOT_EQUAL_TO':
      return v !== target;
    case 'VALUE_IN_RANGE': {
      const [lo, hi] = leaf.range ?? [null, null];
      return (lo === null || v >= lo) && (hi === null || v <= hi);
    }
    default:
      return false;
  }
}

export function evaluateTree(tree: RuleStatement | null, scope: Scope): boolean {
  if (!tree) return true;
  if (tree.statements) {
    const results = tree.statements.map((s) => evaluateTree(s, scope));
    return tree.booleanOperator === 'AND' ? results.every(Boolean) : results.some(Boolean);
  }
  return leafResult(tree, scope);
}

/** The document names a failing document tree is missing (from its failing branches only). */
function missingDocuments(tree: RuleStatement, scope: Scope): string[] {
  if (evaluateTree(tree, scope)) return [];
  if (tree.statements) return tree.statements.flatMap((s) => missingDocuments(s, scope));
  return (tree.valuesToFind ?? []).filter((v) => !entityFound(tree, v, scope));
}

export function scopeFor(rule: CatalogRule, facts: ClaimFacts): Scope {
  return {
    facts,
    defaultExcluded: rule.fk_exc_document.map(docName),
    clinicalIncluded: rule.fk_clinical_inc_document.map(docName),
    clinicalExcluded: rule.fk_clinical_exc_document.map(docName),
  };
}

export function protocolNotConfigured(procedureName: string, caseType: CaseType): string {
  return `Protocol not configured for ${procedureName} (${caseType})`;
}

export function evaluateProcedure(
  rule: CatalogRule | null,
  procedureName: string,
  caseType: CaseType,
  facts: ClaimFacts,
): ProcedureExpectation {
  if (!facts.readable) return { result: 'SUSPENDED', reasonIncludes: [], failedTrees: [], missingDocuments: [] };
  if (!rule) {
    return { result: 'QUERY', reasonIncludes: ['Protocol not configured'], failedTrees: [], missingDocuments: [] };
  }
  const scope = scopeFor(rule, facts);
  const failedTrees = TREES.filter((t) => !evaluateTree(rule[t], scope));
  if (failedTrees.some((t) => t !== 'documentRule')) {
    return { result: 'REJECTED', reasonIncludes: [], failedTrees, missingDocuments: [] };
  }
  if (failedTrees.includes('documentRule')) {
    const missing = [...new Set(missingDocuments(rule.documentRule!, scope))];
    return {
      result: 'QUERY',
      reasonIncludes: missing.length ? missing : [REQUIRED_DOCUMENT_NOT_FOUND],
      failedTrees,
      missingDocuments: missing,
    };
  }
  return { result: 'ACCEPTED', reasonIncludes: [], failedTrees: [], missingDocuments: [] };
}

/** The worst of the results, in the order SUSPENDED, REJECTED, QUERY, ACCEPTED. */
export function worstResult(results: AdjudicationResult[]): AdjudicationResult {
  return RESULT_SEVERITY.find((r) => results.includes(r)) ?? 'ACCEPTED';
}
