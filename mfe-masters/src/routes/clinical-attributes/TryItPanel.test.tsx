import { setRuntimeConfig } from '@claims/shared-kernel';
import type { ClaimListRow, ClinicalAttributeTryResult } from '@claims/shared-kernel';
import { failure, type FakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MastersRoutes from '../index';
import { attributeApi, button, choose, haemoglobin, NEXT_LINE, type, wizard } from '../../testing/clinicalAttributes';
import { NOT_READY, STALE, TRY_TITLE } from './TryItPanel';

const found: ClinicalAttributeTryResult = {
  procedureCode: null,
  hospitalCode: 'F100',
  found: true,
  value: 9.5,
  unit: 'g/dL',
  source: 'right',
  matchedText: 'Hb : 9500 mg/dl',
  place: { document: 'Pasted text', page: 1, documentType: 'Lab Report' },
  documentOverride: null,
  reason: null,
  candidates: [
    {
      value: 9.5,
      unit: 'g/dL',
      source: 'right',
      matchedText: 'Hb : 9500 mg/dl',
      place: { document: 'Pasted text', page: 1, documentType: 'Lab Report' },
      counts: true,
      note: null,
    },
  ],
  notes: [],
};
const nothing: ClinicalAttributeTryResult = {
  ...found,
  found: false,
  value: null,
  unit: null,
  source: null,
  matchedText: null,
  place: null,
  documentOverride: { hospitals: [], procedures: [], override_value: ['Discharge Summary'], exclude_document_headers: ['Lab Report'] },
  reason: '1 value(s) were read, but none in a document that counts: Lab Report is excluded by the document override.',
  candidates: [{ ...found.candidates[0], counts: false, note: 'Lab Report is excluded by the document override' }],
  notes: ['The pattern overrides apply only to their hospitals (F100): choose a hospital to try them.'],
};
const claim = (id: number, ref: string): ClaimListRow => ({
  id,
  obj_id: `obj-${id}`,
  referenceClaimId: ref,
  caseType: 'SETTLEMENT',
  case_type: 'SETTLEMENT',
  patientName: 'Asha',
  procedureCodes: ['P1', 'P2'],
  hospitalCode: 'H007',
  status: 'ADJUDICATED',
  annotated: false,
  annotation_id: null,
  adjudicationResult: 'REJECTED',
  adjudicationReason: null,
  lastModifiedOn: '2024-03-05T10:00:00Z',
});

const panel = (scope: HTMLElement = document.body) => within(scope).getByRole('region', { name: TRY_TITLE });
const tryIt = (scope: HTMLElement) => button('Try it', scope);

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = attributeApi();
});
afterEach(() => signOut());

