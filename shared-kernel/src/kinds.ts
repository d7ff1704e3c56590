/**
 * The domain kinds: one row per master the suite keeps, and every table about kinds derived from it (the rule
 * entities and their labels, the claim page's entity groups, the question entity types, which rule selection holds
 * which master's ids, where rules and overrides name a master, the masters' navigation). A kind has one name in
 * code, its `module`: the master's route segment (spec 2 §2.1) and the keyword table's `kind`. The spec's other
 * names for it (a rule leaf's entityName, its key in adjudicationDetails, a question's entityType, its fk_ fields)
 * are columns of its row, used only where they cross the wire.
 *
 * Pure data: no React, no zod, so every package (browser or node) can import it.
 */
import type { NavAudience, NavEntry } from './contract/areas';
import type { Rule, RULE_SELECTION_FIELDS } from './contract/rules';

/** The icons the shell draws for navigation entries; a kind's icon is one of these names. */
export const NAV_ICON_NAMES = [
  'AppstoreOutlined',
  'BankOutlined',
  'CalculatorOutlined',
  'CloudSyncOutlined',
  'ControlOutlined',
  'DashboardOutlined',
  'ExperimentOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FolderOpenOutlined',
  'HighlightOutlined',
  'MedicineBoxOutlined',
  'PartitionOutlined',
  'ProductOutlined',
  'QuestionCircleOutlined',
  'SafetyCertificateOutlined',
  'SolutionOutlined',
] as const;
export type NavIconName = (typeof NAV_ICON_NAMES)[number];

export type RuleSelectionField = (typeof RULE_SELECTION_FIELDS)[number];
/**
 * A rule selection (fk_ field) holding a kind's ids: how the rule form and a version's changes name it, and the
 * field of a rule as read that lists the names of its ids (spec 2 §3).
 */
export interface KindSelection {
  field: RuleSelectionField;
  label: string;
  namedList: keyof Rule;
}
/** The fields of a clinical attribute's document-precedence override that name masters. */
export type DocumentOverrideField = 'hospitals' | 'procedures' | 'override_value' | 'exclude_document_headers';

/** One domain kind; only `module` is its name in code, the other names are the spec's, for the wire. */
export interface DomainKind {
  /** The kind's name in code, its master route segment and list path, and the keyword table's `kind`. */
  module: string;
  /** The masters' navigation and list title. */
  title: string;
  /** What one item is called. */
  noun: string;
  /** Where its items are kept: 'keyword' kinds share one table and the generic screens. */
  store: 'procedures' | 'keyword' | 'hospitals' | 'docgroups' | 'clinical' | 'decisionReasons';
  /** Whether it has screens (and a navigation entry) of its own; the verification reads the others. */
  listed: boolean;
  icon: NavIconName;
  /** Its screens send anyone but a super user away (spec 2 §6, spec 3 §8), so only they are offered it. */
  superUserOnly?: boolean;
  /**
   * A rule leaf can look for it: the leaf's entityName (spec 3 §3.5), how the builder and the rule viewer name it,
   * and its place among the builder's entity options.
   */
  rule?: { entityName: string; label: string; order: number };
  /**
   * Its found items on the claim page (spec 1 §8): the key in adjudicationDetails, the accordion's texts and its
   * place among the accordions.
   */
  group?: { key: string; label: string; empty: string; notFound: string; order: number };
  /** A procedure question can be about it: the question's entityType (spec 2 §5) and its place in the form. */
  answer?: { entityType: string; order: number };
  /** The rule selections (fk_ fields) that hold its ids. */
  selections?: readonly KindSelection[];
  /** The adjudicator's list of its masters (a field of MasterData). */
  masterList?: string;
  /** Where rules and overrides name it besides by id, which renames rewrite and deletes check. */
  places?: {
    /** Statements name it in their document inclusion and exclusion lists. */
    statementDocumentLists?: boolean;
    /** Comparisons name it in valueToCompare. */
    comparisons?: boolean;
    overrideFields?: readonly DocumentOverrideField[];
    /** Pattern overrides name it among their hospitals. */
    patternHospitals?: boolean;
  };
}

