import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { AuditHistoryPage, AuditLogEntry, Audited } from '../contract';
import { todayInZone } from '../format';
import { clearSession } from '../session/session-store';
import { failure, fakeApi, renderScreen, signInAs, type FakeApi } from '../testing';
import { AuditExportButton, AuditHistoryDialog } from '../ui/AuditHistory';
import { auditFieldLabel, fieldChange, summarise } from '../ui/auditChanges';

const record: Audited = {
  created_by: 'vitraya.admin',
  created_at: '2024-03-01T04:00:00Z',
  last_modified_by: 'vitraya.analyst',
  last_modified_at: '2024-03-05T10:00:00Z',
};

const TREE_BEFORE = {
  booleanOperator: 'AND',
  statements: [{ operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', valuesToFind: ['Phaco'], numberOfValues: 1 }],
};
const TREE_AFTER = {
  booleanOperator: 'AND',
  statements: [
    TREE_BEFORE.statements[0],
    { booleanOperator: 'OR', statements: [{ operator: 'VALUE_GREATER_THAN', entityName: 'clinicalattribute', value: 20 }] },
  ],
};

const entry = (id: number, fields: Partial<AuditLogEntry>): AuditLogEntry => ({
  id,
  entity: 'diagnoses',
  key: '4',
  action: 'update',
  username: 'vitraya.analyst',
  at: '2024-03-05T10:00:00Z',
  before: null,
  after: null,
  ...fields,
});

const NEWEST = entry(12, {
  before: { name: 'Malaria', alias: ['fever', 'ague'], procedureRule: TREE_BEFORE },
  after: { name: 'Malaria (falciparum)', alias: ['fever', 'pyrexia'], procedureRule: TREE_AFTER },
});
const OLDER = entry(11, { username: 'vitraya.admin', at: '2024-03-02T06:30:00Z', before: { ICD_code: null }, after: { ICD_code: 'B50' } });
const CREATED = entry(10, {
  action: 'create',
  username: 'vitraya.admin',
  at: '2024-03-01T04:00:00Z',
  after: { name: 'Malaria', alias: ['fever', 'ague'], ICD_code: null },
});

const page = (results: AuditLogEntry[], total = results.length, pageNumber = 1): AuditHistoryPage => ({
  results,
  total_count: total,
  page_number: pageNumber,
});

/** A view's History button and the dialog, as MasterView and RuleView place them. */
function HistoryButton({ labels }: { labels?: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        History
      </button>
      <AuditHistoryDialog
        open={open}
        onClose={() => setOpen(false)}
        entity="diagnoses"
        recordKey={4}
        record={record}
        fieldLabels={labels}
      />
    </>
  );
}

async function openHistory(labels?: Record<string, string>) {
  renderScreen(<HistoryButton labels={labels} />);
  fireEvent.click(screen.getByRole('button', { name: 'History' }));
  return screen.findByRole('dialog');
}

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  api = fakeApi({ 'GET /audit/:entity/:key': page([NEWEST, OLDER, CREATED]) });
});
afterEach(() => {
  clearSession();
  jest.restoreAllMocks();
});

