import type { Annotation } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AnnotationActions } from './index';
import { testClaim } from '../../testing/annotationClaim';
import { renderOnClaimPage } from '../../testing/claimPage';
import { button, choose, fieldValue, findButton, typeInto } from '../../testing/controls';

const RECORD: Annotation = {
  id: 5,
  claim_id: 42,
  reference_claim_id: 'CASE-42',
  procedure_code: 'P10',
  procedure_name: 'Total Abdominal Hysterectomy',
  expected_result: 'reject',
  verification_result: 'REJECTED',
  case_type: 'SETTLEMENT',
  remarks: 'HPE report is missing',
  annotated_on: '2024-05-01T20:00:00Z',
  username: 'vitraya.reviewer',
  organization: 'vitraya',
  procedure_name_1: 'Total Abdominal Hysterectomy',
  procedure_page_number_1: 2,
  procedure_pdf_number_1: 1,
  procedure_written_type_1: 'Printed',
  diagnosis_name_1: 'Leiomyoma of Uterus',
  diagnosis_alias_1: 'fibroid',
  diagnosis_page_number_1: 2,
  diagnosis_pdf_number_1: 1,
  diagnosis_written_type_1: 'Printed',
  // Slots read back need not be consecutive: the edit renumbers them.
  diagnosis_name_3: 'Adenomyosis',
  diagnosis_page_number_3: '1',
  diagnosis_pdf_number_3: '2',
  diagnosis_written_type_3: 'Hand Written',
  document_name_1: 'Discharge Summary',
  document_page_number_1: '1- 3',
  document_pdf_number_1: 1,
  document_written_type_1: 'Printed',
  clinical_attribute_name_1: 'Haemoglobin',
  clinical_attribute_name_alias_1: 'Hb',
  clinical_attribute_value_1: '9.1',
  clinical_attribute_unit_1: 'g/dL',
  clinical_attribute_doc_name_1: 'discharge.pdf',
  clinical_attribute_page_number_1: 5,
  clinical_attribute_pdf_number_1: 1,
  clinical_attribute_written_type_1: 'Printed',
};

/** What every edit sends besides the slots. */
const FIXED = {
  claim_id: 42,
  reference_claim_id: 'CASE-42',
  procedure_code: 'P10',
  procedure_name: 'Total Abdominal Hysterectomy',
  expected_result: 'reject',
  verification_result: 'REJECTED',
  case_type: 'SETTLEMENT',
  remarks: 'HPE report is missing',
};
const UNCHANGED_SLOTS = {
  procedure_name_1: 'Total Abdominal Hysterectomy',
  procedure_page_number_1: 2,
  procedure_pdf_number_1: 1,
  procedure_written_type_1: 'Printed',
  document_name_1: 'Discharge Summary',
  document_page_number_1: '1 - 3',
  document_pdf_number_1: 1,
  document_written_type_1: 'Printed',
  clinical_attribute_name_1: 'Haemoglobin',
  clinical_attribute_name_alias_1: 'Hb',
  clinical_attribute_value_1: '9.1',
  clinical_attribute_unit_1: 'g/dL',
  clinical_attribute_doc_name_1: 'discharge.pdf',
  clinical_attribute_page_number_1: 5,
  clinical_attribute_pdf_number_1: 1,
  clinical_attribute_written_type_1: 'Printed',
};
const DIAGNOSES = {
  diagnosis_name_1: 'Leiomyoma of Uterus',
  diagnosis_alias_1: 'fibroid',
  diagnosis_page_number_1: 2,
  diagnosis_pdf_number_1: 1,
  diagnosis_written_type_1: 'Printed',
  diagnosis_name_2: 'Adenomyosis',
  diagnosis_page_number_2: 1,
  diagnosis_pdf_number_2: 2,
  diagnosis_written_type_2: 'Hand Written',
};

let api: FakeApi;

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user', 'vitraya.reviewer');
  api = fakeApi({
    'GET /claims/:claimId': testClaim({ annotated: true, annotation_id: 5 }),
    'GET /annotation/getUsers': ['vitraya.reviewer'],
    'GET /annotation/:id': RECORD,
    'PUT /annotation/:id': (call) => ({ ...RECORD, ...(call.body as object) }) as Annotation,
    'GET /procedures': [],
    'GET /diagnoses': [],
    'GET /evidence': [],
    'GET /document': [],
    'GET /clinicalAttribute': [],
  });
});

