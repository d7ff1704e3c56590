import { setRuntimeConfig } from '@claims/shared-kernel';
import { type FakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MastersRoutes from '../index';
import { attributeApi, button, choose, chosen, haemoglobin, NEXT_LINE, wizard } from '../../testing/clinicalAttributes';

const ADD_OVERRIDE = 'Add Override';
const ADD_PATTERN = 'Add Pattern override';

/** The documents in order, as the list shows them. */
const order = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Documents in order' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.match(/^\d+\. ([^A-Z]*[A-Z][a-z]+(?: [A-Z][a-z]+)*)/)?.[1]);
const stepTitle = (dialog: HTMLElement) => within(dialog).getByTestId('wizard-step').getAttribute('aria-label');
/** The texts marked as a change of one kind ('added', 'removed', 'moved'). */
const marked = (scope: HTMLElement, change: string) =>
  Array.from(scope.querySelectorAll(`[data-change="${change}"]`)).map((element) => element.textContent);
const shownProblem = (dialog: HTMLElement) => within(dialog).queryByRole('alert')?.textContent ?? null;

async function openEditor(): Promise<void> {
  renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
  await screen.findByRole('heading', { name: 'Edit Clinical Attribute' });
}

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = attributeApi();
  api.answer({ 'PUT /clinicalAttribute/:id': haemoglobin });
});
afterEach(() => signOut());