/** The one table of domain kinds, in the order the masters' navigation lists them. */
export const MASTER_KINDS = [
  {
    module: 'procedures',
    title: 'Procedures',
    noun: 'Procedure',
    store: 'procedures',
    listed: true,
    icon: 'MedicineBoxOutlined',
    rule: { entityName: 'procedures', label: 'Procedures', order: 1 },
    group: {
      key: 'procedures',
      label: 'Procedures',
      empty: 'woops! no procedure for this protocol',
      notFound: 'Procedure not found',
      order: 1,
    },
    answer: { entityType: 'procedures', order: 1 },
    masterList: 'procedures',
    places: { overrideFields: ['procedures'] },
  },
  {
    module: 'procedureGroup',
    title: 'Procedure Group',
    noun: 'Procedure group',
    store: 'keyword',
    listed: true,
    icon: 'AppstoreOutlined',
  },
  {
    module: 'diagnoses',
    title: 'Diagnoses',
    noun: 'Diagnosis',
    store: 'keyword',
    listed: true,
    icon: 'SolutionOutlined',
    rule: { entityName: 'diagnoses', label: 'Diagnoses', order: 2 },
    group: {
      key: 'diagnoses',
      label: 'Diagnoses',
      empty: 'woops! no diagnosis for this protocol',
      notFound: 'Diagnosis not found',
      order: 2,
    },
    answer: { entityType: 'diagnosis', order: 2 },
    selections: [{ field: 'fk_diagnosis', label: 'Diagnoses', namedList: 'diagnosis' }],
    masterList: 'diagnoses',
  },
  {
    module: 'tissues',
    title: 'Tissues',
    noun: 'Tissue',
    store: 'keyword',
    listed: true,
    icon: 'ExperimentOutlined',
    rule: { entityName: 'tissues', label: 'Tissues', order: 5 },
    group: { key: 'tissue', label: 'Tissues', empty: 'Tissue not found', notFound: 'Tissue not found', order: 6 },
    answer: { entityType: 'tissue', order: 7 },
    selections: [{ field: 'fk_tissue', label: 'Tissues', namedList: 'tissue' }],
    masterList: 'tissues',
  },
  {
    module: 'drugs',
    title: 'Drugs',
    noun: 'Drug',
    store: 'keyword',
    listed: true,
    icon: 'ProductOutlined',
    rule: { entityName: 'drugs', label: 'Drugs', order: 4 },
    group: { key: 'drug', label: 'Drugs', empty: 'Drug not found', notFound: 'Drug not found', order: 7 },
    answer: { entityType: 'drug', order: 6 },
    selections: [{ field: 'fk_drug', label: 'Drugs', namedList: 'drug' }],
    masterList: 'drugs',
  },
  {
    module: 'document',
    title: 'Documents',
    noun: 'Document',
    store: 'keyword',
    listed: true,
    icon: 'FileTextOutlined',
    rule: { entityName: 'document', label: 'Documents', order: 6 },
    group: { key: 'document', label: 'Documents', empty: 'Document not found', notFound: 'Document not found', order: 5 },
    answer: { entityType: 'document', order: 3 },
    selections: [
      { field: 'fk_document', label: 'Documents', namedList: 'document' },
      { field: 'fk_clinical_inc_document', label: 'Clinical Attributes Include Documents', namedList: 'defaultClinicalInclusionList' },
      { field: 'fk_clinical_exc_document', label: 'Clinical Attributes Exclude Documents', namedList: 'defaultClinicalExclusionList' },
      { field: 'fk_exc_document', label: 'Document Exclusion List', namedList: 'defaultDocumentExclusionList' },
    ],
    masterList: 'documents',
    places: { statementDocumentLists: true, overrideFields: ['override_value', 'exclude_document_headers'] },
  },
  {
    module: 'evidence',
    title: 'Evidence',
    noun: 'Evidence',
    store: 'keyword',
    listed: true,
    icon: 'SafetyCertificateOutlined',
    rule: { entityName: 'evidence', label: 'Evidence', order: 3 },
    group: {
      key: 'evidence',
      label: 'Evidence',
      empty: 'woops! no evidence for this protocol',
      notFound: 'Evidence not found',
      order: 3,
    },
    answer: { entityType: 'evidence', order: 4 },
    selections: [{ field: 'fk_evidence', label: 'Evidence', namedList: 'evidence' }],
    masterList: 'evidence',
  },
  {
    module: 'preExistingDiseases',
    title: 'Pre-existing Diseases',
    noun: 'Pre-existing disease',
    store: 'keyword',
    listed: false,
    icon: 'FileTextOutlined',
    group: {
      key: 'pre_existing_diseases',
      label: 'Pre Existing Diseases',
      empty: 'Pre Existing Disease not found',
      notFound: 'Pre Existing Disease not found',
      order: 8,
    },
    masterList: 'preExistingDiseases',
  },
  {
    module: 'hospitals',
    title: 'Hospitals',
    noun: 'Hospital',
    store: 'hospitals',
    listed: true,
    icon: 'BankOutlined',
    superUserOnly: true,
    places: { overrideFields: ['hospitals'], patternHospitals: true },
  },
  {
    module: 'docgroups',
    title: 'Document Segregation',
    noun: 'Document group',
    store: 'docgroups',
    listed: true,
    icon: 'FolderOpenOutlined',
    superUserOnly: true,
  },
  {
    module: 'clinicalAttribute',
    title: 'Clinical Attributes',
    noun: 'Clinical attribute',
    store: 'clinical',
    listed: true,
    icon: 'ControlOutlined',
    superUserOnly: true,
    rule: { entityName: 'clinicalattribute', label: 'Clinical attributes', order: 7 },
    group: {
      key: 'clinicalAttribute',
      label: 'Clinical Attributes',
      empty: 'woops! no clinical attribute for this protocol',
      notFound: 'Clinical Attribute not found',
      order: 4,
    },
    answer: { entityType: 'Clinical Attribute', order: 5 },
    selections: [{ field: 'fk_clinical_attribute', label: 'Clinical Attributes', namedList: 'clinicalAttributes' }],
    masterList: 'clinicalAttributes',
    places: { comparisons: true },
  },
  {
    module: 'clinicalUnit',
    title: 'Test Units',
    noun: 'Test unit',
    store: 'clinical',
    listed: true,
    icon: 'CalculatorOutlined',
  },
  {
    module: 'decisionReasons',
    title: 'Decision Reasons',
    noun: 'Decision reason',
    store: 'decisionReasons',
    listed: true,
    icon: 'FileSearchOutlined',
  },
] as const satisfies readonly DomainKind[];

