import { describe, expect, it } from '@jest/globals';
import type { DocgroupConfig } from '@claims/shared-kernel/contract';
import { docFromText, keyword } from '../../testing/verification/fixtures';
import { PhraseIndex } from './match';
import { segregate } from './segregate';
import { buildClaimText } from './text';
import type { ReadDocument, Word } from './types';

const DOCUMENTS = [
  keyword('Discharge Summary', ['Discharge Card']),
  keyword('Lab Report', ['Laboratory Report', 'Haematology Report']),
  keyword('Bill', ['Final Bill']),
];

const config = (extra: Partial<DocgroupConfig>): DocgroupConfig => ({
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
  ...extra,
});

const typesOf = (documents: ReadDocument[], docgroups: Record<string, DocgroupConfig> = {}) => {
  const text = buildClaimText(documents);
  return segregate(text, new PhraseIndex(text), DOCUMENTS, docgroups).pages.map((p) => p.type);
};

/** A page whose first lines are `top`, with `body` lower down (line 30, well below the header). */
const page = (top: string, body = '') => `${top}${'\n'.repeat(30)}${body}`;

describe('segregation by document names near the top of the page', () => {
  it('types pages by title and continues a type over the following pages of the same file', () => {
    const types = typesOf([
      docFromText('a.pdf', [page('CITY HOSPITAL\nDISCHARGE CARD'), page('Course in hospital: uneventful'), page('HAEMATOLOGY REPORT')]),
      docFromText('b.pdf', [page('Treatment given as advised')], 2),
    ]);
    expect(types).toEqual(['Discharge Summary', 'Discharge Summary', 'Lab Report', null]);
  });

  it("takes a title OCR misread by a letter ('HAEMATOLOGV REPORT') on a scan with no title as written", () => {
    const scan = (top: string) => docFromText('scan.png', [page(`CITY HOSPITAL\n${top}`)], 1, 'ocr');
    expect(typesOf([scan('HAEMATOLOGV REPORT')])).toEqual(['Lab Report']);
    expect(typesOf([scan('DISCHARCE SUMMARY')])).toEqual(['Discharge Summary']);
    // a text layer says what it says, and a title written as it is wins over a misread one above it
    expect(typesOf([docFromText('a.pdf', [page('CITY HOSPITAL\nHAEMATOLOGV REPORT')])])).toEqual([null]);
    expect(typesOf([scan('HAEMATOLOGV REPORT\nFINAL BILL')])).toEqual(['Bill']);
    // two letters off in a short name is another word
    expect(typesOf([scan('FIMAL BIEL')])).toEqual([null]);
  });

  it('ignores a document name in the body of the page', () => {
    expect(typesOf([docFromText('a.pdf', [page('Patient details', 'enclosed with the discharge summary')])])).toEqual([null]);
  });

  it('types a page by the title of an unconfigured document next to configured ones', () => {
    const lab = config({ begin_alias: [['Sample collected']] });
    const pages = [page('FINAL BILL'), page('Sample collected at 9:40'), page('Results continued'), page('DISCHARGE CARD')];
    expect(typesOf([docFromText('a.pdf', pages)], { 'Lab Report': lab })).toEqual([
      'Bill',
      'Lab Report',
      'Lab Report',
      'Discharge Summary',
    ]);
  });

  it('takes the topmost title when a header names two documents', () => {
    expect(typesOf([docFromText('a.pdf', [page('FINAL BILL\nsee lab report attached')])])).toEqual(['Bill']);
  });
});

