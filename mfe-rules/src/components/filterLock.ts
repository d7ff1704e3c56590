/**
 * The filter panel of the rules and questions lists (spec 2 §2.3): only the chosen fields go on the wire, and Filter
 * is disabled with nothing chosen or while the filter is locked, which it is once applied until the choices change
 * or Reset Filter clears them (filtering again for the same choices would only repeat the search).
 */
/** What the panel's pickers hold, field by field (an interface or a Record). */
type FilterSelection<Selection> = { [Field in keyof Selection]: readonly string[] };

/** The chosen fields of the panel, as the search body sends them. */
export const chosenFilter = <Selection extends FilterSelection<Selection>>(selection: Selection): Partial<Selection> =>
  Object.fromEntries(Object.entries<readonly string[]>(selection).filter(([, chosen]) => chosen.length > 0)) as Partial<Selection>;

export interface FilterLock {
  nothingChosen: boolean;
  /** The filter applied is what the panel holds. */
  locked: boolean;
  filterDisabled: boolean;
}

/** `applied` is the body last searched with (chosenFilter of the selection then), null before Filter or after Reset. */
export function filterLock<Selection extends FilterSelection<Selection>>(
  selection: Selection,
  applied: Partial<Selection> | null,
): FilterLock {
  const nothingChosen = Object.values<readonly string[]>(selection).every((chosen) => chosen.length === 0);
  // Both come from chosenFilter of a selection with the same fields in the same order, so their JSON compares them.
  const locked = applied !== null && JSON.stringify(chosenFilter(selection)) === JSON.stringify(applied);
  return { nothingChosen, locked, filterDisabled: nothingChosen || locked };
}
