import { setRuntimeConfig } from '@claims/shared-kernel';
import type { Docgroup, Hospital, KeywordEntity, SegregationPreviewResult } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MastersRoutes from '../index';
import { emptyConfig } from './configuration';

const apollo: Hospital = { id: 7, hospital_code: 'H007', name: 'Apollo Chennai' };
const group: Docgroup = {
  id: 3,
  hospital_id: [apollo],
  docgroup_id: [{ id: 21, name: 'Discharge Summary' }],
  docgroupConfig_id: {
    'Discharge Summary': { ...emptyConfig(), begin_alias: [['DISCHARGE SUMMARY']], end_alias: [['Signature']], top_threshold: 0.3 },
  },
};
const documents: KeywordEntity[] = [{ id: 21, name: 'Discharge Summary', alias: [] }];
/** The editor's dialogs take many renders: a bound that proves no hang on a loaded machine, not a speed target. */
const SLOW = 180_000;

const threshold = (box: HTMLElement) => within(box).getByLabelText('Top threshold');
const dialogSave = (box: HTMLElement) => within(box).getByRole('button', { name: 'Save' });
const fieldError = (box: HTMLElement, text: string) => within(box).queryByText(text, { selector: '.ant-form-item-explain-error' });

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({ 'GET /docgroups/:id': group, 'GET /hospitals': { results: [apollo] }, 'GET /document': documents });
});
afterEach(() => signOut());

async function openConfiguration() {
  renderScreen(<MastersRoutes />, '/docgroups/edit/3');
  await screen.findByRole('heading', { name: 'Edit' });
  fireEvent.click(screen.getByRole('button', { name: 'Edit Discharge Summary' }));
  return screen.findByRole('dialog', { name: 'Configuration' });
}

describe('Top threshold', () => {
  it(
    'refuses letters at the field instead of saving them as empty',
    async () => {
      const box = await openConfiguration();
      expect(threshold(box)).toHaveValue('0.3');
      fireEvent.change(threshold(box), { target: { value: 'abc' } });
      // The letters stay on screen with the reason; Save of the configuration is refused.
      expect(threshold(box)).toHaveValue('abc');
      expect(fieldError(box, 'Top threshold must be a number')).toBeInTheDocument();
      expect(dialogSave(box)).toBeDisabled();
    },
    SLOW,
  );

  it(
    'refuses a value above the limit and accepts a number, saving it as a number',
    async () => {
      api.answer({ 'PUT /docgroups/:id': group });
      const box = await openConfiguration();
      fireEvent.change(threshold(box), { target: { value: '2001' } });
      expect(fieldError(box, 'Top threshold must be at most 2000 (points from the top)')).toBeInTheDocument();
      expect(dialogSave(box)).toBeDisabled();
      fireEvent.change(threshold(box), { target: { value: '120.5' } });
      expect(fieldError(box, 'Top threshold must be at most 2000 (points from the top)')).not.toBeInTheDocument();
      fireEvent.click(dialogSave(box));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configuration' })).not.toBeInTheDocument());
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.callsTo('PUT /docgroups/:id')).toHaveLength(1));
      expect(api.callsTo('PUT /docgroups/:id')[0].body).toMatchObject({
        docgroupConfig_id: { 'Discharge Summary': { top_threshold: 120.5 } },
      });
    },
    SLOW,
  );

  it(
    'refuses an alias over 200 characters at the field',
    async () => {
      const box = await openConfiguration();
      fireEvent.change(within(box).getByLabelText('Ending Alias 1.1'), { target: { value: 'e'.repeat(201) } });
      expect(within(box).getByLabelText('Ending Alias 1.1')).toHaveValue('e'.repeat(201));
      expect(within(box).getByTestId('configuration-problems')).toHaveTextContent('Ending Alias: an alias must be at most 200 characters');
      expect(dialogSave(box)).toBeDisabled();
    },
    SLOW,
  );
});

describe('Try on claims', () => {
  const result: SegregationPreviewResult = {
    hospitals: ['H007'],
    considered: 3,
    limit: 25,
    found: 3,
    stoppedEarly: false,
    unchanged: 2,
    claims: [
      {
        id: 41,
        referenceClaimId: 'CLM-41',
        org: 'starhealth',
        hospitalCode: 'H007',
        before: 'ACCEPTED',
        after: 'QUERY',
        beforeReason: null,
        afterReason: 'Discharge Summary is missing',
        pages: [{ fileName: 'summary.pdf', pageNumber: 1, before: 'Discharge Summary', after: null }],
        pagesChanged: 1,
      },
    ],
  };

  it(
    'sends the group as it stands in the editor, with its id, and lists the claims that would change, before and after',
    async () => {
      api.answer({ 'POST /docgroups/dryRun': result });
      renderScreen(<MastersRoutes />, '/docgroups/edit/3');
      await screen.findByRole('heading', { name: 'Edit' });
      fireEvent.click(screen.getByRole('button', { name: /Try on claims/ }));
      const panel = await screen.findByLabelText('Try on claims results');
      expect(await within(panel).findByTestId('segregation-preview-summary')).toHaveTextContent(
        '3 recent verified claims of H007 tried: 1 would change (verdict or typed pages), 2 would stay the same.',
      );
      expect(api.callsTo('POST /docgroups/dryRun')[0].body).toMatchObject({
        id: 3,
        hospital_id: [7],
        docgroup_id: [21],
        docgroupConfig_id: { 'Discharge Summary': { begin_alias: [['DISCHARGE SUMMARY']], top_threshold: 0.3 } },
      });
      const row = within(panel).getByRole('link', { name: 'CLM-41' }).closest('tr')!;
      expect(row).toHaveTextContent('Accepted');
      expect(row).toHaveTextContent('Query');
      expect(row).toHaveTextContent('summary.pdf p. 1: Discharge Summary → no type');
      expect(row).toHaveTextContent('Discharge Summary is missing');
      // Nothing was saved.
      expect(api.callsTo('PUT /docgroups/:id')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "shows the server's refusal in the panel",
    async () => {
      api.answer({ 'POST /docgroups/dryRun': failure(429, 'Too many requests: try again in a minute') });
      renderScreen(<MastersRoutes />, '/docgroups/edit/3');
      await screen.findByRole('heading', { name: 'Edit' });
      fireEvent.click(screen.getByRole('button', { name: /Try on claims/ }));
      const panel = await screen.findByLabelText('Try on claims results');
      expect(await within(panel).findByText('Too many requests: try again in a minute')).toBeInTheDocument();
    },
    SLOW,
  );
});