describe('try it before saving', () => {
  it('waits for a name and a value type, then reads pasted text for the chosen hospital and procedure with the draft', async () => {
    api.answer({ 'POST /clinicalAttribute/try': { results: [found] } });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/create');
    await screen.findByRole('heading', { name: 'Create Clinical Attribute' });
    expect(within(panel()).getByText(NOT_READY)).toBeInTheDocument();
    type('Page text', 'LAB REPORT\nHb : 9500 mg/dl', panel());
    expect(tryIt(panel())).toBeDisabled();

    type('Name', 'Haemoglobin');
    fireEvent.click(screen.getByRole('radio', { name: 'Number' }));
    fireEvent.click(button('Add Aliases'));
    type('Alias 1', 'Hb');
    await choose('Test unit', 'g/dL');
    await choose('Hospital', 'F100 · Fortis Mulund', panel());
    await choose('Procedure', 'P1 · Cataract Surgery', panel());
    expect(within(panel()).queryByText(NOT_READY)).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(tryIt(panel()));
    });

    await waitFor(() => expect(api.callsTo('POST /clinicalAttribute/try')).toHaveLength(1));
    expect(api.callsTo('POST /clinicalAttribute/try')[0].body).toEqual({
      attribute: {
        name: 'Haemoglobin',
        alias: ['Hb'],
        value_type: 'Number',
        tabular: false,
        distributed_attribute_value: false,
        fk_clinical_unit: [1],
        number_range: { lower_limit: null, upper_limit: null },
        text_possible_values: [],
        overrides: [],
        patternOverridesForValues: [],
      },
      text: 'LAB REPORT\nHb : 9500 mg/dl',
      hospitalCode: 'F100',
      procedureCode: 'P1',
    });
    const result = await within(panel()).findByRole('region', { name: 'Result' });
    expect(within(result).getByText('Value found: 9.5 g/dL')).toBeInTheDocument();
    expect(within(result).getByText('In Pasted text, page 1 (Lab Report)')).toBeInTheDocument();
    expect(within(result).getByText('Read from beside the name')).toBeInTheDocument();
    expect(within(result).getByTestId('matched-text')).toHaveTextContent('Hb : 9500 mg/dl');
    expect(api.callsTo('POST /clinicalAttribute')).toHaveLength(0);

    type('Name', 'Haemoglobin A');
    expect(within(panel()).getByText(STALE)).toBeInTheDocument();
  });

  it('says why nothing was found, with the values left out and the notes', async () => {
    api.answer({ 'POST /clinicalAttribute/try': { results: [nothing] } });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    await screen.findByRole('heading', { name: 'Edit Clinical Attribute' });
    type('Page text', 'LAB REPORT\nHb 9.1 g/dl', panel());
    await act(async () => {
      fireEvent.click(tryIt(panel()));
    });
    const result = await within(panel()).findByRole('region', { name: 'Result' });
    expect(within(result).getByText('Nothing found')).toBeInTheDocument();
    expect(within(result).getByText(nothing.reason!)).toBeInTheDocument();
    expect(within(result).getByText(nothing.notes[0])).toBeInTheDocument();
    expect(within(result).getByText('Document override applied: Discharge Summary; excluded: Lab Report')).toBeInTheDocument();
    const left = within(within(result).getByRole('table', { name: 'Values read' })).getAllByRole('row')[1];
    expect(left).toHaveTextContent(/9\.5 g\/dL.*Pasted text, page 1 \(Lab Report\).*Left out.*excluded by the document override/);
    expect(api.callsTo('POST /clinicalAttribute/try')[0].body).toMatchObject({
      attribute: {
        name: 'Haemoglobin',
        overrides: haemoglobin.overrides,
        patternOverridesForValues: haemoglobin.patternOverridesForValues,
      },
      hospitalCode: null,
      procedureCode: null,
    });
  });

  it('reads a verified claim picked by its case number, per procedure', async () => {
    api.answer({
      'POST /claims/search': [claim(41, 'CASE-41'), claim(42, 'CASE-42')],
      'POST /clinicalAttribute/try': {
        results: [
          { ...found, procedureCode: 'P1' },
          { ...nothing, procedureCode: 'P2' },
        ],
      },
    });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    await screen.findByRole('heading', { name: 'Edit Clinical Attribute' });
    fireEvent.click(within(panel()).getByText('Verified claim'));
    await choose('Claim', '#42 · CASE-42 · Asha · H007', panel(), 'CASE-42');
    await waitFor(() => expect(api.callsTo('POST /claims/search').at(-1)?.body).toEqual({ status: ['ADJUDICATED'], query: 'CASE-42' }));
    expect(api.callsTo('POST /claims/search').at(-1)?.url).toBe('/claims/search?limit=20&page_number=1');
    await act(async () => {
      fireEvent.click(tryIt(panel()));
    });
    expect(await within(panel()).findByRole('region', { name: 'Procedure P1' })).toHaveTextContent('Value found: 9.5 g/dL');
    expect(within(panel()).getByRole('region', { name: 'Procedure P2' })).toHaveTextContent('Nothing found');
    expect(api.callsTo('POST /clinicalAttribute/try')[0].body).toEqual({
      attribute: expect.objectContaining({ name: 'Haemoglobin' }),
      claimId: 42,
    });
  });

  it("shows the server's refusal", async () => {
    api.answer({ 'POST /clinicalAttribute/try': failure(400, "hospitalCode: unknown hospital code 'X'") });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    await screen.findByRole('heading', { name: 'Edit Clinical Attribute' });
    type('Page text', 'Hb 9', panel());
    await act(async () => {
      fireEvent.click(tryIt(panel()));
    });
    expect(await within(panel()).findByText("Unknown hospital code 'X'")).toBeInTheDocument();
  });

  it('tries the pattern being built in the wizard, for its hospital, beside the pattern', async () => {
    api.answer({ 'POST /clinicalAttribute/try': { results: [{ ...found, source: 'pattern' }] } });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    await screen.findByRole('heading', { name: 'Edit Clinical Attribute' });
    fireEvent.click(button('Add Pattern override'));
    const dialog = await wizard('Add Pattern override');
    await choose('Choose hospitals', 'H007 · Apollo Chennai', dialog);
    fireEvent.click(button('Next', dialog));
    type('Page text', 'Haemoglobin\n11.2 g/dL', panel(dialog));
    await act(async () => {
      fireEvent.click(tryIt(panel(dialog)));
    });
    expect(await within(panel(dialog)).findByText('Read from a pattern override')).toBeInTheDocument();
    expect(api.callsTo('POST /clinicalAttribute/try')[0].body).toMatchObject({
      hospitalCode: 'H007',
      attribute: {
        patternOverridesForValues: [
          { hospitals: ['F100'], overrides: [NEXT_LINE] },
          { hospitals: ['H007'], overrides: [[{ type: 'attributeName' }, { type: 'valueExpression', pattern: ['NUMBER'] }]] },
        ],
      },
    });
  });
});