describe('the history dialog', () => {
  it("asks the log for the record's entries and shows who, when and what changed, newest first", async () => {
    const dialog = await openHistory({ name: 'Diagnosis Name' });
    expect(await within(dialog).findByText('Last modified by vitraya.analyst at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    const call = api.callsTo('GET /audit/:entity/:key')[0];
    expect(call.path).toBe('/audit/diagnoses/4');
    expect(Object.fromEntries(call.query)).toEqual({ limit: '20', page_number: '1' });

    const headings = within(dialog)
      .getAllByText(/^(Last modified|Modified|Created) by /)
      .map((line) => line.textContent);
    expect(headings).toEqual([
      'Last modified by vitraya.analyst at 2024-03-05, 3:30:00 pm',
      'Modified by vitraya.admin at 2024-03-02, 12:00:00 pm',
      'Created by vitraya.admin at 2024-03-01, 9:30:00 am',
    ]);
    // A plain value: before → after, under the screen's label.
    expect(within(dialog).getByText('Diagnosis Name')).toBeInTheDocument();
    expect(within(dialog).getByText('Malaria')).toBeInTheDocument();
    expect(within(dialog).getByText('Malaria (falciparum)')).toBeInTheDocument();
    // A list: the items added and removed, not the whole lists.
    expect(within(dialog).getByLabelText('added pyrexia')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('removed ague')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('added fever')).not.toBeInTheDocument();
    // An empty value reads as such.
    expect(within(dialog).getByText('ICD Code')).toBeInTheDocument();
    expect(within(dialog).getByText('(empty)')).toBeInTheDocument();
    expect(within(dialog).getByText('B50')).toBeInTheDocument();
  });

  it("reads a claim's actions under their names, with the changed fields open", async () => {
    api = fakeApi({
      'GET /audit/:entity/:key': page([
        entry(21, { entity: 'claims', key: '7', action: 'rerun', before: { rerunStatus: null }, after: { rerunStatus: 'INPROGRESS' } }),
        entry(20, {
          entity: 'claims',
          key: '7',
          action: 'status',
          username: 'vitraya.admin',
          at: '2024-03-02T06:30:00Z',
          before: { status: 'DOWNLOADED' },
          after: { status: 'UPLOADED' },
        }),
      ]),
    });
    renderScreen(<AuditHistoryDialog open onClose={() => {}} entity="claims" recordKey={7} record={record} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Verification re-run by vitraya.analyst at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(within(dialog).getByText('Status changed by vitraya.admin at 2024-03-02, 12:00:00 pm')).toBeInTheDocument();
    expect(api.callsTo('GET /audit/:entity/:key')[0].path).toBe('/audit/claims/7');
    expect(within(dialog).getByText('Re-run Status')).toBeInTheDocument();
    expect(within(dialog).getByText('INPROGRESS')).toBeInTheDocument();
    expect(within(dialog).getByText('DOWNLOADED')).toBeInTheDocument();
    expect(within(dialog).getByText('UPLOADED')).toBeInTheDocument();
  });

  it('summarises a rule tree and shows both versions on request', async () => {
    const dialog = await openHistory();
    expect(await within(dialog).findByText('1 statement')).toBeInTheDocument();
    expect(within(dialog).getByText('2 statements')).toBeInTheDocument();
    expect(within(dialog).queryByText(/VALUE_GREATER_THAN/)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Procedure Rule' }));
    expect(within(dialog).getByText('Before')).toBeInTheDocument();
    expect(within(dialog).getByText(/"VALUE_GREATER_THAN"/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide Procedure Rule' }));
    expect(within(dialog).queryByText(/"VALUE_GREATER_THAN"/)).not.toBeInTheDocument();
  });

  it('folds the values of a creation and a deletion until asked', async () => {
    api.answer({
      'GET /audit/:entity/:key': page([
        entry(21, {
          action: 'delete',
          username: 'vitraya.admin',
          at: '2024-04-01T00:00:00Z',
          before: { name: 'Malaria', alias: ['fever'] },
        }),
        CREATED,
      ]),
    });
    const dialog = await openHistory();
    expect(await within(dialog).findByText('Deleted by vitraya.admin at 2024-04-01, 5:30:00 am')).toBeInTheDocument();
    // No modification is logged once the creation is: the spec's text says so.
    expect(within(dialog).getByText('No Records for Modified Date')).toBeInTheDocument();
    expect(within(dialog).queryByText('Name')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show values deleted (2)' }));
    expect(within(dialog).getByText('Name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('removed fever')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Show values created (3)' })).toBeInTheDocument();
  });

  it('loads older entries page by page, and closes with the record’s created line when the log has no creation', async () => {
    const first = Array.from({ length: 20 }, (_, i) => entry(100 - i, { before: { name: `n${i + 1}` }, after: { name: `n${i}` } }));
    api.answer({
      'GET /audit/:entity/:key': (call) => (call.query.get('page_number') === '2' ? page([OLDER], 21, 2) : page(first, 21, 1)),
    });
    const dialog = await openHistory();
    await within(dialog).findByText('n20');
    expect(within(dialog).queryByText(/^Created by/)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show older changes' }));
    expect(await within(dialog).findByText('B50')).toBeInTheDocument();
    expect(api.callsTo('GET /audit/:entity/:key').map((c) => c.query.get('page_number'))).toEqual(['1', '2']);
    expect(within(dialog).getByText('Created by vitraya.admin at 2024-03-01, 9:30:00 am')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it("keeps the spec's lines for a record the log knows nothing of", async () => {
    api.answer({ 'GET /audit/:entity/:key': page([]) });
    const dialog = await openHistory();
    expect(await within(dialog).findByText('Created by vitraya.admin at 2024-03-01, 9:30:00 am')).toBeInTheDocument();
    expect(within(dialog).getByText('Last modified by vitraya.analyst at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
  });

  it('asks again each time it opens', async () => {
    const dialog = await openHistory();
    await within(dialog).findByText('B50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('dialog');
    await waitFor(() => expect(api.callsTo('GET /audit/:entity/:key')).toHaveLength(2));
  });

  it('says why the history could not be read, and reads it on Retry', async () => {
    api.answer({ 'GET /audit/:entity/:key': failure(403, 'You are not authorized to perform this action') });
    const dialog = await openHistory();
    expect(await within(dialog).findByText('You are not authorized to perform this action')).toBeInTheDocument();
    api.answer({ 'GET /audit/:entity/:key': page([OLDER]) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('B50')).toBeInTheDocument();
  });

  it("shows an insurer's user the record's own lines without asking the log (the provider's to read)", async () => {
    signInAs('starhealth', 'user');
    const dialog = await openHistory();
    expect(within(dialog).getByText('Created by vitraya.admin at 2024-03-01, 9:30:00 am')).toBeInTheDocument();
    expect(within(dialog).getByText('Last modified by vitraya.analyst at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(api.callsTo('GET /audit/:entity/:key')).toHaveLength(0);
  });
});

describe('Export history', () => {
  let savedAs: string[];
  beforeEach(() => {
    savedAs = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs.push(this.download);
    });
    URL.createObjectURL = jest.fn(() => 'blob:audit');
    URL.revokeObjectURL = jest.fn();
  });

  const field = (label: 'From' | 'To') => screen.getByLabelText(label, { selector: 'input' });
  function typeDate(label: 'From' | 'To', value: string) {
    const input = field(label);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  }
  const downloadButton = () => screen.getByRole('button', { name: 'Download' });

  async function openExport() {
    renderScreen(<AuditExportButton entity="rules" />);
    fireEvent.click(screen.getByRole('button', { name: /Export history/ }));
    return screen.findByRole('dialog');
  }

  it('downloads the last 30 days of the entity as .xlsx by default', async () => {
    api.answer({ 'GET /audit/export': new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) });
    await openExport();
    const from = todayInZone().subtract(29, 'day');
    const to = todayInZone();
    expect(field('From')).toHaveValue(from.format('DD-MM-YYYY'));
    expect(field('To')).toHaveValue(to.format('DD-MM-YYYY'));
    fireEvent.click(downloadButton());
    const period = { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') };
    await waitFor(() => expect(savedAs).toEqual([`audit_log_rules_${period.from}_${period.to}.xlsx`]));
    expect(Object.fromEntries(api.callsTo('GET /audit/export')[0].query)).toEqual({ ...period, entity: 'rules' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a reversed period or one longer than 366 days before asking', async () => {
    await openExport();
    typeDate('From', todayInZone().subtract(366, 'day').format('DD-MM-YYYY'));
    expect(await screen.findByText('Date should not exceed 366 days.')).toBeInTheDocument();
    expect(downloadButton()).toBeDisabled();
    typeDate('From', todayInZone().subtract(365, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(downloadButton()).toBeEnabled();
    typeDate('To', todayInZone().subtract(400, 'day').format('DD-MM-YYYY'));
    expect(await screen.findByText('To should be on or after From.')).toBeInTheDocument();
    expect(downloadButton()).toBeDisabled();
    expect(api.callsTo('GET /audit/export')).toHaveLength(0);
  });

  it("says 'Failed to download' with the server's reason", async () => {
    api.answer({ 'GET /audit/export': failure(400, 'to: the period covers 400 days; export at most 366 days at a time') });
    const dialog = await openExport();
    fireEvent.click(downloadButton());
    expect(await within(dialog).findByText('The period covers 400 days; export at most 366 days at a time')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to download').length).toBeGreaterThan(0);
    expect(savedAs).toEqual([]);
  });

  it("is not offered outside the provider's organisation", () => {
    signInAs('starhealth', 'super_user');
    renderScreen(<AuditExportButton />);
    expect(screen.queryByRole('button', { name: /Export history/ })).not.toBeInTheDocument();
  });
});

describe('reading an entry', () => {
  it('tells value, list and big changes apart', () => {
    expect(fieldChange('a', 'b')).toEqual({ kind: 'value', before: 'a', after: 'b' });
    expect(fieldChange(undefined, 3)).toEqual({ kind: 'value', before: null, after: 3 });
    expect(fieldChange(['x', 'y'], ['y', 'z'])).toEqual({ kind: 'list', added: ['z'], removed: ['x'], reordered: false });
    expect(fieldChange(['x', 'y'], ['y', 'x'])).toEqual({ kind: 'list', added: [], removed: [], reordered: true });
    expect(fieldChange(null, ['x'])).toEqual({ kind: 'list', added: ['x'], removed: [], reordered: false });
    expect(fieldChange('short', 'l'.repeat(81))).toMatchObject({ kind: 'big' });
    expect(fieldChange([{ keyword: 'mg' }], [])).toMatchObject({ kind: 'big' });
  });

  it('summarises big values and spells out unknown field names', () => {
    expect(summarise(TREE_AFTER)).toBe('2 statements');
    expect(summarise([{ a: 1 }])).toBe('1 item');
    expect(summarise({ a: 1, b: 2 })).toBe('2 fields');
    expect(summarise(null)).toBe('(empty)');
    expect(auditFieldLabel('clinicalTermsRule')).toBe('Clinical Terms Rule');
    expect(auditFieldLabel('fk_exc_document')).toBe('Fk Exc Document');
    expect(auditFieldLabel('name', { name: 'Hospital Name' })).toBe('Hospital Name');
  });
});