describe('document-precedence override wizard', () => {
  it('goes through hospitals, procedures, documents in order and exclusions with Next and Back, and adds the override', async () => {
    await openEditor();
    fireEvent.click(button(ADD_OVERRIDE));
    const dialog = await wizard(ADD_OVERRIDE);
    expect(stepTitle(dialog)).toBe('Hospitals');
    expect(button('Back', dialog)).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'All' })).toBeChecked();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Choose' }));
    fireEvent.click(button('Next', dialog));
    expect(shownProblem(dialog)).toBe('Choose at least one hospital, or All');
    expect(stepTitle(dialog)).toBe('Hospitals');
    await choose('Choose hospitals', 'F100 · Fortis Mulund', dialog);
    fireEvent.click(button('Next', dialog));
    expect(stepTitle(dialog)).toBe('Procedures');
    expect(shownProblem(dialog)).toBeNull();

    fireEvent.click(button('Back', dialog));
    expect(stepTitle(dialog)).toBe('Hospitals');
    expect(chosen('Choose hospitals', dialog)).toEqual(['F100 · Fortis Mulund']);
    fireEvent.click(button('Next', dialog));
    fireEvent.click(button('Next', dialog));
    expect(stepTitle(dialog)).toBe('Documents in Order');

    fireEvent.click(button('Next', dialog));
    expect(shownProblem(dialog)).toBe("*Override Value can't be empty.");
    expect(stepTitle(dialog)).toBe('Documents in Order');
    await choose('Add a document', 'Lab Report', dialog);
    // Put right, the message goes at once (it used to stay until Next).
    expect(shownProblem(dialog)).toBeNull();
    await choose('Add a document', 'Discharge Summary', dialog);
    expect(order(dialog)).toEqual(['Lab Report', 'Discharge Summary']);
    fireEvent.click(button('Move Discharge Summary up', dialog));
    expect(order(dialog)).toEqual(['Discharge Summary', 'Lab Report']);
    fireEvent.click(button('Next', dialog));

    expect(stepTitle(dialog)).toBe('Documents to Exclude');
    await choose('Documents to exclude', 'Claim Form', dialog);
    fireEvent.click(button('Save', dialog));
    await waitFor(() => expect(screen.queryByText(ADD_OVERRIDE, { selector: '.ant-modal-title' })).not.toBeInTheDocument());

    const rows = within(screen.getByRole('table', { name: 'Override' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent(/F100.*All.*1\. Discharge Summary.*2\. Lab Report.*Claim Form.*New/);
    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.callsTo('PUT /clinicalAttribute/:id')).toHaveLength(1));
    expect(api.callsTo('PUT /clinicalAttribute/:id')[0].body).toMatchObject({
      overrides: [
        ...haemoglobin.overrides,
        {
          hospitals: ['F100'],
          procedures: [],
          override_value: ['Discharge Summary', 'Lab Report'],
          exclude_document_headers: ['Claim Form'],
        },
      ],
    });
  });

  it('marks what an edit changed, in the steps and in the table, and empties the list when All is chosen', async () => {
    await openEditor();
    fireEvent.click(button('Edit Override 1'));
    const dialog = await wizard('Edit Override');
    expect(within(dialog).getByRole('radio', { name: 'Choose' })).toBeChecked();
    expect(within(dialog).queryByText('Changed')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'All' }));
    expect(within(dialog).getByText('Changed')).toBeInTheDocument();
    expect(marked(dialog, 'removed')).toEqual(['H007']);
    fireEvent.click(button('Next', dialog));
    fireEvent.click(button('Next', dialog));
    fireEvent.click(button('Move Discharge Summary up', dialog));
    expect(within(dialog).getAllByText('Moved')).toHaveLength(2);
    fireEvent.click(button('Next', dialog));
    fireEvent.click(button('Save', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const row = within(screen.getByRole('table', { name: 'Override' })).getAllByRole('row')[1];
    expect(within(row).getByText('Changed')).toBeInTheDocument();
    expect(marked(row, 'removed')).toEqual(['H007']);
    expect(marked(row, 'moved')).toEqual(['1. Discharge Summary', '2. Lab Report']);
  });

  it('Reset puts every step back as it was opened; Cancel leaves the override as it was', async () => {
    await openEditor();
    fireEvent.click(button('Edit Override 1'));
    const dialog = await wizard('Edit Override');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'All' }));
    fireEvent.click(button('Next', dialog));
    fireEvent.click(button('Next', dialog));
    fireEvent.click(button('Remove Lab Report', dialog));
    expect(order(dialog)).toEqual(['Discharge Summary']);
    fireEvent.click(button('Reset', dialog));
    expect(stepTitle(dialog)).toBe('Hospitals');
    expect(within(dialog).getByRole('radio', { name: 'Choose' })).toBeChecked();
    expect(chosen('Choose hospitals', dialog)).toEqual(['H007 · Apollo Chennai']);
    fireEvent.click(button('Next', dialog));
    fireEvent.click(button('Next', dialog));
    expect(order(dialog)).toEqual(['Lab Report', 'Discharge Summary']);

    fireEvent.click(button('Remove Lab Report', dialog));
    fireEvent.click(button('Cancel', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(screen.getByRole('table', { name: 'Override' })).getAllByRole('row')[1];
    expect(row).toHaveTextContent(/1\. Lab Report.*2\. Discharge Summary/);
    expect(within(row).queryByText('Changed')).not.toBeInTheDocument();
  });

  describe('drag and drop from the keyboard', () => {
    const rect = HTMLElement.prototype.getBoundingClientRect;
    beforeAll(() => {
      // jsdom lays nothing out: each item of the list gets a 40-pixel row by its position, as a browser would.
      HTMLElement.prototype.getBoundingClientRect = function layout(this: HTMLElement) {
        const item = this.closest<HTMLElement>('[data-sort-index]');
        const top = item ? Number(item.dataset.sortIndex) * 40 : 0;
        return {
          x: 0,
          y: top,
          top,
          left: 0,
          right: 300,
          bottom: top + 40,
          width: 300,
          height: item ? 40 : 0,
          toJSON: () => ({}),
        } as DOMRect;
      };
    });
    afterAll(() => {
      HTMLElement.prototype.getBoundingClientRect = rect;
    });

    it('picks a document up with Space, moves it with the arrow keys and drops it with Space, announcing the drop', async () => {
      await openEditor();
      fireEvent.click(button('Edit Override 1'));
      const dialog = await wizard('Edit Override');
      fireEvent.click(button('Next', dialog));
      fireEvent.click(button('Next', dialog));
      await choose('Add a document', 'Claim Form', dialog);
      expect(order(dialog)).toEqual(['Lab Report', 'Discharge Summary', 'Claim Form']);

      const handle = button('Drag Lab Report', dialog);
      const press = async (target: Element | Document, code: string) =>
        act(async () => {
          fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      await act(async () => handle.focus());
      await press(handle, 'Space');
      expect(handle).toHaveAttribute('aria-pressed', 'true');
      await press(document, 'ArrowDown');
      await press(document, 'ArrowDown');
      await press(document, 'Space');
      expect(order(dialog)).toEqual(['Discharge Summary', 'Claim Form', 'Lab Report']);
      expect(screen.getByText('Lab Report dropped at position 3 of 3.')).toBeInTheDocument();
      expect(within(dialog).getByText('2. Claim Form').closest('li')).toHaveTextContent('New');
    });
  });
});

