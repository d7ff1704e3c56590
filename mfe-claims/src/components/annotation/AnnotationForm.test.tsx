import type { Annotation, Claim } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AnnotationActions } from './index';
import { testClaim } from '../../testing/annotationClaim';
import { renderOnClaimPage } from '../../testing/claimPage';
import { button, choose, fieldValue, findButton, optionsOf, typeInto } from '../../testing/controls';

let api: FakeApi;
let claim: Claim;

/** The record as the api answers a POST: what was sent, with its id, time and analyst. */
const created = (body: Record<string, unknown>) =>
  ({ ...body, claim_id: 42, id: 5, annotated_on: '2024-05-02T10:00:00Z', username: 'vitraya.reviewer' }) as Annotation;

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user', 'vitraya.reviewer');
  claim = testClaim();
  api = fakeApi({
    'GET /claims/:claimId': () => claim,
    'GET /annotation/getUsers': ['vitraya.reviewer'],
    'GET /procedures': [],
    'GET /diagnoses': [{ id: 1, name: 'Uterine Prolapse', alias: ['Procidentia'] }],
    'GET /evidence': [],
    'GET /document': [],
    'GET /clinicalAttribute': [],
  });
});

const renderActions = (options?: Parameters<typeof renderOnClaimPage>[1]) =>
  renderOnClaimPage((c, position) => <AnnotationActions claim={c} position={position} />, options);

const openForm = async () => {
  renderActions();
  fireEvent.click(await findButton('Add Annotation'));
  await screen.findByText('Expected Result');
};
const chooseExpected = (label: string) => fireEvent.click(screen.getByText(label, { selector: '.ant-radio-button-wrapper span' }));
const posted = () => api.callsTo('POST /annotation').map((call) => call.body);

describe('who sees the annotation buttons', () => {
  it('shows Add Annotation to an annotation user of the provider’s organisation', async () => {
    renderActions();
    expect(await findButton('Add Annotation')).toBeInTheDocument();
    expect(api.callsTo('GET /annotation/getUsers')).toHaveLength(1);
  });

  it.each([
    ['an insurer user', () => signInAs('starhealth', 'user', 'starhealth.reviewer'), 'org=starhealth'],
    ['a provider user who is not an annotation user', () => signInAs('vitraya', 'user', 'vitraya.admin'), 'org=vitraya'],
    ['a claim opened with showAnnotation=false', () => undefined, 'org=vitraya&showAnnotation=false'],
  ])('shows nothing to %s', async (_who, signIn, query) => {
    signIn();
    renderActions({ query });
    expect(await screen.findByText('Go to PDF 2 page 1')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.route === 'GET /claims/:claimId')).toHaveLength(1));
    expect(screen.queryByText('Add Annotation')).not.toBeInTheDocument();
    expect(screen.queryByText('View Annotation')).not.toBeInTheDocument();
  });
});