describe('segregation by the hospital docgroups configuration', () => {
  const bill = config({ begin_alias: [['Final Bill'], ['IP Bill', 'Bill No']], end_alias: [['Authorised Signatory']] });

  it('begins on an alias group (inner AND, outer OR) and ends on the end alias', () => {
    const types = typesOf(
      [
        docFromText('bill.pdf', [
          page('IP BILL   Bill No: 42'),
          page('Pharmacy items'),
          page('Room rent', 'Authorised Signatory'),
          page('Remarks'),
        ]),
      ],
      { Bill: bill },
    );
    expect(types).toEqual(['Bill', 'Bill', 'Bill', null]);
  });

  it('needs every alias of an inner group', () => {
    expect(typesOf([docFromText('bill.pdf', [page('IP BILL summary')])], { Bill: bill })).toEqual([null]);
  });

  it('applies header and body inclusion and exclusion lists', () => {
    const strict = config({
      begin_alias: [['Final Bill']],
      begin_exclusion_header: [['Duplicate']],
      begin_inclusion_body: [['Amount']],
    });
    const types = typesOf(
      [
        docFromText('a.pdf', [page('FINAL BILL', 'Net Amount 12,000')]),
        docFromText('b.pdf', [page('FINAL BILL  DUPLICATE', 'Net Amount 12,000')], 2),
        docFromText('c.pdf', [page('FINAL BILL', 'Nothing due')], 3),
      ],
      { Bill: strict },
    );
    // a configured type is recognised only through its configuration, never by its title alone
    expect(types).toEqual(['Bill', null, null]);
  });

  it('uses top_threshold as a fraction or as points from the top', () => {
    // the alias sits on line 5: y = 40 + 5 * 14 = 110 points
    const doc = () => docFromText('a.pdf', [page('\n\n\n\n\nSample collected at 9:40')]);
    const labConfig = (top: number) => ({ 'Lab Report': config({ begin_alias: [['Sample Collected']], top_threshold: top }) });
    expect(typesOf([doc()], labConfig(0.1))).toEqual([null]);
    expect(typesOf([doc()], labConfig(0.2))).toEqual(['Lab Report']);
    expect(typesOf([doc()], labConfig(100))).toEqual([null]);
    expect(typesOf([doc()], labConfig(130))).toEqual(['Lab Report']);
  });

  it('ends a bill on its total line, per the total flags', () => {
    const pages = (total: string) =>
      docFromText('bill.pdf', [page('IP BILL Bill No 9'), page('Medicines', total), page('Consultation charges')]);
    const withFlags = (flags: Partial<DocgroupConfig>) => ({ Bill: config({ begin_alias: [['IP Bill']], ...flags }) });
    expect(typesOf([pages('Total 12,345')], withFlags({}))).toEqual(['Bill', 'Bill', 'Bill']);
    expect(typesOf([pages('Total 12,345')], withFlags({ total_flag: true }))).toEqual(['Bill', 'Bill', null]);
    expect(typesOf([pages('Total 12,345')], withFlags({ total_special_character_flag: true }))).toEqual(['Bill', 'Bill', 'Bill']);
    expect(typesOf([pages('Total: 12,345')], withFlags({ total_special_character_flag: true }))).toEqual(['Bill', 'Bill', null]);
    expect(typesOf([pages('Sub Total 1,000')], withFlags({ total_flag: true }))).toEqual(['Bill', 'Bill', 'Bill']);
    expect(typesOf([pages('Sub Total 1,000')], withFlags({ subtotal_flag: true }))).toEqual(['Bill', 'Bill', null]);
  });
});

/** One line of a laid-out page: its top in points, font size, and whether it is centred or bold. */
interface StyledLine {
  text: string;
  top: number;
  size?: number;
  centred?: boolean;
  bold?: boolean;
}

const PAGE_WIDTH = 595;

/** A text-layer page (A4, points) with the lines as given; runs of spaces are gaps as wide as the spaces. */
function styledDocument(lines: StyledLine[]): ReadDocument {
  const words = lines.flatMap(({ text, top, size = 10, centred = false, bold }): Word[] => {
    const charWidth = 0.55 * size;
    const left = centred ? (PAGE_WIDTH - text.length * charWidth) / 2 : 40;
    return [...text.matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      x: left + (m.index ?? 0) * charWidth,
      y: top,
      width: m[0].length * charWidth,
      height: size,
      ...(bold ? { bold } : {}),
    }));
  });
  return {
    documentId: 1,
    fileName: 'a.pdf',
    url: '/claims/1/documents/1',
    pages: [{ pageNumber: 1, width: PAGE_WIDTH, height: 842, source: 'text', words }],
  };
}