export type MasterKind = (typeof MASTER_KINDS)[number];
export type MasterModule = MasterKind['module'];

type KeywordKindOf<K> = K extends { store: 'keyword' } ? K : never;
/** Every kind stored in the keyword table, screens or not. */
export const KEYWORD_KINDS = MASTER_KINDS.filter((m): m is KeywordKindOf<MasterKind> => m.store === 'keyword').map((m) => m.module);
export type KeywordKind = KeywordKindOf<MasterKind>['module'];
/** The keyword masters with screens (tissues, diagnoses, drugs, procedureGroup, document, evidence): one shape. */
export type KeywordModule = KeywordKindOf<MasterKind> extends infer K ? (K extends { listed: true; module: infer M } ? M : never) : never;
export const KEYWORD_MODULES = MASTER_KINDS.filter(
  (m): m is Extract<KeywordKindOf<MasterKind>, { listed: true }> => m.store === 'keyword' && m.listed,
).map((m) => m.module);
/** The row of a master, by its module. */
export const masterKind = (module: MasterModule): MasterKind => MASTER_KINDS.find((m) => m.module === module) as MasterKind;

/** A kind a rule leaf can look for. */
export type RuleKind = Extract<MasterKind, { rule: object }>;
/** A leaf's entityName as the spec spells it (spec 3 §3.5): the wire name of a RuleKind. */
export type EntityName = RuleKind['rule']['entityName'];
/** A kind with found items on the claim page: what the adjudicator looks for and reports. */
export type EntityKind = Extract<MasterKind, { group: object }>['module'];
export type EntityGroup = Extract<MasterKind, { group: object }>['group']['key'];
/** A question's entity type (spec 2 §5) of a kind a procedure question can be about. */
export type AnswerEntityType = Extract<MasterKind, { answer: object }>['answer']['entityType'];
type ListedKind = Extract<MasterKind, { masterList: string }>;
/** A field of the adjudicator's MasterData: the masters of one kind. */
export type MasterListName = ListedKind['masterList'];
/** The kinds of each MasterData list, by the list's name (its element type follows from the kind's store). */
export type MasterListKinds = { [K in ListedKind as K['masterList']]: K };

type Ordered = { order: number };
const inOrder = <P extends Ordered>(kinds: readonly DomainKind[], part: (kind: DomainKind) => P | undefined) =>
  kinds
    .flatMap((kind) => {
      const value = part(kind);
      return value ? [{ kind, value }] : [];
    })
    .sort((a, b) => a.value.order - b.value.order);

/**
 * Every table about kinds, from a kinds table: what the suite's constants below are made of, and what a test
 * derives from a table with a row added.
 */