describe('the creation form', () => {
  it('keeps Save disabled until an expected result is chosen, and offers the five results', async () => {
    await openForm();
    expect(button('Save')).toBeDisabled();
    const results = [...document.querySelectorAll('.ant-radio-button-wrapper')].map((r) => r.textContent);
    expect(results).toEqual(['Accept', 'Reject', 'Info Query', 'Doc Query', 'Wrong Procedure']);
    chooseExpected('Doc Query');
    expect(button('Save')).toBeEnabled();
  });

  it('offers the claim’s items first, absent ones marked, then the masters’ names', async () => {
    await openForm();
    expect(await optionsOf('annotation-diagnosis-1-name')).toEqual(['Leiomyoma of Uterus', 'Adenomyosis (absent)', 'Uterine Prolapse']);
  });

  it('sends every slot of the record, numbered per entity, and says so; the claim reloads on close', async () => {
    api.answer({ 'POST /annotation': (call) => created(call.body as Record<string, unknown>) });
    await openForm();
    chooseExpected('Reject');
    typeInto('annotation-remarks', 'HPE report is missing');

    // Procedure 1 follows the viewer (PDF 1, page 2).
    await choose('annotation-procedure-1-name', 'Total Abdominal Hysterectomy');
    typeInto('annotation-procedure-1-alias', 'TAH');
    expect(fieldValue('annotation-procedure-1-page')).toBe('2');
    expect(fieldValue('annotation-procedure-1-pdf')).toBe('1');

    // Two diagnoses: the second one hand written, placed by moving the viewer while it is being edited.
    fireEvent.focus(document.getElementById('annotation-diagnosis-1-alias')!);
    await choose('annotation-diagnosis-1-name', 'Leiomyoma of Uterus');
    fireEvent.click(button('Add Diagnosis'));
    await choose('annotation-diagnosis-2-name', 'Adenomyosis (absent)');
    await choose('annotation-diagnosis-2-keyword-type', 'Hand Written');
    fireEvent.click(screen.getByText('Go to PDF 2 page 1'));
    expect(fieldValue('annotation-diagnosis-2-page')).toBe('1');
    expect(fieldValue('annotation-diagnosis-2-pdf')).toBe('2');
    expect(fieldValue('annotation-diagnosis-1-pdf')).toBe('1');

    // A document over pages 2 to 5 of PDF 1.
    fireEvent.focus(document.getElementById('annotation-document-1-alias')!);
    await choose('annotation-document-1-name', 'Discharge Summary');
    fireEvent.click(screen.getByText('Go to PDF 1 page 5'));
    typeInto('annotation-document-1-page', '2');
    expect(fieldValue('annotation-document-1-end-page')).toBe('5');

    // A clinical attribute brings the value and unit the verification read, and the document on screen.
    fireEvent.focus(document.getElementById('annotation-clinical_attribute-1-alias')!);
    await choose('annotation-clinical_attribute-1-name', 'Haemoglobin');
    expect(fieldValue('annotation-clinical_attribute-1-value')).toBe('9.1');
    expect(fieldValue('annotation-clinical_attribute-1-unit')).toBe('g/dL');
    expect(fieldValue('annotation-clinical_attribute-1-doc-name')).toBe('discharge.pdf');

    fireEvent.click(button('Save'));
    expect(await screen.findByText('Annotation done successfully for CASE-42')).toBeInTheDocument();
    expect(posted()).toEqual([
      {
        claim_id: 42,
        reference_claim_id: 'CASE-42',
        procedure_code: 'P10',
        procedure_name: 'Total Abdominal Hysterectomy',
        expected_result: 'reject',
        remarks: 'HPE report is missing',
        procedure_name_1: 'Total Abdominal Hysterectomy',
        procedure_alias_1: 'TAH',
        procedure_page_number_1: 2,
        procedure_pdf_number_1: 1,
        procedure_written_type_1: 'Printed',
        diagnosis_name_1: 'Leiomyoma of Uterus',
        diagnosis_page_number_1: 2,
        diagnosis_pdf_number_1: 1,
        diagnosis_written_type_1: 'Printed',
        diagnosis_name_2: 'Adenomyosis',
        diagnosis_page_number_2: 1,
        diagnosis_pdf_number_2: 2,
        diagnosis_written_type_2: 'Hand Written',
        document_name_1: 'Discharge Summary',
        document_page_number_1: '2 - 5',
        document_pdf_number_1: 1,
        document_written_type_1: 'Printed',
        clinical_attribute_name_1: 'Haemoglobin',
        clinical_attribute_page_number_1: 5,
        clinical_attribute_pdf_number_1: 1,
        clinical_attribute_written_type_1: 'Printed',
        clinical_attribute_value_1: '9.1',
        clinical_attribute_unit_1: 'g/dL',
        clinical_attribute_doc_name_1: 'discharge.pdf',
      },
    ]);

    claim = testClaim({ annotated: true, annotation_id: 5 });
    fireEvent.click(button('OK'));
    expect(await findButton('View Annotation')).toBeInTheDocument();
    expect(api.callsTo('GET /claims/:claimId')).toHaveLength(2);
  });

  it('refuses an entry without a name, without page or PDF, or outside the claim’s documents, with the words of spec 1 §5', async () => {
    api.answer({ 'POST /annotation': (call) => created(call.body as Record<string, unknown>) });
    renderActions({ start: null });
    fireEvent.click(await findButton('Add Annotation'));
    chooseExpected('Accept');

    typeInto('annotation-diagnosis-1-alias', 'fibroid');
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Select name for diagnosis')).toBeInTheDocument();

    await choose('annotation-diagnosis-1-name', 'Leiomyoma of Uterus');
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Page/PDF number is mandatory')).toBeInTheDocument();

    typeInto('annotation-diagnosis-1-pdf', '3');
    expect(screen.getByText('Entered pdf number is more than the total no of pdf')).toBeInTheDocument();
    typeInto('annotation-diagnosis-1-pdf', '2');
    typeInto('annotation-diagnosis-1-page', '2');
    expect(screen.getByText('Entered page number is more than the total no of pages')).toBeInTheDocument();
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Enter page/pdf number within limit of total no of pages/total no of PDFs')).toBeInTheDocument();

    typeInto('annotation-diagnosis-1-page', 'one');
    expect(screen.getByText('Enter Correct Number')).toBeInTheDocument();
    typeInto('annotation-diagnosis-1-page', '1');
    typeInto('annotation-diagnosis-1-pdf', '0');
    expect(screen.getByText('Enter Correct PDF')).toBeInTheDocument();
    typeInto('annotation-diagnosis-1-pdf', '2');
    expect(posted()).toEqual([]);

    fireEvent.click(button('Save'));
    await screen.findByText('Annotation done successfully for CASE-42');
    expect(posted()).toEqual([
      {
        claim_id: 42,
        reference_claim_id: 'CASE-42',
        procedure_code: 'P10',
        procedure_name: 'Total Abdominal Hysterectomy',
        expected_result: 'accept',
        diagnosis_name_1: 'Leiomyoma of Uterus',
        diagnosis_alias_1: 'fibroid',
        diagnosis_page_number_1: 1,
        diagnosis_pdf_number_1: 2,
        diagnosis_written_type_1: 'Printed',
      },
    ]);
  });

  it('shows the server’s error text when the annotation cannot be saved, and keeps the form', async () => {
    api.answer({ 'POST /annotation': failure(409, 'Claim CASE-42 is already annotated: edit its annotation instead') });
    await openForm();
    chooseExpected('Wrong Procedure');
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Claim CASE-42 is already annotated: edit its annotation instead')).toBeInTheDocument();
    expect(button('Save')).toBeEnabled();
    expect(posted()).toEqual([
      {
        claim_id: 42,
        reference_claim_id: 'CASE-42',
        procedure_code: 'P10',
        procedure_name: 'Total Abdominal Hysterectomy',
        expected_result: 'wrongProcedure',
      },
    ]);
  });

  it('asks which procedure when the claim has several, and removes a slot it no longer needs', async () => {
    claim = testClaim({ procedureCodes: ['P10', 'P11'], procedureName: ['Total Abdominal Hysterectomy', 'Myomectomy'] });
    api.answer({ 'POST /annotation': (call) => created(call.body as Record<string, unknown>) });
    await openForm();
    await choose('annotation-procedure', 'P11 - Myomectomy');
    chooseExpected('Info Query');
    fireEvent.click(button('Add Evidence'));
    typeInto('annotation-evidence-2-alias', 'scan');
    fireEvent.click(screen.getByLabelText('Remove Evidence 2'));
    expect(document.getElementById('annotation-evidence-2-alias')).toBeNull();
    fireEvent.click(button('Save'));
    await screen.findByText('Annotation done successfully for CASE-42');
    expect(posted()).toEqual([
      { claim_id: 42, reference_claim_id: 'CASE-42', procedure_code: 'P11', procedure_name: 'Myomectomy', expected_result: 'infoQuery' },
    ]);
  });
});
