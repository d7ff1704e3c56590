/**
 * The clinical attribute as the editor holds it (spec 3 §2.3, §3.1, §5), what Save sends, what the try-out sends,
 * and why Save is disabled. Overrides keep the entry they were loaded as, so the tables can mark what changed.
 */
import type {
  ClinicalAttribute,
  ClinicalAttributeDraft,
  ClinicalAttributeSaveBody,
  DocumentOverride,
  PatternOverride,
  PatternPart,
  ValueType,
} from '@claims/shared-kernel';

export type PatternPartType = PatternPart['type'];
export type PatternValueKind = NonNullable<PatternPart['pattern']>[number];

/** A text value row: `key` follows the row through edits, moves, undo and redo (the row's selection is kept by it). */
export interface TextValueRow {
  key: number;
  text_value: string;
  text_value_alias: string[];
}

/** An override in the editor: the entry as loaded (null for a new one) and whether it is marked for deletion. */
export interface Entry<T> {
  key: number;
  value: T;
  origin: T | null;
  deleted: boolean;
}

export interface AttributeDraft {
  name: string;
  alias: string[];
  valueType: ValueType | null;
  lowerLimit: number | null;
  upperLimit: number | null;
  textValues: TextValueRow[];
  units: number[];
  tabular: boolean;
  distributed: boolean;
  overrides: Entry<DocumentOverride>[];
  patterns: Entry<PatternOverride>[];
  overrideMessage: string;
}

let lastKey = 0;
export const newKey = (): number => ++lastKey;

export const blankTextValue = (): TextValueRow => ({ key: newKey(), text_value: '', text_value_alias: [] });
export const isBlankTextValue = (row: TextValueRow): boolean => !row.text_value.trim() && !row.text_value_alias.some((a) => a.trim());

const loaded = <T>(value: T): Entry<T> => ({ key: newKey(), value, origin: value, deleted: false });
export const added = <T>(value: T): Entry<T> => ({ key: newKey(), value, origin: null, deleted: false });

export function draftOf(attribute?: ClinicalAttribute): AttributeDraft {
  return {
    name: attribute?.name ?? '',
    alias: attribute?.alias.length ? [...attribute.alias] : [''],
    valueType: attribute?.value_type ?? null,
    lowerLimit: attribute?.number_range?.lower_limit ?? null,
    upperLimit: attribute?.number_range?.upper_limit ?? null,
    textValues: attribute?.text_possible_values.length
      ? attribute.text_possible_values.map((v) => ({ key: newKey(), text_value: v.text_value, text_value_alias: [...v.text_value_alias] }))
      : [blankTextValue()],
    units: attribute?.fk_clinical_unit ?? [],
    tabular: attribute?.tabular ?? false,
    distributed: attribute?.distributed_attribute_value ?? false,
    overrides: (attribute?.overrides ?? []).map(loaded),
    patterns: (attribute?.patternOverridesForValues ?? []).map(loaded),
    overrideMessage: attribute?.override_message ?? '',
  };
}

const live = <T>(entries: Entry<T>[]): T[] => entries.filter((e) => !e.deleted).map((e) => e.value);

/** Text values with neither text nor alias are dropped (spec 3 §5). */
const textValuesOf = (rows: TextValueRow[]) =>
  rows
    .map((row) => ({ text_value: row.text_value.trim(), text_value_alias: row.text_value_alias.map((a) => a.trim()).filter(Boolean) }))
    .filter((row) => row.text_value || row.text_value_alias.length);

const numberRangeOf = (draft: AttributeDraft) =>
  draft.valueType === 'Text' ? null : { lower_limit: draft.lowerLimit, upper_limit: draft.upperLimit };

/** The body of POST /clinicalAttribute and PUT /clinicalAttribute/{id}: only non-empty aliases (spec 3 §5). */
export function saveBodyOf(draft: AttributeDraft & { valueType: ValueType }): ClinicalAttributeSaveBody {
  return {
    name: draft.name.trim(),
    alias: draft.alias.map((a) => a.trim()).filter(Boolean),
    value_type: draft.valueType,
    tabular: draft.tabular,
    distributed_attribute_value: draft.distributed,
    fk_clinical_unit: draft.units,
    number_range: numberRangeOf(draft),
    ...(draft.valueType === 'Text' ? { text_possible_values: textValuesOf(draft.textValues) } : {}),
    overrides: live(draft.overrides),
    override_message: draft.overrideMessage.trim() || null,
    patternOverridesForValues: live(draft.patterns),
  };
}