describe('pattern override wizard', () => {
  it('needs a hospital, then builds patterns from parts, keeping the last part and a sole pattern', async () => {
    await openEditor();
    fireEvent.click(button(ADD_PATTERN));
    const dialog = await wizard(ADD_PATTERN);
    fireEvent.click(button('Next', dialog));
    expect(shownProblem(dialog)).toBe('Pattern override needs at least one hospital');
    await choose('Choose hospitals', 'H007 · Apollo Chennai', dialog);
    fireEvent.click(button('Next', dialog));
    expect(stepTitle(dialog)).toBe('Patterns');

    const first = within(dialog).getByRole('group', { name: 'Pattern 1' });
    expect(within(first).getByText('Name · Value (Number)')).toBeInTheDocument();
    expect(button('Delete Pattern', first)).toBeDisabled();
    fireEvent.click(button('Delete Pattern 1 part 1', first));
    expect(button('Delete Pattern 1 part 1', first)).toBeDisabled();

    await choose('Add a part to Pattern 1', 'String', first);
    fireEvent.change(within(first).getByLabelText('Pattern 1 part 2 text'), { target: { value: 'OD' } });
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Should not present' }));
    await choose('Add a part to Pattern 1', 'Unit', first);
    fireEvent.click(button('Move Pattern 1 part 2 up', first));
    expect(within(first).getByText('String "OD" not present · Value (Number) · Unit')).toBeInTheDocument();

    fireEvent.click(button('Add Pattern', dialog));
    const second = within(dialog).getByRole('group', { name: 'Pattern 2' });
    expect(button('Delete Pattern', first)).toBeEnabled();
    fireEvent.click(button('Delete Pattern 2 part 2', second));
    expect(within(second).getByText('Pattern 2 needs a Value part')).toBeInTheDocument();
    fireEvent.click(button('Save', dialog));
    expect(shownProblem(dialog)).toBe('Pattern 2 needs a Value part');
    fireEvent.click(button('Delete Pattern', second));
    expect(button('Delete Pattern', first)).toBeDisabled();

    await choose('Add a part to Pattern 1', 'String', first);
    expect(within(first).getByText('Pattern 1 needs a length or a fixed text in its String part')).toBeInTheDocument();
    fireEvent.click(
      within(within(first).getByRole('radiogroup', { name: 'Pattern 1 part 4 kind' })).getByRole('radio', { name: 'Length' }),
    );
    fireEvent.change(within(first).getByLabelText('Pattern 1 part 4 length'), { target: { value: '3' } });
    fireEvent.click(within(first).getAllByRole('checkbox', { name: 'Number Range' })[0]);
    fireEvent.click(button('Save', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.callsTo('PUT /clinicalAttribute/:id')).toHaveLength(1));
    expect(api.callsTo('PUT /clinicalAttribute/:id')[0].body).toMatchObject({
      patternOverridesForValues: [
        ...haemoglobin.patternOverridesForValues,
        {
          hospitals: ['H007'],
          overrides: [
            [
              { type: 'string', value: 'OD', shouldNotPresent: true },
              { type: 'valueExpression', pattern: ['NUMBER', 'NUMBERRANGE'] },
              { type: 'attributeUnit' },
              { type: 'string', length: 3, shouldNotPresent: false },
            ],
          ],
        },
      ],
    });
  });

  it('edits a pattern override: Back keeps the patterns, Reset restores them, Cancel changes nothing', async () => {
    await openEditor();
    fireEvent.click(button('Edit Pattern override 1'));
    const dialog = await wizard('Edit Pattern override');
    expect(chosen('Choose hospitals', dialog)).toEqual(['F100 · Fortis Mulund']);
    fireEvent.click(button('Next', dialog));
    const first = within(dialog).getByRole('group', { name: 'Pattern 1' });
    expect(within(first).getByText('Name · Newline · Value (Number) · Unit')).toBeInTheDocument();
    fireEvent.click(button('Delete Pattern 1 part 2', first));
    fireEvent.click(button('Back', dialog));
    fireEvent.click(button('Next', dialog));
    expect(within(dialog).getByText('Name · Value (Number) · Unit')).toBeInTheDocument();
    expect(within(dialog).getByText('Changed')).toBeInTheDocument();
    fireEvent.click(button('Reset', dialog));
    expect(stepTitle(dialog)).toBe('Hospitals');
    fireEvent.click(button('Next', dialog));
    expect(within(dialog).getByText('Name · Newline · Value (Number) · Unit')).toBeInTheDocument();
    fireEvent.click(button('Delete Pattern 1 part 2', within(dialog).getByRole('group', { name: 'Pattern 1' })));
    fireEvent.click(button('Cancel', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.callsTo('PUT /clinicalAttribute/:id')).toHaveLength(1));
    expect(api.callsTo('PUT /clinicalAttribute/:id')[0].body).toMatchObject({
      patternOverridesForValues: [{ hospitals: ['F100'], overrides: [NEXT_LINE] }],
    });
  });
});
