import '../../testing/probeClaimPagePieces';
import type { Claim, ClaimListRow, ClaimQuestions, ProcedureQuestion } from '@claims/shared-kernel';
import { type FakeApi, type FakeRoutes, failure, fakeApi, signInAs, signOut, testQueryClient } from '@claims/shared-kernel/testing';
import { SuiteProviders } from '@claims/shared-kernel/standalone';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import ClaimsRoutes from '../index';
import type { ClaimListState } from './listState';
import { absent, and, anyOf, CLAIM_ID, claimOf, compare, evidence, found, LAB, procedure, SUMMARY } from '../../testing/claimBuilder';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The claim page as the shell mounts it, opened at `url` (with the list's router state when given). */
function renderClaim(url = `/claims/${CLAIM_ID}?org=vitraya`, state?: ClaimListState) {
  const [pathname, search = ''] = url.split('?');
  return render(
    <SuiteProviders queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
        <Routes>
          <Route path="claims" element={<LocationProbe />} />
          <Route path="*" element={<ClaimsRoutes />} />
        </Routes>
      </MemoryRouter>
    </SuiteProviders>,
  );
}

/** The decision panels' answer where a test is not about them: no procedure decided (each panel shows nothing). */
const NO_DECISIONS = { claimId: CLAIM_ID, decision: null, complete: false, procedures: [] };

let api: FakeApi;
const answer = (claim: Claim, more: FakeRoutes = {}) => {
  api = fakeApi({ 'GET /claims/:claimId': claim, 'GET /claims/:claimId/decisions': NO_DECISIONS, ...more });
};

const caseNumber = () => screen.findByText('CASE-2026-0042');
const procedurePanel = (code: string) => screen.getByRole('region', { name: `Procedure ${code}` });
const groupHeaders = (code: string) =>
  Array.from(procedurePanel(code).querySelectorAll('[data-tone]'))
    .filter((el) => el.closest('.ant-collapse-header'))
    .map((el) => el.textContent);
const openGroup = (code: string, label: string) =>
  fireEvent.click(within(procedurePanel(code)).getByText(label, { selector: '.ant-collapse-header [data-tone]' }));
const groupTone = (code: string, label: string) =>
  within(procedurePanel(code)).getByText(label, { selector: '.ant-collapse-header [data-tone]' }).getAttribute('data-tone');
const viewerTarget = () => JSON.parse(screen.getByTestId('viewer-target').textContent || 'null');
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
const press = (key: string, code: string, shiftKey = false) => {
  act(() => {
    fireEvent.keyDown(document, { key, code, shiftKey });
    fireEvent.keyUp(document, { key, code, shiftKey });
  });
};
const BOX = { x: 106, y: 68, width: 90, height: 10, pageWidth: 595, pageHeight: 842 };

/** A rejected cataract claim: a diagnosis missing, haemoglobin too low, fraud markers in the documents. */
function rejectedClaim(overrides: Partial<Claim> = {}): Claim {
  const hbAt = evidence(LAB, 1, { x: 40, y: 300, width: 60, height: 12 });
  const reason =
    'Diagnosis not found: any 1 of Senile cataract, Cataract; Haemoglobin is 9.1 g/dL, expected at least 10; Fraud markers found: overwritten, suspicious fraud case';
  return claimOf({
    adjudicationResult: 'REJECTED',
    adjudicationReason: reason,
    adjudicationDetails: {
      OPH001: procedure('REJECTED', {
        adjudicationReason: reason,
        diagnosisRule: and(anyOf('diagnoses', ['Senile cataract', 'Cataract'], [])),
        clinicalTermsRule: and(
          compare(
            'VALUE_GREATER_THAN_EQUAL_TO',
            'Haemoglobin',
            { value: 10 },
            { ok: false, valueFound: 9.1, unitFound: 'g/dL', evidence: [hbAt] },
          ),
        ),
        diagnoses: [absent('Senile cataract'), absent('Cataract')],
        evidence: [],
        clinicalAttribute: [found('Haemoglobin', hbAt, { valueFound: 9.1, unitFound: 'g/dL' })],
        drug: [found('Moxifloxacin', null, { referenceToDocument: 'Confirmed finding' })],
        tissue: [{ ...found('Lens', null), documentUrl: SUMMARY.original_document_url, referenceToDocument: SUMMARY.file_name }],
      }),
    },
    ...overrides,
  });
}

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user');
});

