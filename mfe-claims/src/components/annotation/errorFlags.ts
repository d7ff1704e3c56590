import type { ErrorAnnotationBody } from '@claims/shared-kernel';

export type ErrorFlags = ErrorAnnotationBody['errors'];
export type ErrorFlagEntry = ErrorFlags[string][string][number];

/** The claim's flag on one found item (keyword: its position in the group), if any. */
export const flagOf = (errors: ErrorFlags, procedureCode: string, group: string, index: number): ErrorFlagEntry | undefined =>
  errors[procedureCode]?.[group]?.find((entry) => entry.keyword === index);

/**
 * The claim's flags with one item's flag set (or removed with null), as the whole record is sent back:
 * entries in item order, empty groups and procedures left out.
 */
export function withFlag(
  errors: ErrorFlags,
  procedureCode: string,
  group: string,
  index: number,
  flag: Omit<ErrorFlagEntry, 'keyword'> | null,
): ErrorFlags {
  const entries = (errors[procedureCode]?.[group] ?? []).filter((entry) => entry.keyword !== index);
  if (flag) entries.push({ keyword: index, ...flag });
  entries.sort((a, b) => a.keyword - b.keyword);
  const groups = { ...errors[procedureCode], [group]: entries };
  if (!entries.length) delete groups[group];
  const next = { ...errors, [procedureCode]: groups };
  if (!Object.keys(groups).length) delete next[procedureCode];
  return next;
}
