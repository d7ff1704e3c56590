import type { ErrorAnnotations, ErrorCategory } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ErrorFlag } from './index';
import { testClaim, VERIFICATION } from '../../testing/annotationClaim';
import { renderOnClaimPage } from '../../testing/claimPage';

const CATEGORIES: ErrorCategory[] = [
  { id: 1, category: 'Keyword missed', colour: '#cf1322', iconText: 'KM' },
  { id: 2, category: 'Wrong page or document', colour: '#1677ff', iconText: 'WP' },
];
const FLAGGED: ErrorAnnotations = {
  claim_id: 42,
  errors: { P10: { evidence: [{ keyword: 0, category: 2, comment: 'The scan is on page 4' }] } },
};

/** The two items flagged: the claim's first diagnosis and its evidence. */
const FIBROID = 'Leiomyoma of Uterus';
const USG = 'USG pelvis';

let api: FakeApi;
/** The row the flag sits in: clicking it opens the viewer on the claim page. */
let rowClicks: number;

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user', 'vitraya.reviewer');
  rowClicks = 0;
  api = fakeApi({
    'GET /claims/:claimId': testClaim(),
    'GET /annotationErrorCategory': CATEGORIES,
    'GET /claims/:claimId/annotation': { claim_id: 42, errors: {} },
    'POST /claims/:claimId/annotation': (call) => ({ claim_id: 42, ...(call.body as Pick<ErrorAnnotations, 'errors'>) }),
    'PUT /claims/:claimId/annotation': (call) => ({ claim_id: 42, ...(call.body as Pick<ErrorAnnotations, 'errors'>) }),
  });
});

/** The flags of two items: the claim's first diagnosis and its evidence. */
function renderFlags() {
  return renderOnClaimPage((claim) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: stands in for the claim page's clickable item row
    <div onClick={() => rowClicks++}>
      <ErrorFlag claim={claim} procedureCode="P10" group="diagnoses" index={0} item={VERIFICATION.diagnoses![0]} />
      <ErrorFlag claim={claim} procedureCode="P10" group="evidence" index={0} item={VERIFICATION.evidence![0]} />
    </div>
  ));
}

const saves = () => [...api.callsTo('POST /claims/:claimId/annotation'), ...api.callsTo('PUT /claims/:claimId/annotation')];
/** The popover of one item's flag (a closed one stays in the page, hidden). */
const popover = (item: string) => within(screen.getByText(`Error on ${item}`).closest<HTMLElement>('.ant-popover')!);
const menuItem = (item: string, text: string) => popover(item).getByText(text, { selector: '.ant-menu-title-content *' });
const comment = (item: string) => popover(item).getByLabelText('Comment');
const popoverButton = (item: string, name: string) => popover(item).getByText(name, { selector: 'button span' }).closest('button')!;

it('flags an item with a category and a comment; Save waits for the comment; the row keeps its click', async () => {
  renderFlags();
  fireEvent.click(await screen.findByLabelText('Flag an error on Leiomyoma of Uterus'));
  expect(await screen.findByText('Error on Leiomyoma of Uterus')).toBeInTheDocument();
  expect(popover(FIBROID).getByText('Keyword missed')).toBeInTheDocument();
  expect(popover(FIBROID).getByText('Wrong page or document')).toBeInTheDocument();
  expect(popoverButton(FIBROID, 'Save')).toBeDisabled();

  fireEvent.click(menuItem(FIBROID, 'Keyword missed'));
  expect(popoverButton(FIBROID, 'Save')).toBeDisabled();
  fireEvent.change(comment(FIBROID), { target: { value: '   ' } });
  expect(popoverButton(FIBROID, 'Save')).toBeDisabled();
  fireEvent.change(comment(FIBROID), { target: { value: ' Fibroid is named on page 2 ' } });
  expect(popoverButton(FIBROID, 'Save')).toBeEnabled();
  fireEvent.click(popoverButton(FIBROID, 'Save'));

  expect(await screen.findByText('Error flag saved')).toBeInTheDocument();
  expect(saves().map((call) => [call.method, call.path, Object.fromEntries(call.query), call.body])).toEqual([
    [
      'POST',
      '/claims/42/annotation',
      { org: 'vitraya' },
      { errors: { P10: { diagnoses: [{ keyword: 0, category: 1, comment: 'Fibroid is named on page 2' }] } } },
    ],
  ]);
  expect(await screen.findByLabelText('Error flag on Leiomyoma of Uterus: Keyword missed')).toHaveTextContent('KM');
  expect(rowClicks).toBe(0);
});

