/**
 * A table's header row ('Test | Result | Units | Biological reference interval') and what each of its cells
 * says its column holds. The value reader reads a row's result by it (./values/table.ts); the column finder
 * (./columns.ts) never cuts a table apart across it.
 */

/** What a table's header row says a column holds. */
export type ColumnRole = 'name' | 'result' | 'unit' | 'reference' | 'flag' | 'method';

/** The role of a header cell from its plain text ('Biological Reference Interval' → 'biologicalreferenceinterval'). */
export function columnRole(plain: string): ColumnRole | null {
  if (/normal|reference|^ref|biological|interval|range|expected|limits/.test(plain)) return 'reference';
  if (/^(?:units?|uom)$/.test(plain)) return 'unit';
  if (/^(?:flags?|hl)$/.test(plain)) return 'flag';
  if (/method/.test(plain)) return 'method';
  if (/result|observ|value|reading/.test(plain)) return 'result';
  if (/^(?:tests?|testnames?|investigations?|parameters?|descriptions?|analytes?|examinations?|particulars|name)$/.test(plain))
    return 'name';
  return null;
}

/** Whether a line's cells (their roles, left to right) make a table's header row: two known, one a result or reference. */
export function isHeaderRow(roles: readonly (ColumnRole | null)[]): boolean {
  return roles.filter((role) => role !== null).length >= 2 && (roles.includes('result') || roles.includes('reference'));
}
