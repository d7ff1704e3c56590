/**
 * Zip files built part by part for the manifest tests, with the central directory saying what a test wants it to say
 * (a part's declared size may be the truth or a lie). Large parts are deflated as a stream, so a part that inflates
 * to a gibibyte costs the test its packed megabyte only.
 */
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The packed bytes (deflated unless `stored`). */
  packed: Uint8Array;
  /** The size the directory declares unpacked. */
  size: number;
  crc: number;
  stored?: boolean;
}

export const deflatedPart = (name: string, text: string): ZipPart => {
  const data = Buffer.from(text);
  return { name, packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A part of `head`, then `pieces()` (text made on demand), then `tail`, deflated as it is made. */
export async function streamedPart(name: string, head: string, pieces: () => Iterable<string>, tail: string): Promise<ZipPart> {
  const deflate = createDeflateRaw();
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let size = 0;
  let crc = 0;
  const write = async (text: string) => {
    const data = Buffer.from(text);
    size += data.length;
    crc = crc32(data, crc);
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(head);
  for (const piece of pieces()) await write(piece);
  await write(tail);
  deflate.end();
  await done;
  return { name, packed: Buffer.concat(packed), size, crc };
}

/** Local headers and data, then the central directory and its end record (no zip64: parts under 4 GiB). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const method = part.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.packed.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(part.packed));
    centrals.push(central, name);
    offset += local.length + name.length + part.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around its sheet (inline strings, so no shared strings part). */
export function workbookParts(): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    deflatedPart(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}">` +
        '<sheets><sheet name="Claims" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  ];
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/** A sheet row of inline strings. */
export function sheetRow(line: number, values: string[]): string {
  const cells = values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${line}" t="inlineStr"><is><t>${v}</t></is></c>`);
  return `<row r="${line}">${cells.join('')}</row>`;
}