it('shows an existing flag’s category, edits it with PUT keeping the other flags, and deletes it', async () => {
  api.answer({ 'GET /claims/:claimId/annotation': FLAGGED });
  renderFlags();
  const flag = await screen.findByLabelText('Error flag on USG pelvis: Wrong page or document');
  expect(flag).toHaveTextContent('WP');
  fireEvent.click(flag);
  expect(await screen.findByText('The scan is on page 4')).toBeInTheDocument();

  fireEvent.click(popoverButton(USG, 'Edit'));
  expect(comment(USG)).toHaveValue('The scan is on page 4');
  fireEvent.click(menuItem(USG, 'Keyword missed'));
  fireEvent.change(comment(USG), { target: { value: 'USG is not in the documents' } });
  fireEvent.click(popoverButton(USG, 'Save'));
  await screen.findByText('Error flag saved');
  expect(saves().at(-1)?.method).toBe('PUT');
  expect(saves().at(-1)?.body).toEqual({
    errors: { P10: { evidence: [{ keyword: 0, category: 1, comment: 'USG is not in the documents' }] } },
  });

  // The diagnosis is flagged beside it: both are sent, in item order.
  fireEvent.click(screen.getByLabelText('Flag an error on Leiomyoma of Uterus'));
  fireEvent.click(await waitFor(() => menuItem(FIBROID, 'Wrong page or document')));
  fireEvent.change(comment(FIBROID), { target: { value: 'Page 3' } });
  fireEvent.click(popoverButton(FIBROID, 'Save'));
  await waitFor(() => expect(saves()).toHaveLength(2));
  expect(saves()[1].body).toEqual({
    errors: {
      P10: {
        evidence: [{ keyword: 0, category: 1, comment: 'USG is not in the documents' }],
        diagnoses: [{ keyword: 0, category: 2, comment: 'Page 3' }],
      },
    },
  });

  fireEvent.click(await screen.findByLabelText('Error flag on USG pelvis: Keyword missed'));
  fireEvent.click(await waitFor(() => popoverButton(USG, 'Delete')));
  expect(await screen.findByText('Error flag removed')).toBeInTheDocument();
  expect(saves()[2].body).toEqual({ errors: { P10: { diagnoses: [{ keyword: 0, category: 2, comment: 'Page 3' }] } } });
  expect(await screen.findByLabelText('Flag an error on USG pelvis')).toBeInTheDocument();
});

it('Cancel leaves the flag as it was; a refused save shows the server’s words', async () => {
  api.answer({ 'POST /claims/:claimId/annotation': failure(400, 'errors.P10.diagnoses: unknown error category 1') });
  renderFlags();
  fireEvent.click(await screen.findByLabelText('Flag an error on Leiomyoma of Uterus'));
  fireEvent.click(await waitFor(() => menuItem(FIBROID, 'Keyword missed')));
  fireEvent.change(comment(FIBROID), { target: { value: 'x' } });
  fireEvent.click(popoverButton(FIBROID, 'Cancel'));
  expect(saves()).toHaveLength(0);

  fireEvent.click(screen.getByLabelText('Flag an error on Leiomyoma of Uterus'));
  fireEvent.click(await waitFor(() => menuItem(FIBROID, 'Keyword missed')));
  fireEvent.change(comment(FIBROID), { target: { value: 'x' } });
  fireEvent.click(popoverButton(FIBROID, 'Save'));
  expect(await screen.findByText('Unknown error category 1')).toBeInTheDocument();
  expect(screen.getByLabelText('Flag an error on Leiomyoma of Uterus')).toBeInTheDocument();
});

it('is not shown outside the provider’s organisation, and asks nothing', async () => {
  signInAs('starhealth', 'user', 'starhealth.reviewer');
  renderFlags();
  await screen.findByText('Go to PDF 2 page 1');
  expect(screen.queryByLabelText(/error/i)).not.toBeInTheDocument();
  expect(api.callsTo('GET /claims/:claimId/annotation')).toHaveLength(0);
  expect(api.callsTo('GET /annotationErrorCategory')).toHaveLength(0);
});
