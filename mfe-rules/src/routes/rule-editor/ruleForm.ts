/**
 * The rule form's data (spec 2 §2.8, §3): what the editor holds while it is edited, how a loaded rule becomes
 * that, and the save body it sends: the four trees cleaned, the document pickers, and the selection and name
 * lists derived from what the trees' conditions name.
 */
import {
  ENTITY_NAMES,
  OPERATOR_SHAPES,
  SELECTION_KINDS,
  SELECTION_LABELS,
  statementProblems,
  unwrappedStatement,
} from '@claims/shared-kernel';
import type {
  CaseType,
  EntityName,
  NamedRef,
  Rule,
  RuleSaveBody,
  RuleSelections,
  RuleStatement,
  RuleTreeName,
  StatementProblem,
} from '@claims/shared-kernel';
import { type EditorNode, toEditorTree, toSavedStatement } from '../../components/rule-builder/ruleTree';
import type { BuilderMasters } from '../../components/rule-builder/useBuilderMasters';

/** The four rule builders, in the form's order, with the entity a new condition of each looks for. */
export const BUILDERS: { name: RuleTreeName; title: string; defaultEntity: EntityName }[] = [
  { name: 'procedureRule', title: 'Procedure Rule', defaultEntity: 'procedures' },
  { name: 'diagnosisRule', title: 'Diagnosis Rule', defaultEntity: 'diagnoses' },
  { name: 'documentRule', title: 'Document Rule', defaultEntity: 'document' },
  { name: 'clinicalTermsRule', title: 'Clinical Terms Rule', defaultEntity: 'evidence' },
];

const DOCUMENT_PICKER_FIELDS = [
  'fk_document',
  'fk_exc_document',
  'fk_clinical_inc_document',
  'fk_clinical_exc_document',
] as const satisfies readonly (keyof RuleSelections)[];
export type DocumentPickerField = (typeof DOCUMENT_PICKER_FIELDS)[number];
/** The document pickers of the form (each up to 10 documents, in order). */
export const DOCUMENT_PICKERS: readonly { field: DocumentPickerField; label: string }[] = DOCUMENT_PICKER_FIELDS.map((field) => ({
  field,
  label: SELECTION_LABELS[field],
}));

export interface RuleDraft {
  procedureId: number | null;
  caseType: CaseType;
  documents: Record<DocumentPickerField, number[]>;
  trees: Record<RuleTreeName, EditorNode>;
  /**
   * What the form does not edit, sent back as loaded so a save keeps it. Not rules_configuration: a rule reads it as
   * its four trees, which the form sends itself.
   */
  kept: Pick<RuleSaveBody, 'rule_template' | 'query_rule'>;
  /**
   * The trees loaded as one statement. The builder edits such a tree in an AND group; while the group holds that one
   * statement alone it is saved as it was loaded, so saving changes no tree the person did not change.
   */
  loneTrees: RuleTreeName[];
}

const treesOf = (source: Partial<Record<RuleTreeName, RuleStatement | null>>): Record<RuleTreeName, EditorNode> =>
  Object.fromEntries(BUILDERS.map(({ name }) => [name, toEditorTree(source[name])])) as Record<RuleTreeName, EditorNode>;

/** A new rule's form, or a loaded rule's. */
export function draftOf(rule?: Rule): RuleDraft {
  return {
    procedureId: rule?.fk_procedure ?? null,
    caseType: rule?.case_type ?? 'SETTLEMENT',
    documents: {
      fk_document: rule?.fk_document ?? [],
      fk_exc_document: rule?.fk_exc_document ?? [],
      fk_clinical_inc_document: rule?.fk_clinical_inc_document ?? [],
      fk_clinical_exc_document: rule?.fk_clinical_exc_document ?? [],
    },
    trees: treesOf(rule ?? {}),
    kept: rule ? { rule_template: rule.rule_template, query_rule: rule.query_rule } : {},
    loneTrees: BUILDERS.flatMap(({ name }) => {
      const tree = rule?.[name];
      return tree && !tree.booleanOperator && !tree.statements ? [name] : [];
    }),
  };
}