export function kindTables(kinds: readonly DomainKind[]) {
  const rule = inOrder(kinds, (k) => k.rule);
  const groups = inOrder(kinds, (k) => k.group);
  const answers = inOrder(kinds, (k) => k.answer);
  const selections = kinds.flatMap((kind) => (kind.selections ?? []).map((selection) => ({ kind, selection })));
  const audience = (kind: DomainKind): NavAudience =>
    kind.superUserOnly ? { organizations: ['provider'], roles: ['super_user'] } : { organizations: ['provider'] };
  return {
    /** Leaf entityNames, in the rule builder's order. */
    entityNames: rule.map(({ value }) => value.entityName),
    /** How a leaf's entity reads in the builder and the rule viewer. */
    entityLabels: Object.fromEntries(rule.map(({ value }) => [value.entityName, value.label])),
    /** A leaf's entity in a sentence ('None of these clinical attributes found'). */
    entityPlurals: Object.fromEntries(rule.map(({ kind, value }) => [value.entityName, kind.title.toLowerCase()])),
    /** The rule builder's Entity picker. */
    entityOptions: rule.map(({ value }) => ({ value: value.entityName, label: value.label })),
    /** The kind each entityName names. */
    kindOfEntity: Object.fromEntries(rule.map(({ kind, value }) => [value.entityName, kind.module])),
    /** The adjudicationDetails groups and the kind each reports, in the claim page's order. */
    groupKinds: groups.map(({ kind, value }) => ({ group: value.key, kind: kind.module })),
    /** The claim page's texts of each group (spec 1 §8). */
    groupTexts: Object.fromEntries(groups.map(({ value: { key, label, empty, notFound } }) => [key, { label, empty, notFound }])),
    /** The question entity types (spec 2 §5) and the kind each is about, in the form's order. */
    answerKinds: answers.map(({ kind, value }) => ({ entityType: value.entityType, kind: kind.module })),
    /** The rule selection fields and the kind whose ids each holds. */
    selectionKinds: Object.fromEntries(selections.map(({ kind, selection }) => [selection.field, kind.module])),
    /** How the rule form and a version's changes name each rule selection. */
    selectionLabels: Object.fromEntries(selections.map(({ selection }) => [selection.field, selection.label])),
    /** The field of a rule as read that lists the names of each selection's ids. */
    selectionNamedLists: Object.fromEntries(selections.map(({ selection }) => [selection.field, selection.namedList])),
    /** The masters' navigation entries: every listed kind, in the table's order. */
    navigation: kinds
      .filter((kind) => kind.listed)
      .map(
        (kind, index): NavEntry => ({
          path: `/${kind.module}`,
          label: kind.title,
          icon: kind.icon,
          section: 'masters',
          order: (index + 1) * 10,
          visibleTo: audience(kind),
        }),
      ),
  };
}

const TABLES = kindTables(MASTER_KINDS);
type AnswerKind = Extract<MasterKind, { answer: object }>;

export const ENTITY_NAMES = TABLES.entityNames as [EntityName, ...EntityName[]];
export const ENTITY_LABELS = TABLES.entityLabels as Record<EntityName, string>;
export const ENTITY_PLURALS = TABLES.entityPlurals as Record<EntityName, string>;
export const ENTITY_OPTIONS = TABLES.entityOptions as { value: EntityName; label: string }[];
/** The entityName of a kind a rule leaf can look for, or null. */
export const entityNameOf = (module: MasterModule): EntityName | null =>
  (ENTITY_OPTIONS.find((option) => TABLES.kindOfEntity[option.value] === module)?.value as EntityName | undefined) ?? null;
/** The kind a leaf's entityName names. */
export const kindOfEntity = (entityName: EntityName): RuleKind['module'] => TABLES.kindOfEntity[entityName] as RuleKind['module'];

export const ENTITY_GROUP_KINDS = TABLES.groupKinds as { group: EntityGroup; kind: EntityKind }[];
export const ENTITY_GROUPS = ENTITY_GROUP_KINDS.map((g) => g.group) as [EntityGroup, ...EntityGroup[]];
export const ENTITY_GROUP_TEXTS = TABLES.groupTexts as Record<EntityGroup, { label: string; empty: string; notFound: string }>;

const ANSWER_KINDS = TABLES.answerKinds as { entityType: AnswerEntityType; kind: AnswerKind['module'] }[];
export const ANSWER_ENTITY_TYPES = ANSWER_KINDS.map((a) => a.entityType) as [AnswerEntityType, ...AnswerEntityType[]];
/** The kind a question's entity type is about, by the type as facts.answers keys it (any case), or null. */
export const kindOfAnswer = (entityType: string): AnswerKind['module'] | null =>
  ANSWER_KINDS.find((a) => a.entityType.toLowerCase() === entityType.trim().toLowerCase())?.kind ?? null;

/** The adjudicator's list of a kind's masters, or null for a kind it does not read. */
export const masterListOf = (module: MasterModule): MasterListName | null =>
  ((MASTER_KINDS as readonly DomainKind[]).find((kind) => kind.module === module)?.masterList as MasterListName | undefined) ?? null;

/** The kind whose ids each rule selection holds. */
export const SELECTION_KINDS = TABLES.selectionKinds as Record<RuleSelectionField, MasterModule>;
/** How the rule form and a version's changes name each rule selection. */
export const SELECTION_LABELS = TABLES.selectionLabels as Record<RuleSelectionField, string>;
/** The field of a rule as read (and as its audit entries keep it) that lists the names of each selection's ids. */
export const SELECTION_NAMED_LISTS = TABLES.selectionNamedLists as Record<RuleSelectionField, keyof Rule>;
/** The masters' navigation entries. */
export const MASTER_NAVIGATION: readonly NavEntry[] = TABLES.navigation;