describe('the verification display', () => {
  it('shows an accepted claim: case number, PASS in green, when and against which rule, and only the groups that found something', async () => {
    answer(claimOf());
    renderClaim();
    expect(await caseNumber()).toBeInTheDocument();
    const result = screen.getByRole('group', { name: 'Claim result' });
    expect(within(result).getByText('PASS')).toHaveStyle({ backgroundColor: '#389e0d' });
    // 20:00 UTC on 14 March is 01:30 on 15 March in Kolkata.
    expect(screen.getByTestId('verified')).toHaveTextContent('verified 2026-03-15 01:30 against rule version 3');
    expect(api.callsTo('GET /claims/:claimId')[0].url).toBe('/claims/42?org=vitraya');
    // The provider sees the code and the name, shortened past 17 characters (whole on hover).
    expect(within(procedurePanel('OPH001')).getByText('OPH001 - Cataract surger...')).toBeInTheDocument();
    expect(groupHeaders('OPH001')).toEqual(['Procedures', 'Diagnoses', 'Documents']);
    expect(groupTone('OPH001', 'Diagnoses')).toBe('green');
    expect(screen.queryByRole('region', { name: 'Why not accepted' })).not.toBeInTheDocument();
    openGroup('OPH001', 'Diagnoses');
    expect(await screen.findByText('Senile cataract (H25.9)')).toBeInTheDocument();
    expect(screen.queryByText('Absent')).not.toBeInTheDocument();
  });

  it('shows a rejected claim: FAIL in dark red, fraud text bold red, suspicious fraud case orange, and why it was not accepted', async () => {
    answer(rejectedClaim());
    renderClaim();
    await caseNumber();
    const result = screen.getByRole('group', { name: 'Claim result' });
    expect(within(result).getByText('FAIL')).toHaveStyle({ backgroundColor: '#a8071a' });
    expect(within(result).getByText('Fraud markers found: overwritten,', { exact: false })).toHaveStyle({
      color: '#cf1322',
      fontWeight: '700',
    });
    expect(within(result).getByText('suspicious fraud case')).toHaveStyle({ color: '#d46b08' });
    expect(within(result).getByText(/Diagnosis not found: any 1 of Senile cataract, Cataract;/)).toHaveAttribute('data-tone', 'plain');

    const why = within(procedurePanel('OPH001')).getByRole('region', { name: 'Why not accepted' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'None of these diagnoses found: Senile cataract, Cataract',
      'Haemoglobin found 9.1 g/dL on page 1 of lab_report.png; the rule needs at least 10 g/dLShow',
    ]);
    fireEvent.click(within(why).getByRole('button', { name: /Show evidence: Haemoglobin found 9.1/ }));
    expect(viewerTarget()).toEqual({ documentId: LAB.id, pageNumber: 1, box: { ...BOX, x: 40, y: 300, width: 60, height: 12 } });
  });

  it('lists found and absent items per group, green when found and red otherwise, with the empty texts of the spec', async () => {
    answer(rejectedClaim());
    renderClaim();
    await caseNumber();
    expect(groupHeaders('OPH001')).toEqual([
      'Procedures',
      'Diagnoses',
      'Evidence',
      'Clinical Attributes',
      'Documents',
      'Tissues',
      'Drugs',
      'Pre Existing Diseases',
    ]);
    expect(groupTone('OPH001', 'Procedures')).toBe('green');
    expect(groupTone('OPH001', 'Diagnoses')).toBe('red');
    expect(groupTone('OPH001', 'Evidence')).toBe('red');
    expect(within(procedurePanel('OPH001')).getByText('0 found, 2 absent')).toBeInTheDocument();

    openGroup('OPH001', 'Diagnoses');
    expect(await screen.findByText('Diagnosis not found')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Diagnoses absent' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Senile cataract', 'Cataract']);
    openGroup('OPH001', 'Evidence');
    expect(await screen.findByText('woops! no evidence for this protocol')).toBeInTheDocument();
    openGroup('OPH001', 'Pre Existing Diseases');
    expect(await screen.findByText('Pre Existing Disease not found')).toBeInTheDocument();
    // Clinical attributes show the value and unit found, with the page and document.
    openGroup('OPH001', 'Clinical Attributes');
    expect(await screen.findByText('Haemoglobin: 9.1 g/dL')).toBeInTheDocument();
    expect(screen.getByText('page 1 of lab_report.png')).toBeInTheDocument();
    // Every found item has its error flag beside it.
    expect(screen.getAllByTestId('error-flag').map((flag) => flag.textContent)).toEqual(['OPH001/clinicalAttribute/0 Haemoglobin']);
  });

  it('shows where the documents say an absent item is absent, and opens that place in the viewer', async () => {
    const negated = {
      ...absent('Cholelithiasis'),
      negatedAt: {
        text: 'No evidence of cholelithiasis',
        mention: 'cholelithiasis',
        documentUrl: SUMMARY.original_document_url,
        referenceToDocument: SUMMARY.file_name,
        position: { x: 60, y: 200, width: 180, height: 12, pageNumber: 3, pageWidth: 595, pageHeight: 842 },
      },
    };
    answer(rejectedClaim({ adjudicationDetails: { OPH001: procedure('REJECTED', { diagnoses: [negated, absent('Cataract')] }) } }));
    renderClaim();
    await caseNumber();
    openGroup('OPH001', 'Diagnoses');
    const list = await screen.findByRole('list', { name: 'Diagnoses absent' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cholelithiasis“No evidence of cholelithiasis”page 3 of discharge_summary.pdf', 'Cataract']);
    fireEvent.click(within(list).getByText('“No evidence of cholelithiasis”'));
    expect(viewerTarget()).toMatchObject({ documentId: SUMMARY.id, pageNumber: 3, box: { x: 60, y: 200, width: 180, height: 12 } });
  });

  it("says 'woops! no procedure for this protocol' and 'Procedure not found' where they apply", async () => {
    answer(
      claimOf({
        adjudicationResult: 'QUERY',
        adjudicationDetails: {
          OPH001: procedure('QUERY', { procedures: [absent('Phacoemulsification')], diagnoses: [], clinicalAttribute: [] }),
        },
      }),
    );
    renderClaim();
    await caseNumber();
    openGroup('OPH001', 'Procedures');
    expect(await screen.findByText('Procedure not found')).toBeInTheDocument();
    openGroup('OPH001', 'Diagnoses');
    expect(await screen.findByText('woops! no diagnosis for this protocol')).toBeInTheDocument();
    openGroup('OPH001', 'Clinical Attributes');
    expect(await screen.findByText('woops! no clinical attribute for this protocol')).toBeInTheDocument();
  });

  it("adds 'Required documents not found.' to a QUERY without a reason, and names the missing document", async () => {
    answer(
      claimOf({
        adjudicationResult: 'QUERY',
        adjudicationDetails: {
          OPH001: procedure('QUERY', {
            documentRule: and(anyOf('document', ['Discharge Summary'], [])),
            document: [absent('Discharge Summary')],
          }),
        },
      }),
    );
    renderClaim();
    await caseNumber();
    const result = screen.getByRole('group', { name: 'Claim result' });
    expect(within(result).getByText('FAIL')).toBeInTheDocument();
    expect(within(result).getByText('Required documents not found.')).toBeInTheDocument();
    expect(within(procedurePanel('OPH001')).getByText('Discharge Summary not found in any document')).toBeInTheDocument();
  });

  it('shows a suspended claim plainly with its reason, and says why nothing was verified', async () => {
    const reason = 'No document could be read: scan.pdf (empty file)';
    answer(
      claimOf({
        adjudicationResult: 'SUSPENDED',
        adjudicationReason: reason,
        adjudicationDetails: {
          OPH001: procedure('SUSPENDED', { adjudicationReason: reason, procedures: [], diagnoses: [], document: [] }),
        },
      }),
    );
    renderClaim();
    await caseNumber();
    const result = screen.getByRole('group', { name: 'Claim result' });
    expect(within(result).getByText('SUSPENDED')).not.toHaveStyle({ backgroundColor: '#a8071a' });
    expect(within(result).getByText(reason)).toBeInTheDocument();
    expect(within(procedurePanel('OPH001')).getByText(/^The documents could not be read, so nothing was verified/)).toBeInTheDocument();
    expect(screen.queryByTestId('technical-detail')).not.toBeInTheDocument();
  });

  it("keeps the reader's own words under Details, the reason saying it plainly", async () => {
    answer(
      claimOf({
        adjudicationResult: 'SUSPENDED',
        adjudicationReason: 'scan.pdf could not be read: it is not a PDF, PNG or JPEG file.',
        error_code: '415',
        error_message: 'Unreadable documents: scan.pdf (not a PDF, PNG or JPEG file (declared as application/pdf))',
        adjudicationDetails: { OPH001: procedure('SUSPENDED', { procedures: [], diagnoses: [], document: [] }) },
      }),
    );
    renderClaim();
    await caseNumber();
    const detail = screen.getByTestId('technical-detail');
    expect(within(detail).getByText('Details')).toBeInTheDocument();
    expect(detail).toHaveTextContent('415: Unreadable documents: scan.pdf (not a PDF, PNG or JPEG file (declared as application/pdf))');
  });

  it('says plainly that a procedure has no protocol', async () => {
    answer(
      claimOf({
        adjudicationResult: 'QUERY',
        adjudicationReason: 'Protocol not configured for Cataract surgery with IOL implantation (PRE_AUTH)',
        adjudicationDetails: {
          OPH001: procedure('QUERY', {
            ruleId: null,
            ruleVersion: null,
            adjudicationReason: 'Protocol not configured for Cataract surgery with IOL implantation (PRE_AUTH)',
            procedureRule: null,
            diagnosisRule: null,
            documentRule: null,
          }),
        },
      }),
    );
    renderClaim();
    await caseNumber();
    expect(screen.getByTestId('verified')).toHaveTextContent(/^verified 2026-03-15 01:30$/);
    expect(within(procedurePanel('OPH001')).getByText(/^No protocol is configured for this procedure and case type/)).toBeInTheDocument();
  });

  it('gives each procedure its panel and result, and the rule version per panel when they differ', async () => {
    answer(
      claimOf({
        adjudicationResult: 'REJECTED',
        procedureCodes: ['OPH001', 'GYN010'],
        adjudicationDetails: {
          OPH001: procedure('ACCEPTED'),
          GYN010: procedure('REJECTED', {
            ruleVersion: 5,
            primary: false,
            adjudicationReason: 'Procedure not found: any 1 of Hysterectomy',
            procedureRule: and(anyOf('procedures', ['Hysterectomy'], [])),
          }),
        },
      }),
    );
    renderClaim();
    await caseNumber();
    expect(within(procedurePanel('OPH001')).getByText('PASS')).toBeInTheDocument();
    expect(within(procedurePanel('GYN010')).getByText('FAIL')).toBeInTheDocument();
    expect(within(procedurePanel('GYN010')).getByText('GYN010 - Hysterectomy')).toBeInTheDocument();
    expect(screen.getByTestId('verified')).toHaveTextContent(/^verified 2026-03-15 01:30$/);
    expect(within(procedurePanel('OPH001')).getByText('verified against rule version 3')).toBeInTheDocument();
    expect(within(procedurePanel('GYN010')).getByText('verified against rule version 5')).toBeInTheDocument();
    // Only the procedure's own reason is said in its panel, when the claim's differs.
    expect(within(procedurePanel('GYN010')).getByText('Procedure not found: any 1 of Hysterectomy')).toBeInTheDocument();
    expect(within(procedurePanel('GYN010')).getByText('Hysterectomy not found in any document')).toBeInTheDocument();
    expect(within(procedurePanel('OPH001')).queryByRole('region', { name: 'Why not accepted' })).not.toBeInTheDocument();
  });

  it('shows insurer users the name with the case type, and no Run Verification', async () => {
    signInAs('starhealth', 'user');
    answer(claimOf({ organization: 'starhealth', caseType: 'SETTLEMENT', case_type: 'SETTLEMENT' }));
    renderClaim(`/claims/${CLAIM_ID}`);
    await caseNumber();
    expect(within(procedurePanel('OPH001')).getByText('Cataract surger... (Settlement)')).toBeInTheDocument();
    expect(screen.queryByText('Run Verification')).not.toBeInTheDocument();
    expect(api.callsTo('GET /claims/:claimId')[0].url).toBe('/claims/42');
  });

  it('places the annotation actions and Confirm Findings in the header', async () => {
    answer(claimOf());
    renderClaim();
    await caseNumber();
    expect(screen.getByTestId('annotation-actions')).toHaveTextContent('42 no position');
    expect(screen.getByTestId('confirm-findings')).toHaveTextContent('42');
  });
});

describe('evidence in the viewer', () => {
  it("opens a found item's document at its page with its box, and marks the pages with evidence", async () => {
    answer(rejectedClaim());
    renderClaim();
    await caseNumber();
    expect(screen.getByTestId('viewer-target')).toHaveTextContent('none');
    expect(JSON.parse(screen.getByTestId('viewer-pages').textContent!)).toEqual({ [SUMMARY.id]: [1, 2], [LAB.id]: [1] });
    openGroup('OPH001', 'Clinical Attributes');
    fireEvent.click(await screen.findByText('Haemoglobin: 9.1 g/dL'));
    expect(viewerTarget()).toEqual({ documentId: LAB.id, pageNumber: 1, box: { ...BOX, x: 40, y: 300, width: 60, height: 12 } });
  });

  it('opens page 1 of the document of an item without a position, and explains an item without a document', async () => {
    answer(rejectedClaim());
    renderClaim();
    await caseNumber();
    openGroup('OPH001', 'Tissues');
    fireEvent.click(await screen.findByText('Lens'));
    expect(viewerTarget()).toEqual({ documentId: SUMMARY.id, pageNumber: 1 });
    openGroup('OPH001', 'Drugs');
    const drug = (await screen.findByText('Moxifloxacin')).closest('button')!;
    expect(drug).toBeDisabled();
    fireEvent.mouseEnter(drug.parentElement!);
    expect(await screen.findByText('Found without a document to show (Confirmed finding)')).toBeInTheDocument();
  });

  it("shows the four rule trees with each leaf's result and value, the leaves linked to their evidence", async () => {
    answer(rejectedClaim());
    renderClaim();
    await caseNumber();
    fireEvent.click(within(procedurePanel('OPH001')).getByText('Rules behind the result'));
    const panel = procedurePanel('OPH001');
    for (const title of ['Procedure Rule', 'Diagnosis Rule', 'Document Rule', 'Clinical Terms Rule'])
      expect(await within(panel).findByText(title)).toBeInTheDocument();
    expect(within(panel).getByText('Found: 9.1 g/dL')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Show evidence: discharge_summary.pdf, page 1' }));
    expect(viewerTarget()).toEqual({ documentId: SUMMARY.id, pageNumber: 1, box: BOX });
    const before = Number(screen.getByTestId('viewer-request').textContent);
    fireEvent.click(within(panel).getByRole('button', { name: 'Show evidence: lab_report.png, page 1' }));
    expect(viewerTarget()).toMatchObject({ documentId: LAB.id, pageNumber: 1 });
    expect(Number(screen.getByTestId('viewer-request').textContent)).toBeGreaterThan(before);
  });
});

describe('Run Verification', () => {
  const queued = (claim: Claim): Claim => ({
    ...claim,
    status: 'OCRED',
    rerunStatus: 'INPROGRESS',
    progress: { stage: 'queued', documentsRead: 0, documentsTotal: 2 },
  });

  it('sends the form, shows the stages while it runs, and updates by itself when the result arrives', async () => {
    const before = rejectedClaim();
    const after = claimOf({
      previousVerification: {
        adjudicationResult: 'REJECTED',
        lastVerifiedOn: before.lastVerifiedOn,
        adjudicationDetails: before.adjudicationDetails,
      },
    });
    const reading = { ...queued(before), progress: { stage: 'reading' as const, documentsRead: 1, documentsTotal: 2 } };
    const polls = [reading, after];
    answer(before, { 'PUT /claims/:claimId': queued(before) });
    renderClaim();
    await caseNumber();
    api.answer({ 'GET /claims/:claimId': () => polls.shift() ?? after });
    fireEvent.click(button('Run Verification'));

    expect(await screen.findByText('Queued for verification')).toBeInTheDocument();
    const [put] = api.callsTo('PUT /claims/:claimId');
    expect(put.url).toBe('/claims/42?org=vitraya');
    expect(put.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(put.body).toEqual({ status: 'OCRED', rerunFlag: 'true', adjudicate: 'true' });
    expect(button('Run Verification')).toBeDisabled();

    expect(await screen.findByText('Reading documents 1 of 2')).toBeInTheDocument();
    expect(await within(screen.getByRole('group', { name: 'Claim result' })).findByText('PASS')).toBeInTheDocument();
    expect(screen.queryByText('Verification in progress')).not.toBeInTheDocument();
    expect(button('Run Verification')).toBeEnabled();
    const pollsMade = api.callsTo('GET /claims/:claimId').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(api.callsTo('GET /claims/:claimId')).toHaveLength(pollsMade);

    // What changed since the previous result.
    const changes = screen.getByRole('region', { name: /What changed/ });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Claim result: Rejected → Accepted',
      'OPH001 - Cataract surger...: Rejected → Accepted',
      'OPH001 - Cataract surger..., Diagnoses: found Senile cataract',
      'OPH001 - Cataract surger..., Clinical Attributes: lost Haemoglobin',
      'OPH001 - Cataract surger..., Tissues: lost Lens',
      'OPH001 - Cataract surger..., Drugs: lost Moxifloxacin',
    ]);
  });

  it("shows the server's words when a verification already runs (409)", async () => {
    answer(claimOf(), { 'PUT /claims/:claimId': failure(409, 'Verification of claim 42 is already in progress') });
    renderClaim();
    await caseNumber();
    fireEvent.click(button('Run Verification'));
    expect(await screen.findByText('Verification of claim 42 is already in progress')).toBeInTheDocument();
  });

  it("says 'Rerun Failed for claim : {id}' on any other failure", async () => {
    answer(claimOf(), { 'PUT /claims/:claimId': failure(500, 'database unavailable') });
    renderClaim();
    await caseNumber();
    fireEvent.click(button('Run Verification'));
    expect(await screen.findByText('Rerun Failed for claim : 42')).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('is disabled while the claim is being verified, and the page follows it', async () => {
    const running = { ...claimOf(), rerunStatus: 'INPROGRESS' as const, progress: null };
    answer(running);
    renderClaim();
    await caseNumber();
    expect(button('Run Verification')).toBeDisabled();
    expect(screen.getByText('Verification in progress')).toBeInTheDocument();
    api.answer({ 'GET /claims/:claimId': { ...running, progress: { stage: 'verifying', documentsRead: 2, documentsTotal: 2 } } });
    expect(await screen.findByText('Verifying against the rules')).toBeInTheDocument();
  });

  it('can be stopped by a super user, after a confirmation, and the page shows what the claim became', async () => {
    signInAs('vitraya', 'super_user');
    const running = {
      ...claimOf(),
      rerunStatus: 'INPROGRESS' as const,
      progress: { stage: 'reading' as const, documentsRead: 0, documentsTotal: 2 },
    };
    answer(running, { 'POST /claims/:claimId/verification/cancel': { Message: 'Verification cancelled by vitraya.admin' } });
    renderClaim();
    await caseNumber();
    fireEvent.click(button('Stop verification'));
    expect((await screen.findAllByText('Stop this verification?')).length).toBeGreaterThan(0);
    api.answer({ 'GET /claims/:claimId': { ...claimOf(), error_message: 'Verification cancelled by vitraya.admin' } });
    fireEvent.click(screen.getAllByText('Stop verification', { selector: 'button span' }).at(-1)!);
    await waitFor(() => expect(document.querySelector('.ant-message')).toHaveTextContent('Verification cancelled by vitraya.admin'));
    expect(api.callsTo('POST /claims/:claimId/verification/cancel')[0].url).toBe(`/claims/${CLAIM_ID}/verification/cancel?org=vitraya`);
    await waitFor(() => expect(screen.queryByText('Verification in progress')).not.toBeInTheDocument());
  });

  it('says which batch action stopped a queued verification, and offers Run Verification again', async () => {
    const why = "Verification stopped: batch 'May run' was suspended by vitraya.admin";
    answer({ ...claimOf(), rerunStatus: null, progress: null, error_code: 'VERIFICATION_STOPPED', error_message: why });
    renderClaim();
    await caseNumber();
    const result = screen.getByRole('group', { name: 'Claim result' });
    expect(within(result).getByRole('alert')).toHaveTextContent(why);
    expect(screen.queryByTestId('technical-detail')).not.toBeInTheDocument();
    expect(button('Run Verification')).toBeEnabled();
  });

  it('cannot be stopped by those who are not super users', async () => {
    answer({ ...claimOf(), rerunStatus: 'INPROGRESS' as const, progress: { stage: 'queued', documentsRead: 0, documentsTotal: 2 } });
    renderClaim();
    await caseNumber();
    expect(screen.getByText('Verification in progress')).toBeInTheDocument();
    expect(screen.queryByText('Stop verification')).not.toBeInTheDocument();
  });

  it('is offered to the demo organisation and super users, not to insurer users', async () => {
    signInAs('vitraya-demo', 'user');
    answer(claimOf());
    const demo = renderClaim();
    await caseNumber();
    expect(button('Run Verification')).toBeEnabled();
    demo.unmount();
    signInAs('bajaj', 'super_user');
    renderClaim();
    await caseNumber();
    expect(button('Run Verification')).toBeEnabled();
  });
});

describe('keyboard', () => {
  /** Two procedures with found items on several pages: the order the keys step through. */
  const stepped = () =>
    claimOf({
      adjudicationResult: 'REJECTED',
      procedureCodes: ['OPH001', 'GYN010'],
      adjudicationDetails: {
        OPH001: procedure('ACCEPTED', { diagnoses: [found('Senile cataract', evidence(SUMMARY, 2)), found('Myopia', null)] }),
        GYN010: procedure('REJECTED', { procedures: [found('Hysterectomy', evidence(LAB, 1))], diagnoses: [], document: [] }),
      },
    });

  it('steps through the evidence with j and k, the viewer following and the item highlighted', async () => {
    answer(stepped());
    renderClaim();
    await caseNumber();
    press('j', 'KeyJ');
    expect(viewerTarget()).toEqual({ documentId: SUMMARY.id, pageNumber: 2, box: BOX });
    expect(await screen.findByText('Phacoemulsification', { selector: '[aria-current="true"] button span' })).toBeInTheDocument();
    press('j', 'KeyJ');
    expect(await screen.findByText('Senile cataract', { selector: '[aria-current="true"] button span' })).toBeInTheDocument();
    press('j', 'KeyJ');
    press('j', 'KeyJ');
    expect(await screen.findByText('Hysterectomy', { selector: '[aria-current="true"] button span' })).toBeInTheDocument();
    expect(viewerTarget()).toEqual({ documentId: LAB.id, pageNumber: 1, box: BOX });
    // The last stays the last; k goes back.
    press('j', 'KeyJ');
    expect(viewerTarget()).toMatchObject({ documentId: LAB.id });
    press('k', 'KeyK');
    expect(viewerTarget()).toEqual({ documentId: SUMMARY.id, pageNumber: 1, box: { ...BOX, x: 0, y: 0, width: 595, height: 842 } });
    expect(await screen.findByText('Discharge Summary', { selector: '[aria-current="true"] button span' })).toBeInTheDocument();
  });

  it('lists every shortcut on ?, and says which keys do nothing here', async () => {
    answer(claimOf({ adjudicationDetails: { OPH001: procedure('ACCEPTED', { procedures: [], diagnoses: [], document: [] }) } }));
    renderClaim();
    await caseNumber();
    press('?', 'Slash', true);
    const dialog = (await screen.findByText('Keyboard shortcuts', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(
      within(dialog)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'jNext evidence item',
      'kPrevious evidence item',
      'nNext page of the document',
      'pPrevious page of the document',
      '/Search the documents',
      'Shift+NNext claim of the list',
      'Shift+PPrevious claim of the list',
      'bBack to the list',
      '?Show these shortcuts',
    ]);
    expect(within(dialog).getByText(/not opened from the claims list/)).toBeInTheDocument();
    expect(within(dialog).getByText(/No found item of this claim has a place in its documents/)).toBeInTheDocument();
  });

  it('opens the next and previous claim of the list it came from, and goes back to that list with b', async () => {
    const list: ClaimListState = {
      claims: [41, 42, 43].map((id) => ({ id, url: `/claims/${id}?org=vitraya&showAnnotation=false&caseType=PRE_AUTH` })),
      listUrl: '/claims?org=vitraya',
    };
    api = fakeApi({
      'GET /claims/:claimId': ({ params }) => claimOf({ id: Number(params.claimId), referenceClaimId: `CASE-${params.claimId}` }),
      'GET /claims/:claimId/decisions': NO_DECISIONS,
    });
    renderClaim(list.claims[1].url, list);
    expect(await screen.findByText('CASE-42')).toBeInTheDocument();
    press('N', 'KeyN', true);
    expect(await screen.findByText('CASE-43')).toBeInTheDocument();
    press('N', 'KeyN', true);
    expect(await screen.findByText('This is the last claim of the list.')).toBeInTheDocument();
    press('P', 'KeyP', true);
    press('P', 'KeyP', true);
    expect(await screen.findByText('CASE-41')).toBeInTheDocument();
    expect(api.callsTo('GET /claims/:claimId').map((c) => c.params.claimId)).toEqual(['42', '43', '42', '41']);
    press('b', 'KeyB');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/claims\?org=vitraya$/);
  });

  it('reads the next and previous page of the list at the edges of the page it came from', async () => {
    const rowOf = (id: number, total: number): ClaimListRow => ({
      ...claimOf({ id, referenceClaimId: `CASE-${id}` }),
      total_count: total,
    });
    const opening = { org: 'vitraya', batch: null, showAnnotation: false };
    const list: ClaimListState = {
      claims: [41, 42].map((id) => ({ id, url: `/claims/${id}?org=vitraya&showAnnotation=false&caseType=PRE_AUTH` })),
      listUrl: '/claims?org=vitraya',
      pages: { source: { kind: 'list', org: 'vitraya' }, page: 1, pageSize: 2, total: 3, opening },
    };
    api = fakeApi({
      'GET /claims/:claimId': ({ params }) => claimOf({ id: Number(params.claimId), referenceClaimId: `CASE-${params.claimId}` }),
      'GET /claims/:claimId/decisions': NO_DECISIONS,
      'GET /claims': ({ query }) => (query.get('page_number') === '2' ? [rowOf(43, 3)] : [rowOf(41, 3), rowOf(42, 3)]),
    });
    renderClaim(list.claims[1].url, list);
    expect(await screen.findByText('CASE-42')).toBeInTheDocument();
    press('N', 'KeyN', true);
    expect(await screen.findByText('CASE-43')).toBeInTheDocument();
    expect(api.callsTo('GET /claims').map((c) => c.url)).toEqual(['/claims?limit=2&page_number=2&org=vitraya']);
    // Past the last page there is nothing more to read.
    press('N', 'KeyN', true);
    expect(await screen.findByText('This is the last claim of the list.')).toBeInTheDocument();
    press('P', 'KeyP', true);
    expect(await screen.findByText('CASE-42')).toBeInTheDocument();
    expect(api.callsTo('GET /claims').map((c) => c.query.get('page_number'))).toEqual(['2', '1']);
  });

  it('does nothing on the claim keys without the list', async () => {
    answer(claimOf());
    renderClaim();
    await caseNumber();
    press('N', 'KeyN', true);
    press('P', 'KeyP', true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET /claims/:claimId')).toHaveLength(1);
    expect(screen.getByText('CASE-2026-0042')).toBeInTheDocument();
  });

  it("leaves the shortcuts alone while a decision's note is typed, and keeps them outside it", async () => {
    const list: ClaimListState = { claims: [{ id: CLAIM_ID, url: `/claims/${CLAIM_ID}?org=vitraya` }], listUrl: '/claims?org=vitraya' };
    const undecided = { procedureCode: 'OPH001', procedureName: null, verdict: 'ACCEPTED' as const, current: null, history: [] };
    answer(claimOf(), {
      'GET /claims/:claimId/decisions': { ...NO_DECISIONS, procedures: [undecided] },
      'GET /decisionReasons': { results: [] },
    });
    renderClaim(list.claims[0].url, list);
    const decision = await screen.findByRole('region', { name: 'Decision on OPH001' });
    fireEvent.click(await within(decision).findByRole('button', { name: 'Query' }));
    const note = within(decision).getByRole('textbox', { name: 'Note' });
    act(() => {
      fireEvent.keyDown(note, { key: 'b', code: 'KeyB' });
      fireEvent.keyUp(note, { key: 'b', code: 'KeyB' });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    press('b', 'KeyB');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/claims\?org=vitraya$/);
  });
});

describe('Back', () => {
  it('goes to the claims list of the organisation', async () => {
    answer(claimOf());
    renderClaim(`/claims/${CLAIM_ID}?org=bajaj&showAnnotation=false&caseType=PRE_AUTH`);
    await caseNumber();
    fireEvent.click(button('Back'));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/claims\?org=bajaj$/);
  });

  it('goes back to the batch list the claim was opened from', async () => {
    answer(claimOf());
    renderClaim(`/claims/${CLAIM_ID}?org=vitraya&batchId=7&adjType=rejected&batchName=March%20cataract`);
    await caseNumber();
    fireEvent.click(button('Back'));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/claims?org=vitraya&batchId=7&adjType=rejected&batchName=March+cataract',
    );
  });

  it('goes back to the list as it was', async () => {
    answer(claimOf());
    renderClaim(`/claims/${CLAIM_ID}?org=vitraya`, { claims: [{ id: CLAIM_ID, url: `/claims/${CLAIM_ID}` }], listUrl: '/claims?org=ML' });
    await caseNumber();
    fireEvent.click(button('Back'));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/claims\?org=ML$/);
  });
});

describe('claims that cannot be shown', () => {
  it('says the claim page is not found and leads back to the list', async () => {
    answer(claimOf(), { 'GET /claims/:claimId': failure(404, 'Claim not found') });
    renderClaim();
    expect(await screen.findByText('Claim Page Not Found')).toBeInTheDocument();
    expect(screen.getByText("We're sorry, the page you have requested is not found.")).toBeInTheDocument();
    fireEvent.click(button('Return to List Claims'));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/claims$/);
  });

  it('says so for an address that names no claim, without asking the server', async () => {
    answer(claimOf());
    renderClaim('/claims/abc');
    expect(await screen.findByText('Claim Page Not Found')).toBeInTheDocument();
    expect(api.callsTo('GET /claims/:claimId')).toHaveLength(0);
  });

  it('shows other failures plainly with Retry', async () => {
    answer(claimOf(), { 'GET /claims/:claimId': failure(500, 'database unavailable') });
    renderClaim();
    expect(await screen.findByText('The claim could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    api.answer({ 'GET /claims/:claimId': claimOf() });
    fireEvent.click(button('Retry'));
    expect(await caseNumber()).toBeInTheDocument();
  });
});

describe('a claim not verified yet', () => {
  it('shows its progress and no procedure panels', async () => {
    answer(
      claimOf({
        status: 'TO_BE_OCRED',
        adjudicationResult: null,
        adjudicationDetails: null,
        lastVerifiedOn: null,
        progress: { stage: 'reading', documentsRead: 0, documentsTotal: 2 },
      }),
    );
    renderClaim();
    await caseNumber();
    expect(within(screen.getByRole('group', { name: 'Claim result' })).getByText('Not verified yet')).toBeInTheDocument();
    expect(screen.getByText('Reading documents 0 of 2')).toBeInTheDocument();
    expect(screen.queryByTestId('verified')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Procedure / })).not.toBeInTheDocument();
  });
});

describe('a claim whose procedure questions are unanswered', () => {
  // Questions never block a claim (issue 24): it is verified from its documents, its answers requested.
  const requested = () => claimOf({ answersRequested: true });
  const asked = (id: number, question: string): ProcedureQuestion => ({
    id,
    fk_procedure: 1,
    procedure: { id: 1, procedure_name: 'Hysterectomy', procedure_code: 'OPH001' },
    question,
    questionType: 'radio',
    answer: ['Yes', 'No'],
    entityType: 'other',
    created_by: 'vitraya.admin',
    created_on: '2026-01-01T10:00:00Z',
    last_modified_by: null,
    last_modified_on: null,
  });
  const QUESTIONS: ClaimQuestions = {
    questions: [asked(1, 'Was an ultrasound done?'), asked(2, 'Is the patient diabetic?')],
    answers: {},
  };

  it("says 'Answers requested' beside its verdict, lists the questions waiting and leads to them", async () => {
    answer(requested(), { 'GET /claims/:claimId/questions': QUESTIONS });
    renderClaim();
    await caseNumber();
    expect(screen.getByText('Answers requested')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Procedure / })).toBeInTheDocument();
    const waiting = await screen.findByRole('list', { name: 'Questions waiting for answers' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Was an ultrasound done?', 'Is the patient diabetic?']);
    expect(screen.getByRole('link', { name: 'Answer questions' })).toHaveAttribute('href', `/questions/${CLAIM_ID}?org=vitraya`);
  });

  it('offers no way to answer to those who may not (insurer reviewers)', async () => {
    signInAs('starhealth', 'user');
    answer({ ...requested(), organization: 'starhealth' }, { 'GET /claims/:claimId/questions': QUESTIONS });
    renderClaim(`/claims/${CLAIM_ID}`);
    await caseNumber();
    expect(screen.getByText('Answers requested')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Questions waiting for answers' });
    expect(screen.queryByRole('link', { name: 'Answer questions' })).not.toBeInTheDocument();
  });

  it('says nothing of answers once they are given, and does not ask for the questions', async () => {
    answer(claimOf({ answersRequested: false }));
    renderClaim();
    await caseNumber();
    expect(screen.queryByText('Answers requested')).not.toBeInTheDocument();
    expect(api.callsTo('GET /claims/:claimId/questions')).toEqual([]);
  });
});

describe('the rule that judged a procedure', () => {
  const insurerClaim = (ruleOrganization: string) =>
    claimOf({ organization: 'starhealth', adjudicationDetails: { OPH001: procedure('ACCEPTED', { ruleId: 12, ruleOrganization }) } });

  it("names whose rule it was for the provider's staff, the provider's standing in for an insurer without one", async () => {
    answer(insurerClaim('vitraya'));
    renderClaim(`/claims/${CLAIM_ID}?org=starhealth`);
    await caseNumber();
    expect(
      within(procedurePanel('OPH001')).getByText('Judged by the rule of Vitraya (Star Health has none of its own)'),
    ).toBeInTheDocument();
    expect(within(procedurePanel('OPH001')).queryByRole('link', { name: 'Edit Rule' })).not.toBeInTheDocument();
  });

  it('lets a super user of the provider edit that rule and come back to the claim', async () => {
    signInAs('vitraya', 'super_user');
    answer(insurerClaim('starhealth'));
    renderClaim(`/claims/${CLAIM_ID}?org=starhealth`);
    await caseNumber();
    expect(within(procedurePanel('OPH001')).getByText('Judged by the rule of Star Health')).toBeInTheDocument();
    expect(within(procedurePanel('OPH001')).getByRole('link', { name: 'Edit Rule' })).toHaveAttribute(
      'href',
      `/rules/edit/12?org=starhealth&claimId=${CLAIM_ID}&claimOrg=starhealth`,
    );
  });

  it('is not named to insurer users', async () => {
    signInAs('starhealth', 'super_user');
    answer(insurerClaim('starhealth'));
    renderClaim(`/claims/${CLAIM_ID}`);
    await caseNumber();
    expect(within(procedurePanel('OPH001')).queryByText(/^Judged by the rule of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Rule' })).not.toBeInTheDocument();
  });
});
