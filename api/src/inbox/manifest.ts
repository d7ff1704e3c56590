/**
 * Reads an inbox manifest: a .csv (UTF-8, RFC 4180) or .xlsx (its first sheet), the first row naming the columns
 * (MANIFEST_COLUMNS, matched without regard to case, spaces or underscores: 'Intimation Number' is intimation_number),
 * then one claim a row. Columns it does not know are ignored; blank rows are skipped. Reading stops at the first row
 * over MAX_MANIFEST_ROWS, so a manifest of a million rows costs what one of 5,001 does. The .xlsx reading and the
 * worker thread that does it are in ./manifest-read.ts and ./manifest-thread.ts.
 */
import { MANIFEST_COLUMNS } from '@claims/shared-kernel/contract';

export type ManifestColumn = (typeof MANIFEST_COLUMNS)[number];
/** Without these a manifest cannot be read at all. */
export const REQUIRED_COLUMNS: readonly ManifestColumn[] = ['intimation_number', 'caseType', 'insurer_documents'];
/** A manifest of more rows is refused whole (a mistake rather than a day's claims). */
export const MAX_MANIFEST_ROWS = 5000;

export interface ManifestRow {
  /** The row's line in the sheet (the header is line 1). */
  line: number;
  fields: Partial<Record<ManifestColumn, string>>;
}

/**
 * A manifest that cannot be read at all (not a workbook, not text, no header, a required column missing); `tooLarge`
 * when it passes a size limit (the upload answers 413 rather than 400).
 */
export class ManifestError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'ManifestError';
  }
}

const squash = (header: string): string => header.toLowerCase().replace(/[\s_-]+/g, '');
const COLUMN_BY_HEADER = new Map(MANIFEST_COLUMNS.map((column) => [squash(column), column]));

/** Collects a manifest's rows as they are read: the header first, then claims, refusing the row one too many. */
export class ManifestRows {
  private columns: (ManifestColumn | undefined)[] | null = null;
  private readonly rows: ManifestRow[] = [];

  /** The sheet's row `line` (1 is the header; a sheet may skip blank lines). */
  add(line: number, values: readonly string[]): void {
    if (!this.columns) this.columns = headerColumns(line === 1 ? values : []);
    if (line === 1 || !values.some((v) => v?.trim())) return;
    const fields: ManifestRow['fields'] = {};
    this.columns.forEach((column, i) => {
      const value = values[i]?.trim();
      if (column && value) fields[column] = value;
    });
    this.rows.push({ line, fields });
    if (this.rows.length > MAX_MANIFEST_ROWS) throw new ManifestError(`more than ${MAX_MANIFEST_ROWS} rows`);
  }

  done(): ManifestRow[] {
    if (!this.columns) headerColumns([]);
    return this.rows;
  }
}

function headerColumns(header: readonly string[]): (ManifestColumn | undefined)[] {
  if (!header.some((h) => h?.trim())) throw new ManifestError('the first row must name the columns');
  const columns = header.map((h) => COLUMN_BY_HEADER.get(squash((h ?? '').trim())));
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) throw new ManifestError(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return columns;
}

/** RFC 4180 over text that arrives in pieces: quoted fields may hold commas, line breaks and doubled quotes. */
export function* csvRows(pieces: Iterable<string>): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  /** Inside quotes, a quote that closes the field unless the next character is a quote too. */
  let quoteSeen = false;
  /** A row ended with '\r': a '\n' right after it belongs to the same line end. */
  let afterCr = false;
  for (const piece of pieces) {
    for (const c of piece) {
      if (afterCr) {
        afterCr = false;
        if (c === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === '"') {
            field += '"';
            continue;
          }
          quoted = false;
        } else {
          if (c === '"') quoteSeen = true;
          else field += c;
          continue;
        }
      }
      if (c === '"' && field === '') quoted = true;
      else if (c === ',') {
        row.push(field);
        field = '';
      } else if (c === '\n' || c === '\r') {
        afterCr = c === '\r';
        row.push(field);
        yield row;
        row = [];
        field = '';
      } else field += c;
    }
  }
  if (quoted && !quoteSeen) throw new ManifestError('a quoted field is not closed');
  if (field !== '' || row.length) {
    row.push(field);
    yield row;
  }
}

export const parseCsv = (text: string): string[][] => [...csvRows([text])];

/** Decodes in slices, so reading stops where the rows do; the whole file is never one string. */
function* utf8Pieces(data: Uint8Array, sliceBytes = 64 * 1024): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let start = 0; start < data.length; start += sliceBytes) {
    const end = Math.min(data.length, start + sliceBytes);
    try {
      const piece = decoder.decode(data.subarray(start, end), { stream: end < data.length });
      yield start === 0 ? piece.replace(/^\uFEFF/, '') : piece;
    } catch {
      throw new ManifestError('not UTF-8 text');
    }
  }
}

/** A .csv manifest's rows, read until the row one too many. */
export function csvManifest(data: Uint8Array): ManifestRow[] {
  if (data.includes(0)) throw new ManifestError('not a text (CSV) file');
  const rows = new ManifestRows();
  let line = 0;
  for (const values of csvRows(utf8Pieces(data))) rows.add(++line, values);
  return rows.done();
}

/** The documents a row names: separated by ';' (or line breaks, as a spreadsheet cell may hold them). */
export const documentNames = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[;\r\n]+/)
    .map((name) => name.trim())
    .filter(Boolean);
