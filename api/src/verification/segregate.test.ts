import { describe, expect, it } from '@jest/globals';
import type { DocgroupConfig } from '@claims/shared-kernel/contract';
import { docFromText, keyword } from './fixtures';
import { PhraseIndex } from './match';
import { segregate } from './segregate';
import { buildClaimText } from './text';
import type { ReadDocument } from './types';

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