/** What the try-out reads with: the draft, with the override or pattern override being edited in a wizard in place of its entry. */
export function tryAttributeOf(
  draft: AttributeDraft,
  editing?: { overrides?: DocumentOverride[]; patterns?: PatternOverride[] },
): ClinicalAttributeDraft | null {
  if (!draft.name.trim() || !draft.valueType) return null;
  return {
    name: draft.name.trim(),
    alias: draft.alias.map((a) => a.trim()).filter(Boolean),
    value_type: draft.valueType,
    tabular: draft.tabular,
    distributed_attribute_value: draft.distributed,
    fk_clinical_unit: draft.units,
    number_range: numberRangeOf(draft),
    text_possible_values: draft.valueType === 'Text' ? textValuesOf(draft.textValues) : [],
    overrides: editing?.overrides ?? live(draft.overrides),
    patternOverridesForValues: editing?.patterns ?? live(draft.patterns),
  };
}

/** The live entries with one replaced (index) or added (index null). */
export function withEntry<T>(entries: Entry<T>[], index: number | null, value: T): T[] {
  const values = entries.map((e, i) => (i === index ? value : e.deleted ? null : e.value)).filter((v): v is T => v !== null);
  return index === null ? [...values, value] : values;
}

export const NEEDS_NAME = 'Name is required';
export const NEEDS_VALUE_TYPE = 'Choose a value type';
export const RANGE_REVERSED = 'The lower limit must not exceed the upper limit';

/** Why Save is disabled (spec 3 §5), in the order the form shows the fields; empty when it may save. */
export function saveProblems(draft: AttributeDraft): string[] {
  const problems: string[] = [];
  if (!draft.name.trim()) problems.push(NEEDS_NAME);
  if (!draft.valueType) problems.push(NEEDS_VALUE_TYPE);
  if (
    draft.valueType &&
    draft.valueType !== 'Text' &&
    draft.lowerLimit !== null &&
    draft.upperLimit !== null &&
    draft.lowerLimit > draft.upperLimit
  ) {
    problems.push(RANGE_REVERSED);
  }
  if (draft.valueType === 'Text' && draft.textValues.some((row) => !row.text_value.trim() && row.text_value_alias.some((a) => a.trim()))) {
    problems.push('A text value with aliases needs its text');
  }
  draft.overrides.forEach((entry, i) => {
    const { hospitals, procedures, override_value } = entry.value;
    if (!entry.deleted && (hospitals.length || procedures.length) && !override_value.length) {
      problems.push(`Override ${i + 1}: hospitals or procedures are chosen but there is no override value`);
    }
  });
  return problems;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** 'new', 'changed', 'deleted' or null for an entry as loaded. */
export function entryState<T>(entry: Entry<T>): 'new' | 'changed' | 'deleted' | null {
  if (entry.deleted) return 'deleted';
  if (!entry.origin) return 'new';
  return same(entry.origin, entry.value) ? null : 'changed';
}

/** The parts of a pattern override as read (spec 3 §2.5). */
export const PART_LABELS: Record<PatternPartType, string> = {
  attributeName: 'Name',
  valueExpression: 'Value',
  attributeUnit: 'Unit',
  newline: 'Newline',
  whiteSpaces: 'Whitespaces',
  string: 'String',
};
export const PART_TYPES = Object.keys(PART_LABELS) as PatternPartType[];

export const VALUE_KIND_LABELS: Record<PatternValueKind, string> = { NUMBER: 'Number', NUMBERRANGE: 'Number Range', TEXT: 'Text' };
export const VALUE_KINDS = Object.keys(VALUE_KIND_LABELS) as PatternValueKind[];

/** The value a new Value part reads: the attribute's own type. */
export const valueKindOf = (valueType: ValueType | null): PatternValueKind =>
  valueType === 'Text' ? 'TEXT' : valueType === 'NumberRange' ? 'NUMBERRANGE' : 'NUMBER';

/** A part as a short label: 'Name', 'Value (Number)', 'String "OD"', 'String (3 characters, should not be present)'. */
export function partText(part: PatternPart): string {
  if (part.type === 'valueExpression') {
    const kinds = part.pattern?.length ? part.pattern : VALUE_KINDS;
    return `Value (${kinds.map((k) => VALUE_KIND_LABELS[k]).join(' or ')})`;
  }
  if (part.type === 'string') {
    const what = part.value?.trim() ? `"${part.value}"` : part.length ? `(${part.length} characters)` : '(empty)';
    return `String ${what}${part.shouldNotPresent ? ' not present' : ''}`;
  }
  return PART_LABELS[part.type];
}

export const patternText = (parts: PatternPart[]): string => parts.map(partText).join(' · ');

/** Why a pattern can find nothing (the adjudicator skips it), or null; read after the pattern's name ('Pattern 2 needs …'). */
export function patternProblem(parts: PatternPart[]): string | null {
  if (!parts.some((p) => p.type === 'valueExpression')) return 'needs a Value part';
  if (parts.some((p) => p.type === 'valueExpression' && p.pattern && !p.pattern.length))
    return 'needs Number, Number Range or Text in its Value part';
  if (parts.some((p) => p.type === 'string' && !p.value?.trim() && !p.length)) return 'needs a length or a fixed text in its String part';
  return null;
}