/** The trees as saved: cleaned, and a tree loaded as one statement saved as one while it holds that statement alone. */
function savedTrees(draft: RuleDraft): Record<RuleTreeName, RuleStatement | null> {
  return Object.fromEntries(
    BUILDERS.map(({ name }) => {
      const saved = toSavedStatement(draft.trees[name]);
      return [name, draft.loneTrees.includes(name) ? unwrappedStatement(saved) : saved];
    }),
  ) as Record<RuleTreeName, RuleStatement | null>;
}

/** The same content for another case type (the 'configure other case type' form and the pre-auth variant). */
export function draftFor(draft: RuleDraft, caseType: CaseType): RuleDraft {
  return { ...draft, caseType, trees: treesOf(savedTrees(draft)) };
}

/** The trees' malformed statements, named as the api names them ('procedureRule.statements[0]'). */
export const draftProblems = (draft: RuleDraft): StatementProblem[] =>
  BUILDERS.flatMap(({ name }) => statementProblems(draft.trees[name], name));

const unique = (values: string[]) => [...new Set(values)];
const fold = (text: string) => text.trim().toLowerCase();

/** The names the conditions of the trees look for, by entity; clinical attributes also by what comparisons compare. */
function namedByConditions(trees: (RuleStatement | null)[]): Record<EntityName, string[]> {
  const named = Object.fromEntries(ENTITY_NAMES.map((entity) => [entity, [] as string[]])) as Record<EntityName, string[]>;
  const walk = (node: RuleStatement) => {
    if (node.statements) node.statements.forEach(walk);
    else if (node.operator && OPERATOR_SHAPES[node.operator] === 'presence')
      named[node.entityName ?? 'diagnoses'].push(...(node.valuesToFind ?? []));
    else if (node.valueToCompare) named.clinicalattribute.push(node.valueToCompare.name);
  };
  for (const tree of trees) if (tree) walk(tree);
  return Object.fromEntries(Object.entries(named).map(([entity, names]) => [entity, unique(names)])) as Record<EntityName, string[]>;
}

/** The ids of the master entries named (names no master lists are left out). */
const idsOf = (names: string[], master: readonly NamedRef[]): number[] =>
  unique(names.map(fold)).flatMap((name) => master.find((entry) => fold(entry.name) === name)?.id ?? []);

/**
 * The save body (POST /rules, PUT /rules/{id}): the cleaned trees (no id, level or parentId, no empty condition),
 * the document pickers, the selections the conditions name (fk_diagnosis, ...) and the derived name lists.
 */
export function saveBodyOf(draft: RuleDraft, masters: BuilderMasters): RuleSaveBody {
  if (draft.procedureId === null) throw new Error('A rule needs a procedure');
  const trees = savedTrees(draft);
  const named = namedByConditions(Object.values(trees));
  const documentNames = draft.documents.fk_document.flatMap((id) => masters.entities.document.find((d) => d.id === id)?.name ?? []);
  return {
    fk_procedure: draft.procedureId,
    case_type: draft.caseType,
    ...trees,
    ...draft.kept,
    ...draft.documents,
    fk_diagnosis: idsOf(named.diagnoses, masters.entities.diagnoses),
    fk_evidence: idsOf(named.evidence, masters.entities.evidence),
    fk_drug: idsOf(named.drugs, masters.entities.drugs),
    fk_tissue: idsOf(named.tissues, masters.entities.tissues),
    fk_clinical_attribute: idsOf(named.clinicalattribute, masters.clinicalAttributes),
    segregationDocumentTypes: unique([...documentNames, ...named.document]),
    clinicalAttributeKeywordList: named.clinicalattribute,
    proceduresList: named.procedures,
    diagnosisList: named.diagnoses,
    evidenceList: named.evidence,
    drugsList: named.drugs,
    tissuesList: named.tissues,
  };
}

/**
 * The rule as stored, as a save body: what an insurer's override starts from (spec 2 §2.8), never the editor's unsaved
 * changes. Its selections are the stored ones; the name lists are derived from its trees as a save derives them.
 */
export function storedSaveBody(rule: Rule, masters: BuilderMasters): RuleSaveBody {
  // SELECTION_KINDS has every selection field: the contract's list is in the zod half of the kernel, kept out of the remotes.
  const selections = Object.fromEntries(
    (Object.keys(SELECTION_KINDS) as (keyof RuleSelections)[]).map((field) => [field, rule[field]]),
  ) as RuleSelections;
  return { ...saveBodyOf(draftOf(rule), masters), ...selections };
}
