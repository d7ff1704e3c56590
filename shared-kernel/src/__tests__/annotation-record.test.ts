import {
  ANNOTATION_MESSAGES,
  annotationEntity,
  annotationEntries,
  annotationEntryAlert,
  annotationEntryProblems,
  annotationSlotsOf,
  emptyAnnotationEntry,
  parseAnnotationSlotKey,
  positiveWholeNumber,
} from '../annotation-record';

const document = annotationEntity('document');
const diagnosis = annotationEntity('diagnosis');
const clinical = annotationEntity('clinical_attribute');
/** PDF 1 has 6 pages, PDF 2 one, PDF 3 an unknown count (not read yet). */
const DOCUMENTS = [{ pages: 6 }, { pages: 1 }, { pages: null }];
const entry = (fields: Partial<ReturnType<typeof emptyAnnotationEntry>>) => ({ ...emptyAnnotationEntry(), ...fields });

describe('slot names', () => {
  it.each([
    ['procedure_name_1', { kind: 'procedure', field: 'name', index: 1 }],
    ['evidence_name_alias_2', { kind: 'evidence', field: 'name_alias', index: 2 }],
    ['clinical_attribute_doc_name_12', { kind: 'clinical_attribute', field: 'doc_name', index: 12 }],
    ['document_page_number_3', { kind: 'document', field: 'page_number', index: 3 }],
  ])('reads %s', (key, slot) => {
    const parsed = parseAnnotationSlotKey(key);
    expect(parsed && { kind: parsed.entity.kind, field: parsed.field, index: parsed.index }).toEqual(slot);
  });

  it.each([
    'procedure_name_0',
    'evidence_alias_1',
    'procedure_name_alias_1',
    'diagnosis_value_1',
    'colour_1',
    'procedure_name',
    'tissue_name_1',
  ])('refuses %s', (key) => expect(parseAnnotationSlotKey(key)).toBeNull());
});

describe('entries of a record', () => {
  it('reads slots in number order whatever their numbering and type, and writes them renumbered from 1', () => {
    const slots = {
      document_name_4: 'Final Bill',
      document_page_number_4: 2,
      document_pdf_number_4: '2',
      document_name_2: 'Discharge Summary',
      document_page_number_2: '1- 3',
      document_pdf_number_2: 1,
      document_written_type_2: 'Hand Written',
      document_alias_2: '',
      diagnosis_name_1: 'Cataract',
    };
    const entries = annotationEntries(slots, document);
    expect(entries).toEqual([
      entry({ name: 'Discharge Summary', page: '1', endPage: '3', pdf: '1', writtenType: 'Hand Written' }),
      entry({ name: 'Final Bill', page: '2', endPage: '2', pdf: '2' }),
    ]);
    expect(annotationSlotsOf(document, entries)).toEqual({
      document_name_1: 'Discharge Summary',
      document_page_number_1: '1 - 3',
      document_pdf_number_1: 1,
      document_written_type_1: 'Hand Written',
      document_name_2: 'Final Bill',
      document_page_number_2: '2 - 2',
      document_pdf_number_2: 2,
      document_written_type_2: 'Printed',
    });
  });

  it('writes a document without its last page as its first page only, and one without pages not at all', () => {
    expect(annotationSlotsOf(document, [entry({ name: 'Final Bill', page: '2' }), entry({ name: 'HPE report' })])).toEqual({
      document_name_1: 'Final Bill',
      document_page_number_1: '2',
      document_written_type_1: 'Printed',
      document_name_2: 'HPE report',
      document_written_type_2: 'Printed',
    });
  });

  it('writes a clinical attribute’s alias, value, unit and document name under their slot names', () => {
    const slots = annotationSlotsOf(clinical, [
      entry({ name: 'Haemoglobin', alias: 'Hb', value: '9.1', unit: 'g/dL', docName: 'a.pdf', page: '3', pdf: '1' }),
    ]);
    expect(slots).toEqual({
      clinical_attribute_name_1: 'Haemoglobin',
      clinical_attribute_name_alias_1: 'Hb',
      clinical_attribute_page_number_1: 3,
      clinical_attribute_pdf_number_1: 1,
      clinical_attribute_written_type_1: 'Printed',
      clinical_attribute_value_1: '9.1',
      clinical_attribute_unit_1: 'g/dL',
      clinical_attribute_doc_name_1: 'a.pdf',
    });
    expect(annotationEntries(slots, clinical)).toEqual([
      entry({ name: 'Haemoglobin', alias: 'Hb', value: '9.1', unit: 'g/dL', docName: 'a.pdf', page: '3', pdf: '1' }),
    ]);
  });
});

