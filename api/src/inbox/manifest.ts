/**
 * Reads an inbox manifest: a .csv (UTF-8, RFC 4180) or .xlsx (its first sheet), the first row naming the columns
 * (MANIFEST_COLUMNS, matched without regard to case, spaces or underscores: 'Intimation Number' is intimation_number),
 * then one claim a row. Columns it does not know are ignored; blank rows are skipped.
 */
import ExcelJS from 'exceljs';
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

/** A manifest that cannot be read at all (not a workbook, not text, no header, a required column missing). */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

const squash = (header: string): string => header.toLowerCase().replace(/[\s_-]+/g, '');
const COLUMN_BY_HEADER = new Map(MANIFEST_COLUMNS.map((column) => [squash(column), column]));

/** RFC 4180: quoted fields may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new ManifestError('a quoted field is not closed');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function csvCells(data: Buffer): string[][] {
  if (data.includes(0)) throw new ManifestError('not a text (CSV) file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ManifestError('not UTF-8 text');
  }
  return parseCsv(text.replace(/^\uFEFF/, ''));
}

async function xlsxCells(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type; the bytes are the same.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw new ManifestError('not a readable .xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ManifestError('the workbook has no sheet');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text ?? '';
    });
    rows[number - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The manifest's rows by column; ManifestError when it cannot be read. */
export async function parseManifest(fileName: string, data: Buffer): Promise<ManifestRow[]> {
  const cells = fileName.toLowerCase().endsWith('.xlsx') ? await xlsxCells(data) : csvCells(data);
  const [header, ...body] = cells;
  if (!header?.some((h) => h.trim())) throw new ManifestError('the first row must name the columns');
  const columns = header.map((h) => COLUMN_BY_HEADER.get(squash(h.trim())));
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) throw new ManifestError(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const rows: ManifestRow[] = [];
  body.forEach((values, index) => {
    if (!values.some((v) => v?.trim())) return;
    const fields: ManifestRow['fields'] = {};
    columns.forEach((column, i) => {
      const value = values[i]?.trim();
      if (column && value) fields[column] = value;
    });
    rows.push({ line: index + 2, fields });
  });
  if (rows.length > MAX_MANIFEST_ROWS) throw new ManifestError(`more than ${MAX_MANIFEST_ROWS} rows`);
  return rows;
}

/** The documents a row names: separated by ';' (or line breaks, as a spreadsheet cell may hold them). */
export const documentNames = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[;\r\n]+/)
    .map((name) => name.trim())
    .filter(Boolean);