async function openPanel() {
  renderOnClaimPage((claim, position) => <AnnotationActions claim={claim} position={position} />);
  fireEvent.click(await findButton('View Annotation'));
  return screen.findByText(/annotated by vitraya\.reviewer/);
}
const section = (label: string) => document.querySelector<HTMLElement>(`section[aria-label="${label}"]`)!;
const dialog = () => document.querySelector<HTMLElement>('.ant-modal')!;
const put = () => api.callsTo('PUT /annotation/:id');

describe('View Annotation', () => {
  it('shows the record in a panel of at most 550 px: results, analyst, the annotation time in the display zone and every entity', async () => {
    const header = await openPanel();
    expect(api.callsTo('GET /annotation/:id')[0].path).toBe('/annotation/5');
    expect(header).toHaveTextContent('P10 - Total Abdominal Hysterectomy · annotated by vitraya.reviewer on 2024-05-02 01:30');
    expect(screen.getByTestId('annotation-panel')).toHaveStyle({ maxHeight: '550px', overflowY: 'auto' });
    expect(fieldValue('annotation-view-remarks')).toBe('HPE report is missing');
    expect(within(section('Diagnosis')).getByText('1. Leiomyoma of Uterus (fibroid) · Printed · page 2 · PDF 1')).toBeInTheDocument();
    expect(within(section('Diagnosis')).getByText('2. Adenomyosis · Hand Written · page 1 · PDF 2')).toBeInTheDocument();
    expect(within(section('Document')).getByText('1. Discharge Summary · Printed · pages 1 - 3 · PDF 1')).toBeInTheDocument();
    expect(
      within(section('Clinical Attribute')).getByText('1. Haemoglobin (Hb) · 9.1 g/dL · Printed · page 5 · PDF 1 · discharge.pdf'),
    ).toBeInTheDocument();
    expect(within(section('Evidence')).getByText('None recorded')).toBeInTheDocument();
  });

  it('edits an entity in the dialog, saves the record renumbered from 1 and says so', async () => {
    await openPanel();
    fireEvent.click(screen.getByLabelText('Edit Diagnosis 2'));
    expect(within(dialog()).getByText('Edit Diagnosis')).toBeInTheDocument();
    const labels = [...dialog().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['Name', 'Alias', 'Keyword Type', 'Page Number', 'PDF Number']);
    typeInto('annotation-edit-diagnosis-alias', 'adenomyotic uterus');
    fireEvent.click(within(dialog()).getByText('Update Changes'));
    expect(await screen.findByText('Changes Saved Successfully')).toBeInTheDocument();
    expect(put()).toHaveLength(1);
    expect(put()[0].path).toBe('/annotation/5');
    expect(put()[0].body).toEqual({ ...FIXED, ...UNCHANGED_SLOTS, ...DIAGNOSES, diagnosis_alias_2: 'adenomyotic uterus' });
  });

  it('deletes an entity after asking, renumbers the rest and shows the saved notice for 2 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await openPanel();
      fireEvent.click(screen.getByLabelText('Delete Diagnosis 1'));
      fireEvent.click(await findButton('Delete'));
      expect(await screen.findByText('Changes Saved Successfully')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1500));
      expect(screen.getByText('Changes Saved Successfully')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      await waitFor(() => expect(screen.queryByText('Changes Saved Successfully')).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
    expect(put()[0].body).toEqual({
      ...FIXED,
      ...UNCHANGED_SLOTS,
      diagnosis_name_1: 'Adenomyosis',
      diagnosis_page_number_1: 1,
      diagnosis_pdf_number_1: 2,
      diagnosis_written_type_1: 'Hand Written',
    });
  });

  it('checks the dialog with the alerts and inline messages of spec 1 §5 against the claim’s pages and PDFs', async () => {
    await openPanel();
    fireEvent.click(screen.getByLabelText('Edit Document 1'));
    const labels = [...dialog().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['Name', 'Alias', 'Keyword Type', 'Page Number', 'End Page Number', 'PDF Number']);
    const update = () => fireEvent.click(within(dialog()).getByText('Update Changes'));

    typeInto('annotation-edit-document-end-page', '7');
    expect(within(dialog()).getByText('Entered end page number is more than the total no of pages')).toBeInTheDocument();
    typeInto('annotation-edit-document-page', '7');
    expect(within(dialog()).getByText('Entered page number is more than the total no of pages')).toBeInTheDocument();
    update();
    expect(await screen.findByText('Enter page/pdf number within limit of total no of pages/total no of PDFs')).toBeInTheDocument();

    typeInto('annotation-edit-document-page', '2');
    typeInto('annotation-edit-document-end-page', '3');
    typeInto('annotation-edit-document-pdf', '3');
    expect(within(dialog()).getByText('Entered pdf number is more than the total no of pdf')).toBeInTheDocument();
    typeInto('annotation-edit-document-pdf', '1.5');
    expect(within(dialog()).getByText('Enter Correct PDF')).toBeInTheDocument();
    typeInto('annotation-edit-document-end-page', 'x');
    expect(within(dialog()).getByText('Enter Correct Number')).toBeInTheDocument();
    typeInto('annotation-edit-document-end-page', '');
    typeInto('annotation-edit-document-pdf', '1');
    update();
    expect(await screen.findByText('Page/PDF number is mandatory')).toBeInTheDocument();

    typeInto('annotation-edit-document-end-page', '6');
    fireEvent.click(dialog().querySelector('.ant-select-clear')!);
    update();
    expect(await screen.findByText('Select name for document')).toBeInTheDocument();
    expect(put()).toHaveLength(0);

    await choose('annotation-edit-document-name', 'HPE report (absent)');
    update();
    await screen.findByText('Changes Saved Successfully');
    expect(put()[0].body).toMatchObject({ document_name_1: 'HPE report', document_page_number_1: '2 - 6', document_pdf_number_1: 1 });
  });

  it('gives a clinical attribute Value Type, Test Unit and Document Name, and a new entry the page on screen', async () => {
    await openPanel();
    fireEvent.click(screen.getByText('Go to PDF 1 page 5'));
    fireEvent.click(within(section('Clinical Attribute')).getByText('Add Clinical Attribute'));
    expect(within(dialog()).getByText('Add Clinical Attribute')).toBeInTheDocument();
    const labels = [...dialog().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['Name', 'Alias', 'Keyword Type', 'Page Number', 'PDF Number', 'Value Type', 'Test Unit', 'Document Name']);
    expect(fieldValue('annotation-edit-clinical_attribute-page')).toBe('5');
    expect(fieldValue('annotation-edit-clinical_attribute-pdf')).toBe('1');
    expect(fieldValue('annotation-edit-clinical_attribute-doc-name')).toBe('discharge.pdf');
    await choose('annotation-edit-clinical_attribute-name', 'Haemoglobin');
    typeInto('annotation-edit-clinical_attribute-value', '8.7');
    fireEvent.click(within(dialog()).getByText('Update Changes'));
    await screen.findByText('Changes Saved Successfully');
    expect(put()[0].body).toMatchObject({
      clinical_attribute_name_2: 'Haemoglobin',
      clinical_attribute_value_2: '8.7',
      clinical_attribute_unit_2: 'g/dL',
      clinical_attribute_page_number_2: 5,
      clinical_attribute_pdf_number_2: 1,
      clinical_attribute_doc_name_2: 'discharge.pdf',
    });
  });

  it('saves a changed expected result and remarks; a refused save shows the server’s words', async () => {
    await openPanel();
    expect(button('Save Changes')).toBeDisabled();
    await choose('annotation-view-expected', 'Doc Query');
    typeInto('annotation-view-remarks', '');
    api.answer({
      'PUT /annotation/:id': failure(
        400,
        'diagnosis_page_number_2: Entered page number is more than the total no of pages (PDF 2 has 1 page)',
      ),
    });
    fireEvent.click(button('Save Changes'));
    expect(await screen.findByText('Entered page number is more than the total no of pages (PDF 2 has 1 page)')).toBeInTheDocument();
    // toEqual: a remark left empty is not sent at all.
    expect(put()[0].body).toEqual({ ...FIXED, remarks: undefined, expected_result: 'docQuery', ...UNCHANGED_SLOTS, ...DIAGNOSES });
    expect(put()[0].body).not.toHaveProperty('remarks');
  });

  it('says why the annotation cannot be shown', async () => {
    // MSW tries the newest answers first, and /annotation/:id would also match /annotation/getUsers.
    api.answer({ 'GET /annotation/getUsers': ['vitraya.reviewer'], 'GET /annotation/:id': failure(404, 'Annotation 5 not found') });
    renderOnClaimPage((claim, position) => <AnnotationActions claim={claim} position={position} />);
    fireEvent.click(await findButton('View Annotation'));
    expect(await screen.findByText('Annotation 5 not found')).toBeInTheDocument();
  });
});
