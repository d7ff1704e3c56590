import type { Claim } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { claimQuery } from '../../api/claims';
import { ConfirmFindingsButton } from '../annotation';
import { found, testClaim, VERIFICATION } from '../../testing/annotationClaim';
import { renderOnClaimPage } from '../../testing/claimPage';
import { button, choose, findButton, typeInto } from '../../testing/controls';
import { CANCER_FINDINGS, NON_CANCER_FINDINGS } from '@claims/shared-kernel';
import { findingsListOf } from './findings';

let api: FakeApi;

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user', 'vitraya.reviewer');
  api = fakeApi({
    'GET /claims/:claimId': testClaim(),
    'POST /claims/:claimId/adjudicate': testClaim({ rerunStatus: 'INPROGRESS', status: 'TO_BE_ADJUDICATED' }),
  });
});

/** The claim's status as the claim page shows it, from the same cached claim. */
function StatusProbe() {
  const { data } = useQuery(claimQuery(42, 'vitraya'));
  return <output data-testid="claim-status">{data ? `${data.status} ${data.rerunStatus ?? ''}`.trim() : ''}</output>;
}

const renderButton = () =>
  renderOnClaimPage((claim) => (
    <>
      <StatusProbe />
      <ConfirmFindingsButton claim={claim} />
    </>
  ));
const dialog = () => within(document.querySelector<HTMLElement>('.ant-modal')!);
const findingsShown = () => [...document.querySelectorAll('.ant-modal .ant-checkbox-wrapper')].map((box) => box.textContent);
const tick = (finding: string) => fireEvent.click(dialog().getByText(finding));
const submitted = () => api.callsTo('POST /claims/:claimId/adjudicate');

async function openForm() {
  renderButton();
  fireEvent.click(await findButton('Confirm Findings'));
  await screen.findByText('Non-cancer findings');
}

describe('the findings lists', () => {
  it('has 36 non-cancer imaging findings and the 7 cancer ones of spec 1 §9', () => {
    expect(NON_CANCER_FINDINGS).toHaveLength(36);
    expect(new Set(NON_CANCER_FINDINGS).size).toBe(36);
    expect(CANCER_FINDINGS).toEqual([
      'Ovary removed',
      'Fallopian tube removed',
      'Lymph node(s) removed',
      'Chemotherapy',
      'Radiotherapy',
      'Targeted therapy',
      'Immunotherapy',
    ]);
  });

  it.each<[string, Partial<Claim>, 'cancer' | 'nonCancer']>([
    ['a fibroid hysterectomy', {}, 'nonCancer'],
    [
      'a claim whose documents state a carcinoma',
      { adjudicationDetails: { P10: { ...VERIFICATION, diagnoses: [found('Carcinoma Endometrium')] } } },
      'cancer',
    ],
    [
      'a malignancy the verification looked for but did not find',
      { adjudicationDetails: { P10: { ...VERIFICATION, diagnoses: [{ name: 'Ca cervix', found: false }] } } },
      'nonCancer',
    ],
    ['a cancer procedure', { procedureName: ['Wertheim hysterectomy for Ca cervix'] }, 'cancer'],
  ])('starts %s with the right list', (_case, overrides, list) => {
    expect(findingsListOf(testClaim(overrides))).toBe(list);
  });
});

describe('Confirm Findings', () => {
  it('lays the 36 findings out in 12 rows of 3 with the sizes, and sends the chosen ones with their units', async () => {
    await openForm();
    expect(findingsShown()).toEqual([...NON_CANCER_FINDINGS]);
    const columns = [...document.querySelectorAll('.ant-modal [role="listitem"]')].map(
      (cell) => cell.className.match(/ant-col-(\d+)/)?.[1],
    );
    expect(new Set(columns)).toEqual(new Set(['8']));
    expect(dialog().getByText('weeks')).toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();

    tick('Fibroid uterus');
    tick('Adenomyosis');
    typeInto('findings-fibroid-size', '4.5');
    fireEvent.blur(document.getElementById('findings-fibroid-size')!);
    await choose('findings-fibroid-unit', 'cm');
    typeInto('findings-uterus-size', '14');
    typeInto('findings-transition-zone', '12');
    const claimReads = api.callsTo('GET /claims/:claimId').length;
    fireEvent.click(button('Submit'));

    await waitFor(() => expect(submitted()).toHaveLength(1));
    expect(submitted()[0].path).toBe('/claims/42/adjudicate');
    expect(Object.fromEntries(submitted()[0].query)).toEqual({ org: 'vitraya' });
    expect(submitted()[0].body).toEqual({
      findings: ['Fibroid uterus', 'Adenomyosis'],
      fibroidSize: 4.5,
      fibroidSizeUnit: 'cm',
      uterusSize: 14,
      transitionZone: 12,
    });
    // The answer is the claim being verified again: the page shows it at once, without asking again.
    expect(await screen.findByText('Findings confirmed: the claim is being verified again')).toBeInTheDocument();
    expect(screen.getByTestId('claim-status')).toHaveTextContent('TO_BE_ADJUDICATED INPROGRESS');
    expect(api.callsTo('GET /claims/:claimId')).toHaveLength(claimReads);
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  });

  it('switches to the cancer list, which has no sizes, and sends only its findings', async () => {
    await openForm();
    tick('Bulky uterus');
    fireEvent.click(dialog().getByText('Cancer findings'));
    expect(findingsShown()).toEqual([...CANCER_FINDINGS]);
    expect(document.getElementById('findings-fibroid-size')).toBeNull();
    tick('Lymph node(s) removed');
    tick('Chemotherapy');
    fireEvent.click(button('Submit'));
    await waitFor(() => expect(submitted()).toHaveLength(1));
    expect(submitted()[0].body).toEqual({ findings: ['Lymph node(s) removed', 'Chemotherapy'] });
  });

  it('opens on the cancer list for a cancer claim', async () => {
    api.answer({ 'GET /claims/:claimId': testClaim({ procedureName: ['Radical hysterectomy for carcinoma cervix'] }) });
    renderButton();
    fireEvent.click(await findButton('Confirm Findings'));
    await waitFor(() => expect(findingsShown()).toEqual([...CANCER_FINDINGS]));
  });

  it('shows the server’s detail when a verification is already in progress, and keeps the form', async () => {
    api.answer({ 'POST /claims/:claimId/adjudicate': failure(409, 'Verification of claim 42 is already in progress') });
    await openForm();
    tick('Endometrial polyp');
    fireEvent.click(button('Submit'));
    expect(await screen.findByText('Verification of claim 42 is already in progress')).toBeInTheDocument();
    expect(findingsShown()).toContain('Endometrial polyp');
    expect(screen.getByTestId('claim-status')).toHaveTextContent('ADJUDICATED');
  });

  it('is offered to the provider’s organisation only', async () => {
    signInAs('starhealth', 'user', 'starhealth.reviewer');
    renderButton();
    await waitFor(() => expect(screen.getByTestId('claim-status')).toHaveTextContent('ADJUDICATED'));
    expect(screen.queryByText('Confirm Findings')).not.toBeInTheDocument();
  });
});
