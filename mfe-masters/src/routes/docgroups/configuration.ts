import { LIMITS, parseDecimal } from '@claims/shared-kernel';
import type { Docgroup, DocgroupConfig, DocgroupSaveBody } from '@claims/shared-kernel';

/** A list of alias groups: the groups are alternatives ('or'), the texts of one group must all be found ('and'). */
export type AliasGroups = string[][];
export type AliasListKey = {
  [K in keyof DocgroupConfig]: DocgroupConfig[K] extends AliasGroups ? K : never;
}[keyof DocgroupConfig];
export type FlagKey = 'subtotal_flag' | 'total_flag' | 'total_special_character_flag';

/** The two lists that say where a document begins and ends (spec 2 §2.7: Beginning Alias* and Ending Alias*). */
export const BOUNDARY_LISTS: { key: 'begin_alias' | 'end_alias'; label: string }[] = [
  { key: 'begin_alias', label: 'Beginning Alias' },
  { key: 'end_alias', label: 'Ending Alias' },
];

/**
 * The conditions a beginning or an ending must also meet, for the page body and the page header. An inclusion
 * list holds when one of its groups is found, an exclusion list when none is; an empty list always holds.
 */
export const CONDITION_LISTS: { side: 'begin' | 'end'; title: string; lists: { key: AliasListKey; label: string }[] }[] = [
  {
    side: 'begin',
    title: 'Beginning conditions',
    lists: [
      { key: 'begin_inclusion_body', label: 'Begin Inclusion Body' },
      { key: 'begin_exclusion_body', label: 'Begin Exclusion Body' },
      { key: 'begin_inclusion_header', label: 'Begin Inclusion Header' },
      { key: 'begin_exclusion_header', label: 'Begin Exclusion Header' },
    ],
  },
  {
    side: 'end',
    title: 'Ending conditions',
    lists: [
      { key: 'end_inclusion_body', label: 'End Inclusion Body' },
      { key: 'end_exclusion_body', label: 'End Exclusion Body' },
      { key: 'end_inclusion_header', label: 'End Inclusion Header' },
      { key: 'end_exclusion_header', label: 'End Exclusion Header' },
    ],
  },
];

/** Every list of alias groups of a configuration, with its label. */
const ALIAS_LISTS = [...BOUNDARY_LISTS, ...CONDITION_LISTS.flatMap((side) => side.lists)];
/** The longest alias a list takes (the api refuses a longer one; the form counts down to it). */
export const ALIAS_MAX = LIMITS.masterTextMaxLength;

/** The checkboxes of a bill's closing lines (spec 2 §2.7). */
export const FLAGS: { key: FlagKey; label: string }[] = [
  { key: 'subtotal_flag', label: 'Sub Total' },
  { key: 'total_flag', label: 'Total' },
  { key: 'total_special_character_flag', label: 'Total Special Character' },
];

export const TOP_THRESHOLD_LABEL = 'Top threshold';
export const TOP_THRESHOLD_HELP =
  'Where the page header ends: up to 1 a fraction of the page height, above 1 points from the top. Empty: the top quarter.';
export const TOP_THRESHOLD_INVALID = 'Top threshold must be a number above 0';
export const TOP_THRESHOLD_NOT_A_NUMBER = 'Top threshold must be a number';
export const TOP_THRESHOLD_TOO_HIGH = `Top threshold must be at most ${LIMITS.topThresholdMax} (points from the top)`;

/** A document type of the group with its configuration, as the editor holds it (texts as typed). */
export interface DocumentConfiguration {
  document: { id: number; name: string };
  config: DocgroupConfig;
}

export const emptyConfig = (): DocgroupConfig => ({
  begin_alias: [],
  end_alias: [],
  begin_inclusion_body: [],
  begin_exclusion_body: [],
  begin_inclusion_header: [],
  begin_exclusion_header: [],
  end_inclusion_body: [],
  end_exclusion_body: [],
  end_inclusion_header: [],
  end_exclusion_header: [],
  subtotal_flag: false,
  total_flag: false,
  total_special_character_flag: false,
  top_threshold: null,
});