describe('the checks of spec 1 §5', () => {
  const problems = (e: ReturnType<typeof entry>, requireNumbers = true, entity = diagnosis) =>
    annotationEntryProblems(entity, e, DOCUMENTS, { requireNumbers }).map((p) => `${p.field}: ${p.message}`);

  it('passes an entry inside the claim’s documents, and a page of a PDF whose count is unknown', () => {
    expect(problems(entry({ name: 'Cataract', page: '6', pdf: '1' }))).toEqual([]);
    expect(problems(entry({ name: 'Cataract', page: '40', pdf: '3' }))).toEqual([]);
    expect(problems(entry({ name: 'Discharge Summary', page: '2', endPage: '6', pdf: '1' }), true, document)).toEqual([]);
  });

  it('says each problem with the screen’s words', () => {
    expect(problems(entry({}))).toEqual([
      'name: Select name for diagnosis',
      'pdf: Page/PDF number is mandatory ',
      'page: Page/PDF number is mandatory ',
    ]);
    expect(problems(entry({ name: 'x', page: '2', pdf: '2' }))).toEqual(['page: Entered page number is more than the total no of pages']);
    expect(problems(entry({ name: 'x', page: '1', pdf: '4' }))).toEqual(['pdf: Entered pdf number is more than the total no of pdf']);
    expect(problems(entry({ name: 'x', page: '2', endPage: '7', pdf: '1' }), true, document)).toEqual([
      'endPage: Entered end page number is more than the total no of pages',
    ]);
    expect(problems(entry({ name: 'x', page: '4', endPage: '3', pdf: '1' }), true, document)).toEqual(['endPage: Enter Correct Number']);
    expect(problems(entry({ name: 'x', page: '2.5', pdf: '1' }))).toEqual(['page: Enter Correct Number']);
    expect(problems(entry({ name: 'x', page: '1', pdf: '-1' }))).toEqual(['pdf: Enter Correct PDF']);
  });

  it('leaves page and PDF numbers optional when the server checks a record', () => {
    expect(problems(entry({ name: 'x' }), false)).toEqual([]);
    expect(problems(entry({ name: 'x', page: '9' }), false)).toEqual([]);
    expect(problems(entry({ name: 'x', page: '9', pdf: '2' }), false)).toEqual([
      'page: Entered page number is more than the total no of pages',
    ]);
  });

  it('raises one alert, a missing value first, then a limit, then a malformed number', () => {
    const alert = (e: ReturnType<typeof entry>) =>
      annotationEntryAlert(annotationEntryProblems(diagnosis, e, DOCUMENTS, { requireNumbers: true }));
    expect(alert(entry({ page: '1', pdf: '1' }))).toBe('Select name for diagnosis');
    expect(alert(entry({ name: 'x', page: '9', pdf: '' }))).toBe(ANNOTATION_MESSAGES.mandatory);
    expect(alert(entry({ name: 'x', page: 'two', pdf: '9' }))).toBe(ANNOTATION_MESSAGES.withinLimits);
    expect(alert(entry({ name: 'x', page: 'two', pdf: '1' }))).toBe('Enter Correct Number');
    expect(alert(entry({ name: 'x', page: '1', pdf: '1' }))).toBeNull();
  });

  it.each([
    ['7', 7],
    [' 12 ', 12],
    [3, 3],
    ['0', null],
    ['1e3', null],
    ['', null],
    [null, null],
  ])('reads %p as the page number %p', (typed, number) => expect(positiveWholeNumber(typed)).toBe(number));
});
