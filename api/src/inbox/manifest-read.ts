/**
 * A manifest read in full on the thread that calls it (./manifest-thread.ts runs it on a worker thread). A .csv is
 * decoded and split as it is read; an .xlsx has its zip directory checked (./zip-directory.ts), then only the parts
 * its first sheet needs are inflated, the sheet as a stream of rows: reading stops at the row one too many.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvManifest, ManifestError, ManifestRows, type ManifestRow } from './manifest';
import { openZipDirectory, partFailure } from './zip-directory';

/**
 * exceljs's streaming WorkbookReader takes a workbook's parts in the order the zip holds them (exceljs itself writes
 * the shared strings after the sheets, which its reader then parks in temporary files). These are its steps for one
 * part each, driven here in the order a sheet needs them, on parts whose sizes the zip directory has vouched for.
 */
interface WorkbookReaderSteps {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

async function xlsxManifest(data: Buffer): Promise<ManifestRow[]> {
  const zip = await openZipDirectory(data);
  const part = async <T>(name: string, read: (stream: Readable) => Promise<T>): Promise<T> => {
    const stream = await zip.openText(name);
    try {
      return await read(stream);
    } catch (error) {
      throw partFailure(name, error);
    } finally {
      stream.destroy();
    }
  };
  try {
    // Styles are read as exceljs's whole-workbook load reads them, so a date cell keeps the text it had.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader('', {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as WorkbookReaderSteps;
    if (!zip.has(WORKBOOK) || !zip.has(WORKBOOK_RELS)) throw new ManifestError('the workbook has no sheet');
    await part(WORKBOOK_RELS, (stream) => reader._parseRels(stream));
    await part(WORKBOOK, (stream) => reader._parseWorkbook(stream));
    // The first sheet in the workbook's order, as exceljs's load finds it: its relationship's target under xl/.
    const sheet = (reader.model?.sheets ?? [])
      .map((s) => reader.workbookRels?.find((rel) => rel.Id === s.rId)?.Target)
      .map((target) => (target === undefined ? '' : `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`))
      .find((path) => SHEET_PATH.test(path) && zip.has(path));
    if (!sheet) throw new ManifestError('the workbook has no sheet');
    if (zip.has(SHARED_STRINGS)) {
      await part(SHARED_STRINGS, async (stream) => {
        for await (const _ of reader._parseSharedStrings(stream));
      });
    }
    if (zip.has(STYLES)) await part(STYLES, (stream) => reader._parseStyles(stream));
    return await part(sheet, async (stream) => {
      const rows = new ManifestRows();
      for (const { value: worksheet } of reader._parseWorksheet(stream, SHEET_PATH.exec(sheet)![1])) {
        for await (const row of worksheet) {
          const cells: string[] = [];
          row.eachCell({ includeEmpty: true }, (cell, column) => {
            cells[column - 1] = cell.text ?? '';
          });
          rows.add(
            row.number,
            Array.from(cells, (c) => c ?? ''),
          );
        }
      }
      return rows.done();
    });
  } finally {
    zip.close();
  }
}

/** The manifest's rows by column; ManifestError when it cannot be read or passes a limit. */
export async function readManifest(fileName: string, data: Uint8Array): Promise<ManifestRow[]> {
  if (!fileName.toLowerCase().endsWith('.xlsx')) return csvManifest(data);
  return xlsxManifest(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

/** What a reading thread answers: errors do not keep their class across threads, so a refusal is an answer. */
export type ManifestOutcome = { rows: ManifestRow[] } | { refused: string; tooLarge: boolean };

export async function readManifestTask({ fileName, data }: { fileName: string; data: Uint8Array }): Promise<ManifestOutcome> {
  try {
    return { rows: await readManifest(fileName, data) };
  } catch (error) {
    if (error instanceof ManifestError) return { refused: error.message, tooLarge: error.tooLarge };
    throw error;
  }
}
