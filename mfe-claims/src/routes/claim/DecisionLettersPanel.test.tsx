import type { DecisionLetter } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CLAIM_ID, claimOf } from '../../testing/claimBuilder';
import { DecisionLettersPanel } from './DecisionLettersPanel';

const letter = (id: number, overrides: Partial<DecisionLetter> = {}): DecisionLetter => ({
  id,
  claimId: CLAIM_ID,
  fileName: `decision-letter-CASE-${id}.pdf`,
  size: 1200,
  adjudicationResult: 'QUERY',
  createdBy: 'vitraya.reviewer',
  // 18:45 UTC is 00:15 the next day in Asia/Kolkata.
  createdOn: '2026-03-01T18:45:00.000Z',
  ...overrides,
});
const pdf = () => new Blob(['%PDF-1.7 letter'], { type: 'application/pdf' });

let api: FakeApi;
let savedAs: string[];

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user', 'vitraya.reviewer');
  savedAs = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedAs.push(this.download);
  });
  URL.createObjectURL = jest.fn(() => 'blob:letter');
  URL.revokeObjectURL = jest.fn();
  api = fakeApi({
    'GET /claims/:claimId/letters': [letter(2, { createdBy: 'starhealth.reviewer', adjudicationResult: 'ACCEPTED' }), letter(1)],
    'GET /claims/:claimId/letters/:letterId': () => pdf(),
    'POST /claims/:claimId/letters': letter(3),
  });
});

afterEach(() => jest.restoreAllMocks());

const renderPanel = (claim = claimOf()) => renderScreen(<DecisionLettersPanel claim={claim} org="vitraya" />);

it('makes a letter of the verdict and saves it under its name, then lists the letters made', async () => {
  renderPanel();
  expect(api.callsTo('GET /claims/:claimId/letters')).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: /Decision letter/ }));
  await waitFor(() => expect(savedAs).toEqual(['decision-letter-CASE-3.pdf']));
  const [made] = api.callsTo('POST /claims/:claimId/letters');
  expect(made.url).toBe(`/claims/${CLAIM_ID}/letters?org=vitraya`);
  expect(api.callsTo('GET /claims/:claimId/letters/:letterId').map((call) => call.path)).toEqual([`/claims/${CLAIM_ID}/letters/3`]);
  expect(await screen.findByRole('list', { name: 'Earlier letters' })).toBeInTheDocument();
});

it('lists earlier letters with who made them and when, in the display zone, each downloadable again', async () => {
  renderPanel();
  fireEvent.click(screen.getByRole('button', { name: 'Earlier letters' }));
  const list = await screen.findByRole('list', { name: 'Earlier letters' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent),
  ).toEqual(['Made by starhealth.reviewer on 2026-03-02 00:15 (ACCEPTED)', 'Made by vitraya.reviewer on 2026-03-02 00:15 (QUERY)']);
  fireEvent.click(within(list).getByRole('button', { name: 'Download decision-letter-CASE-1.pdf' }));
  await waitFor(() => expect(savedAs).toEqual(['decision-letter-CASE-1.pdf']));
  expect(api.callsTo('POST /claims/:claimId/letters')).toHaveLength(0);
});

it('says why a letter could not be made', async () => {
  api.answer({ 'POST /claims/:claimId/letters': failure(409, 'Claim 42 has no verdict yet') });
  renderPanel();
  fireEvent.click(screen.getByRole('button', { name: /Decision letter/ }));
  expect(await screen.findByText('The decision letter could not be made: Claim 42 has no verdict yet')).toBeInTheDocument();
  expect(savedAs).toEqual([]);
});

it('is not offered before the claim has a verdict', () => {
  renderPanel(claimOf({ adjudicationResult: null, adjudicationDetails: null }));
  expect(screen.queryByRole('button', { name: /Decision letter/ })).not.toBeInTheDocument();
});