/** Texts trimmed, blank texts and empty groups dropped: what is saved and shown. */
export const cleanGroups = (groups: AliasGroups): AliasGroups =>
  groups.map((group) => group.map((text) => text.trim()).filter(Boolean)).filter((group) => group.length > 0);

/** The spec's alias check: the first group of the list has text (spec 2 §5). */
export const firstGroupFilled = (groups: AliasGroups): boolean => (groups[0] ?? []).some((text) => text.trim() !== '');

/** Top threshold as typed: empty is no threshold (null), a number is one, anything else is no value (undefined). */
export const topThresholdOf = (text: string): number | null | undefined => (text.trim() ? (parseDecimal(text) ?? undefined) : null);

/** Why Top threshold as typed cannot be saved, or null: letters are refused, not saved as empty (the top quarter). */
export function topThresholdProblem(text: string): string | null {
  const value = topThresholdOf(text);
  if (value === undefined) return TOP_THRESHOLD_NOT_A_NUMBER;
  if (value === null) return null;
  if (value <= 0) return TOP_THRESHOLD_INVALID;
  return value > LIMITS.topThresholdMax ? TOP_THRESHOLD_TOO_HIGH : null;
}

/** What keeps the configuration dialog's Save disabled, as the sentences shown beside it; empty when it may save. */
export function configurationProblems({
  hospitalsChosen,
  documentChosen,
  config,
  topThresholdText,
}: {
  hospitalsChosen: boolean;
  documentChosen: boolean;
  config: DocgroupConfig;
  /** Top threshold as typed. */
  topThresholdText: string;
}): string[] {
  return [
    hospitalsChosen ? null : 'Choose at least one hospital',
    documentChosen ? null : 'Choose a document',
    ...BOUNDARY_LISTS.map(({ key, label }) => (firstGroupFilled(config[key]) ? null : `${label} is required`)),
    ...ALIAS_LISTS.map(({ key, label }) =>
      config[key].flat().some((text) => text.trim().length > ALIAS_MAX)
        ? `${label}: an alias must be at most ${ALIAS_MAX} characters`
        : null,
    ),
    topThresholdProblem(topThresholdText),
  ].filter((problem): problem is string => problem !== null);
}

/** What keeps the group's Save disabled (spec 2 §5): no hospitals, no document, or a document with an empty first begin alias. */
export function groupProblems(hospitalIds: number[], documents: DocumentConfiguration[]): string[] {
  return [
    hospitalIds.length ? null : 'Choose at least one hospital',
    documents.length ? null : 'Add a configuration for at least one document',
    ...documents.map(({ document, config }) =>
      firstGroupFilled(config.begin_alias) ? null : `The Beginning Alias of ${document.name} is empty`,
    ),
  ].filter((problem): problem is string => problem !== null);
}

const cleanConfig = (config: DocgroupConfig): DocgroupConfig => {
  const cleaned = { ...config };
  for (const key of [...BOUNDARY_LISTS, ...CONDITION_LISTS.flatMap((side) => side.lists)].map((list) => list.key))
    cleaned[key] = cleanGroups(config[key]);
  return cleaned;
};

/** The group as POST /docgroups and PUT /docgroups/{id} take it: hospital and document ids, configurations by document name. */
export function saveBody(hospitalIds: number[], documents: DocumentConfiguration[]): DocgroupSaveBody {
  return {
    hospital_id: hospitalIds,
    docgroup_id: documents.map(({ document }) => document.id),
    docgroupConfig_id: Object.fromEntries(documents.map(({ document, config }) => [document.name, cleanConfig(config)])),
  };
}

/** A stored group's documents with their configurations, in the group's order. */
export const documentsOf = (group: Docgroup): DocumentConfiguration[] =>
  group.docgroup_id.map((document) => ({ document, config: group.docgroupConfig_id[document.name] ?? emptyConfig() }));

/** One line of text for a list of alias groups: 'A and B or C'. */
export const groupsText = (groups: AliasGroups): string =>
  cleanGroups(groups)
    .map((group) => group.join(' and '))
    .join(' or ');
