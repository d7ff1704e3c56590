import {
  ENTITY_GROUP_TEXTS,
  ENTITY_GROUPS,
  ENTITY_LABELS,
  ENTITY_NAMES,
  ENTITY_OPTIONS,
  type DomainKind,
  kindOfAnswer,
  kindOfEntity,
  kindTables,
  MASTER_KINDS,
  MASTER_NAVIGATION,
  NAV_ICON_NAMES,
  SELECTION_KINDS,
  SELECTION_LABELS,
  SELECTION_NAMED_LISTS,
} from '../constants';
import { RULE_SELECTION_FIELDS } from '../contract/rules';
import { QUESTION_ENTITY_TYPES } from '../questions';
import { ADDED_KIND } from '../testing';

describe('a kind added to the kinds table', () => {
  const kinds: DomainKind[] = [...MASTER_KINDS, ADDED_KIND];
  const tables = kindTables(kinds);

  it.each(kinds.map((kind) => [kind.module, kind]))('%s is in every table its row asks for', (_, kind) => {
    const { rule, group, answer } = kind;
    if (kind.listed)
      expect(tables.navigation).toContainEqual(expect.objectContaining({ path: `/${kind.module}`, label: kind.title, icon: kind.icon }));
    else expect(tables.navigation.map((entry) => entry.path)).not.toContain(`/${kind.module}`);
    if (rule) {
      expect(tables.entityNames).toContain(rule.entityName);
      expect(tables.entityLabels[rule.entityName]).toBe(rule.label);
      expect(tables.entityPlurals[rule.entityName]).toBe(kind.title.toLowerCase());
      expect(tables.entityOptions).toContainEqual({ value: rule.entityName, label: rule.label });
      expect(tables.kindOfEntity[rule.entityName]).toBe(kind.module);
    }
    if (group) {
      expect(tables.groupKinds).toContainEqual({ group: group.key, kind: kind.module });
      expect(tables.groupTexts[group.key]).toEqual({ label: group.label, empty: group.empty, notFound: group.notFound });
    }
    if (answer) expect(tables.answerKinds).toContainEqual({ entityType: answer.entityType, kind: kind.module });
    for (const { field, label, namedList } of kind.selections ?? []) {
      expect(tables.selectionKinds[field]).toBe(kind.module);
      expect(tables.selectionLabels[field]).toBe(label);
      expect(tables.selectionNamedLists[field]).toBe(namedList);
    }
  });

  it('takes the place its orders give it', () => {
    expect(tables.entityNames.at(-1)).toBe('implants');
    expect(tables.groupKinds.at(-1)).toEqual({ group: 'implant', kind: 'implants' });
    expect(tables.answerKinds.at(-1)).toEqual({ entityType: 'implant', kind: 'implants' });
    expect(tables.navigation.map((entry) => entry.path).at(-1)).toBe('/implants');
  });
});

describe('the suite kinds table', () => {
  it('keeps the spec names and orders of the rule entities, entity groups and question entity types', () => {
    expect(ENTITY_NAMES).toEqual(['procedures', 'diagnoses', 'evidence', 'drugs', 'tissues', 'document', 'clinicalattribute']);
    expect(ENTITY_OPTIONS.map((option) => option.label)).toEqual([
      'Procedures',
      'Diagnoses',
      'Evidence',
      'Drugs',
      'Tissues',
      'Documents',
      'Clinical attributes',
    ]);
    expect(ENTITY_GROUPS).toEqual([
      'procedures',
      'diagnoses',
      'evidence',
      'clinicalAttribute',
      'document',
      'tissue',
      'drug',
      'pre_existing_diseases',
    ]);
    expect(QUESTION_ENTITY_TYPES).toEqual([
      'procedures',
      'diagnosis',
      'document',
      'evidence',
      'Clinical Attribute',
      'drug',
      'tissue',
      'other',
    ]);
  });

  it('names one kind by each of its spellings', () => {
    expect(kindOfEntity('clinicalattribute')).toBe('clinicalAttribute');
    expect(kindOfEntity('tissues')).toBe('tissues');
    expect(kindOfAnswer('clinical attribute')).toBe('clinicalAttribute');
    expect(kindOfAnswer('Tissue')).toBe('tissues');
    expect(kindOfAnswer('other')).toBeNull();
    expect(SELECTION_KINDS.fk_tissue).toBe('tissues');
    expect(ENTITY_LABELS.clinicalattribute).toBe('Clinical attributes');
    expect(ENTITY_GROUP_TEXTS.tissue.label).toBe('Tissues');
  });

  it('gives every rule selection field one kind', () => {
    for (const field of RULE_SELECTION_FIELDS)
      expect(MASTER_KINDS.filter((kind: DomainKind) => kind.selections?.some((selection) => selection.field === field))).toHaveLength(1);
    expect(Object.keys(SELECTION_KINDS).sort()).toEqual([...RULE_SELECTION_FIELDS].sort());
    expect(Object.keys(SELECTION_LABELS).sort()).toEqual([...RULE_SELECTION_FIELDS].sort());
    expect(Object.keys(SELECTION_NAMED_LISTS).sort()).toEqual([...RULE_SELECTION_FIELDS].sort());
  });

  it('draws every kind with an icon the shell has and lists the kinds with screens', () => {
    for (const kind of MASTER_KINDS) expect(NAV_ICON_NAMES).toContain(kind.icon);
    expect(MASTER_NAVIGATION.map((entry) => entry.path)).toEqual(
      MASTER_KINDS.filter((kind) => kind.listed).map((kind) => `/${kind.module}`),
    );
  });
});