/** A tall letterhead: the hospital's name, who runs it, address, contacts, accreditation, down to 30% of the page. */
const LETTERHEAD: StyledLine[] = [
  { text: 'CITY CARE MULTISPECIALITY HOSPITAL', top: 40, size: 22, centred: true, bold: true },
  { text: 'A Unit of City Care Health Services Pvt Ltd', top: 72, size: 11, centred: true },
  { text: 'No. 12, 4th Cross, MG Road, Bengaluru 560001', top: 92, size: 11, centred: true },
  { text: 'Ph: 080 2345 6789    Email: info@citycare.in    www.citycare.in', top: 110, size: 11, centred: true },
  { text: 'NABH Accredited    |    24 x 7 Emergency and Pharmacy', top: 128, size: 11, centred: true },
  { text: 'Reg. No. KA/BLR/2011/4567    GSTIN 29ABCDE1234F1Z5', top: 146, size: 11, centred: true },
  { text: 'Patient: Ramesh Kumar    UHID: 20250902    IP No: 4471', top: 190 },
];
const BILL_LINES: StyledLine[] = [
  { text: 'Bill No: 42    Date: 02-09-2025', top: 262 },
  { text: 'Room rent 3 days                      4,500.00', top: 290 },
  { text: 'Pharmacy and consumables              12,310.00', top: 304 },
  { text: 'Grand Total                           16,810.00', top: 318 },
];
const typesOfPage = (lines: StyledLine[]) => typesOf([styledDocument(lines)]);

describe('titles under a tall letterhead (no segregation configured)', () => {
  it('types a page by its title at 28% of the page, set apart by size, weight, centring or capitals', () => {
    const at28 = 0.28 * 842 - 7;
    expect(typesOfPage([...LETTERHEAD, { text: 'FINAL BILL', top: at28, size: 14, centred: true, bold: true }, ...BILL_LINES])).toEqual([
      'Bill',
    ]);
    expect(typesOfPage([...LETTERHEAD, { text: 'Final Bill', top: at28, size: 14 }, ...BILL_LINES])).toEqual(['Bill']);
    expect(typesOfPage([...LETTERHEAD, { text: 'Final Bill', top: at28, bold: true }, ...BILL_LINES])).toEqual(['Bill']);
    expect(typesOfPage([...LETTERHEAD, { text: 'Final Bill', top: at28, centred: true }, ...BILL_LINES])).toEqual(['Bill']);
    expect(typesOfPage([...LETTERHEAD, { text: 'FINAL BILL', top: at28 }, ...BILL_LINES])).toEqual(['Bill']);
  });

  it('does not take a plain line below the top quarter for a title', () => {
    expect(typesOfPage([...LETTERHEAD, { text: 'Final Bill', top: 0.28 * 842 - 7 }, ...BILL_LINES])).toEqual([null]);
  });

  it('does not take a bold line of the body for a title', () => {
    const running: StyledLine[] = [
      { text: 'The patient was admitted with complaints of pain in the abdomen and fever for three days.', top: 220 },
      { text: 'She was treated with antibiotics and fluids and improved over the course of the stay.', top: 234 },
    ];
    expect(typesOfPage([...LETTERHEAD, ...running, { text: 'Lab Report', top: 262, bold: true }])).toEqual([null]);
    expect(typesOfPage([...LETTERHEAD, { text: 'Lab report reviewed by the consultant', top: 236, bold: true }])).toEqual([null]);
    expect(typesOfPage([...LETTERHEAD, { text: 'LAB REPORT', top: 560, size: 14, bold: true }])).toEqual([null]);
  });

  it('takes the topmost title', () => {
    expect(
      typesOfPage([
        ...LETTERHEAD,
        { text: 'FINAL BILL', top: 230, size: 14, centred: true },
        { text: 'LAB REPORT', top: 300, size: 14, centred: true },
      ]),
    ).toEqual(['Bill']);
  });

  it('keeps a configured document to its configuration', () => {
    const bill = config({ begin_alias: [['Final Bill']] });
    expect(typesOf([styledDocument([...LETTERHEAD, { text: 'FINAL BILL', top: 230, size: 14, centred: true }])], { Bill: bill })).toEqual([
      null,
    ]);
  });
});
