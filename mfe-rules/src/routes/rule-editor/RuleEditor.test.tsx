import type { RuleExistence, RuleSaveBody, RuleStatement } from '@claims/shared-kernel';
import { failure, fakeApi, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pick } from '../../testing/controls';
import { LOOKUPS, location, renderRules, storedRule } from '../../testing/rules';

let api: FakeApi;
beforeEach(() => signInAs('vitraya', 'super_user'));
afterEach(() => signOut());

/** A button by its text (its icon's name may come before it). */
const button = (name: string) => screen.getByRole('button', { name: new RegExp(`(^|\\s)${name.replace(/[?()]/g, '\\$&')}$`) });
const click = (name: string) => fireEvent.click(button(name));
const body = (route: 'POST /rules' | 'PUT /rules/:id', index = 0) => api.callsTo(route)[index].body as RuleSaveBody;
/** After a successful edit the editor goes back after 1000 ms. */
const RETURN = { timeout: 4000 };

describe('creating a rule', () => {
  beforeEach(() => {
    api = fakeApi({ ...LOOKUPS, 'POST /rules/existence': { result: false }, 'POST /rules': storedRule({ id: 40 }) });
  });

  const chooseCataract = async () => {
    await pick('Procedure', 'id002 - Cataract Surgery');
    await waitFor(() => expect(api.callsTo('POST /rules/existence')).toHaveLength(1));
  };

  it('saves the procedure, case type, documents and the four builders, without editor fields or empty conditions', async () => {
    renderRules('/rules/create?org=vitraya');
    expect(await screen.findByRole('heading', { name: 'Create Rule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await chooseCataract();
    const [check] = api.callsTo('POST /rules/existence');
    expect({ url: check.url, body: check.body }).toEqual({ url: '/rules/existence?org=vitraya', body: { procedureCode: ['id002'] } });
    expect(screen.getByLabelText('Procedure Group')).toHaveValue('Ophthalmology');
    expect(screen.getByRole('radio', { name: 'Pre Authorization' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Settlement' })).toBeChecked();

    click('Add a condition to Procedure Rule 1');
    await pick('Operator of Procedure Rule 1.1', 'Any N of the values is present');
    await pick('Values of Procedure Rule 1.1', 'Cataract Surgery');
    click('Add a condition to Diagnosis Rule 1');
    click('Add a group to Clinical Terms Rule 1');
    await pick('Operator of Clinical Terms Rule 1.1.1', 'Value greater than');
    await pick('Clinical attribute of Clinical Terms Rule 1.1.1', 'Axial Length');
    fireEvent.change(screen.getByLabelText('Value of Clinical Terms Rule 1.1.1'), { target: { value: '22' } });
    await pick('Documents', 'Discharge Summary');
    await pick('Document Exclusion List', 'Final Bill');

    click('Save');
    await waitFor(() => expect(api.callsTo('POST /rules')).toHaveLength(1));
    expect(api.callsTo('POST /rules')[0].url).toBe('/rules?org=vitraya');
    expect(body('POST /rules')).toEqual({
      fk_procedure: 3,
      case_type: 'SETTLEMENT',
      procedureRule: {
        booleanOperator: 'AND',
        statements: [
          { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', numberOfValues: 1, valuesToFind: ['Cataract Surgery'] },
        ],
      },
      diagnosisRule: null,
      documentRule: null,
      clinicalTermsRule: {
        booleanOperator: 'AND',
        statements: [
          {
            booleanOperator: 'AND',
            statements: [
              {
                operator: 'VALUE_GREATER_THAN',
                entityName: 'clinicalattribute',
                valueToCompare: { id: 61, name: 'Axial Length' },
                value: 22,
              },
            ],
          },
        ],
      },
      fk_document: [51],
      fk_exc_document: [52],
      fk_clinical_inc_document: [],
      fk_clinical_exc_document: [],
      fk_diagnosis: [],
      fk_evidence: [],
      fk_drug: [],
      fk_tissue: [],
      fk_clinical_attribute: [61],
      segregationDocumentTypes: ['Discharge Summary'],
      clinicalAttributeKeywordList: ['Axial Length'],
      proceduresList: ['Cataract Surgery'],
      diagnosisList: [],
      evidenceList: [],
      drugsList: [],
      tissuesList: [],
    });
    expect(await screen.findByText('Rule for Cataract Surgery in SETTLEMENT is saved')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rules?org=vitraya'));
  });

  it("alerts 'both the caseTypes are exists' and goes back to the rules", async () => {
    api.answer({ 'POST /rules/existence': { result: true } });
    renderRules('/rules/create?org=starhealth');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    expect(await screen.findByText('For Cataract Surgery both the caseTypes are exists')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rules?org=starhealth'));
  });

  it('offers only Settlement when the pre-authorisation rule exists', async () => {
    api.answer({ 'POST /rules/existence': { result: 'PREAUTH' } });
    renderRules('/rules/create?org=vitraya');
    await screen.findByRole('heading', { name: 'Create Rule' });
    fireEvent.click(screen.getByRole('radio', { name: 'Pre Authorization' }));
    await chooseCataract();
    expect(await screen.findByText('For Cataract Surgery PREAUTH caseType is present already')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Pre Authorization' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Settlement' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Wanna configure other case type too ?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /View PreAuth/ })).not.toBeInTheDocument();
  });

  it("offers only Pre Authorization when the settlement rule exists, and 'View PreAuth' opens the procedure's rule", async () => {
    api.answer({
      'POST /rules/existence': { result: 'SETTLEMENT' },
      'POST /rules/searchPcode': [{ id: 12, case_type: 'SETTLEMENT', procedure_code: 'id002', fk_procedure: 3 }],
      'GET /rules/:id': storedRule(),
    });
    renderRules('/rules/create?org=vitraya');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    expect(await screen.findByText('For Cataract Surgery SETTLEMENT caseType is present already')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pre Authorization' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Settlement' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /rules/searchPcode').map((c) => [c.url, c.body])).toEqual([
      ['/rules/searchPcode?org=vitraya', { procedureCode: ['id002'] }],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'View PreAuth' }));
    await waitFor(() => expect(location()).toBe('/rules/view/12?org=vitraya'));
  });

  it("'View PreAuth' on an insurer's form opens the rule as the provider's organisation sees it (org=vitraya)", async () => {
    api.answer({
      'POST /rules/existence': { result: 'SETTLEMENT' },
      'POST /rules/searchPcode': [{ id: 31, case_type: 'SETTLEMENT', procedure_code: 'id002', fk_procedure: 3 }],
      'GET /rules/:id': storedRule({ id: 31, org: 'starhealth' }),
    });
    renderRules('/rules/create?org=starhealth');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    expect(api.callsTo('POST /rules/searchPcode').map((c) => c.url)).toEqual(['/rules/searchPcode?org=starhealth']);
    fireEvent.click(await screen.findByRole('button', { name: 'View PreAuth' }));
    await waitFor(() => expect(location()).toBe('/rules/view/31?org=vitraya'));
  });

  it("'Wanna configure other case type too ?': Cancel after the save goes to the rules", async () => {
    renderRules('/rules/create?org=vitraya');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wanna configure other case type too ?' }));
    click('Save');
    const dialog = await screen.findByRole('dialog', { name: 'Rule for Cataract Surgery in SETTLEMENT is saved' });
    expect(within(dialog).getByText('Are you sure you want to configure other case type too?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/rules?org=vitraya'));
    expect(api.callsTo('POST /rules')).toHaveLength(1);
  });

  it('Move Next fills a second form for the other case type; saving it says both are saved', async () => {
    renderRules('/rules/create?org=vitraya');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    click('Add a condition to Document Rule 1');
    await pick('Operator of Document Rule 1.1', 'All of the values are present');
    await pick('Values of Document Rule 1.1', 'Final Bill');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wanna configure other case type too ?' }));
    click('Save');
    const dialog = await screen.findByRole('dialog', { name: 'Rule for Cataract Surgery in SETTLEMENT is saved' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Next' }));

    await waitFor(() => expect(screen.getByTestId('case-type')).toHaveTextContent('Pre Authorization'));
    expect(screen.getByLabelText('Procedure')).toBeDisabled();
    click('Save');
    await waitFor(() => expect(api.callsTo('POST /rules')).toHaveLength(2));
    const [first, second] = [body('POST /rules', 0), body('POST /rules', 1)];
    expect(second.case_type).toBe('PRE_AUTH');
    expect({ ...second, case_type: 'SETTLEMENT' }).toEqual(first);
    expect(await screen.findByText('Successfully saved Settlement and Preauth for Cataract Surgery')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rules?org=vitraya'));
  });

  it('alerts a failed save with the server’s reason and keeps the form', async () => {
    api.answer({ 'POST /rules': failure(409, 'For Cataract Surgery SETTLEMENT caseType is present already') });
    renderRules('/rules/create?org=vitraya');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    click('Save');
    expect(await screen.findAllByText('For Cataract Surgery SETTLEMENT caseType is present already')).not.toHaveLength(0);
    expect(location()).toBe('/rules/create?org=vitraya');
    expect(screen.getByLabelText('Procedure Group')).toHaveValue('Ophthalmology');
  });

  it('names the malformed statements and sends nothing until they are corrected', async () => {
    renderRules('/rules/create?org=vitraya');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    click('Add a condition to Clinical Terms Rule 1');
    await pick('Operator of Clinical Terms Rule 1.1', 'Value in range');
    await pick('Clinical attribute of Clinical Terms Rule 1.1', 'Haemoglobin');
    fireEvent.change(screen.getByLabelText('Lower bound of Clinical Terms Rule 1.1'), { target: { value: '8' } });
    click('Save');
    expect(await screen.findByText('clinicalTermsRule.statements[0]: a range needs two bounds')).toBeInTheDocument();
    click('Try on claims');
    expect(api.callsTo('POST /rules')).toHaveLength(0);
    expect(api.callsTo('POST /rules/dryRun')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Upper bound of Clinical Terms Rule 1.1'), { target: { value: '12' } });
    click('Save');
    await waitFor(() => expect(api.callsTo('POST /rules')).toHaveLength(1));
    expect(body('POST /rules').clinicalTermsRule?.statements?.[0].range).toEqual([8, 12]);
  });

  it('reorders the chosen documents once more than one is chosen', async () => {
    renderRules('/rules/create?org=vitraya');
    await screen.findByRole('heading', { name: 'Create Rule' });
    await chooseCataract();
    const reorder = screen.getByRole('button', { name: 'Reorder Clinical Attributes Include Documents' });
    expect(reorder).toBeDisabled();
    await pick('Clinical Attributes Include Documents', 'Discharge Summary');
    expect(reorder).toBeDisabled();
    await pick('Clinical Attributes Include Documents', 'Final Bill');
    expect(reorder).toBeEnabled();
    fireEvent.click(reorder);
    const dialog = await screen.findByRole('dialog', { name: 'Order of Clinical Attributes Include Documents' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Final Bill up' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    click('Save');
    await waitFor(() => expect(api.callsTo('POST /rules')).toHaveLength(1));
    expect(body('POST /rules').fk_clinical_inc_document).toEqual([52, 51]);
  });
});

describe('editing a rule', () => {
  const twin = storedRule({ id: 13, case_type: 'PRE_AUTH' });

  beforeEach(() => {
    api = fakeApi({
      ...LOOKUPS,
      // As the server does, each save of the rule makes it a new version.
      'GET /rules/:id': () => storedRule({ version: 3 + api.callsTo('PUT /rules/:id').filter((c) => c.params.id === '12').length }),
      'POST /rules/existence': { result: true },
      'POST /rules/searchPcode': [
        { id: 13, case_type: 'PRE_AUTH', procedure_code: 'id002', fk_procedure: 3 },
        { id: 12, case_type: 'SETTLEMENT', procedure_code: 'id002', fk_procedure: 3 },
      ],
      'PUT /rules/:id': (call) => (call.params.id === '13' ? twin : storedRule({ version: 4 })),
    });
  });

  it('shows the stored rule with the procedure read-only and the case type as text', async () => {
    renderRules('/rules/edit/12?org=vitraya');
    expect(await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' })).toBeInTheDocument();
    expect(api.callsTo('GET /rules/:id')[0].url).toBe('/rules/12?org=vitraya');
    expect(screen.getByLabelText('Procedure')).toBeDisabled();
    expect(screen.getByTestId('case-type')).toHaveTextContent('Settlement');
    expect(screen.getByLabelText('Lower bound of Clinical Terms Rule 1.1')).toHaveValue('20');
    expect(screen.getByRole('group', { name: 'Procedure Rule 1.1' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Wanna configure preauth case type too ?' })).not.toBeInTheDocument();
  });

  it('asks whether to change the other case type too; Yes saves both and says so, then goes back after a second', async () => {
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    await waitFor(() => expect(api.callsTo('POST /rules/existence')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Upper bound of Clinical Terms Rule 1.1'), { target: { value: '27' } });
    click('Save');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to change content for preauth/settlement')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('PUT /rules/:id')).toHaveLength(2));
    expect(api.callsTo('PUT /rules/:id').map((c) => c.url)).toEqual(['/rules/12?org=vitraya', '/rules/13?org=vitraya']);
    expect(body('PUT /rules/:id', 0)).toMatchObject({ case_type: 'SETTLEMENT', fk_procedure: 3 });
    expect(body('PUT /rules/:id', 1)).toMatchObject({ case_type: 'PRE_AUTH', fk_procedure: 3 });
    expect(body('PUT /rules/:id', 1).clinicalTermsRule?.statements?.[0].range).toEqual([20, 27]);
    // The rule goes with the version the editor loaded; the other case type's was not loaded, so it goes without.
    expect(body('PUT /rules/:id', 0).version).toBe(3);
    expect(body('PUT /rules/:id', 1)).not.toHaveProperty('version');
    expect(await screen.findByText('SETTLEMENT case is edited')).toBeInTheDocument();
    expect(await screen.findByText('PRE_AUTH case is edited')).toBeInTheDocument();
    expect(location()).toBe('/rules/edit/12?org=vitraya');
    await waitFor(() => expect(location()).toBe('/rules?org=vitraya'), RETURN);
  });

  it('No saves this case type only; from a claim the editor returns to the claim', async () => {
    renderRules('/rules/edit/12?org=vitraya&claimId=77&claimOrg=starhealth');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    expect(screen.getByRole('button', { name: 'Back to the claim' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /rules/existence')).toHaveLength(1));
    click('Save');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('SETTLEMENT case is edited')).toBeInTheDocument();
    expect(api.callsTo('PUT /rules/:id')).toHaveLength(1);
    await waitFor(() => expect(location()).toBe('/claims/77?org=starhealth'), RETURN);
  });

  it('a description-only edit saves the trees as they were stored, lone statements unwrapped', async () => {
    const procedureLeaf: RuleStatement = {
      operator: 'ANY_OF_N_VALUES_IS_PRESENT',
      entityName: 'procedures',
      numberOfValues: 1,
      valuesToFind: ['Cataract Surgery'],
      description: 'the surgery',
    };
    const rangeLeaf: RuleStatement = {
      operator: 'VALUE_IN_RANGE',
      entityName: 'clinicalattribute',
      valueToCompare: { id: 61, name: 'Axial Length' },
      range: [20, 26],
    };
    // As the seed stores them: each tree one statement, not a group.
    api.answer({ 'GET /rules/:id': storedRule({ procedureRule: procedureLeaf, clinicalTermsRule: rangeLeaf }) });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    await waitFor(() => expect(api.callsTo('POST /rules/existence')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Description of Procedure Rule 1.1'), { target: { value: 'the lens surgery' } });
    click('Save');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(api.callsTo('PUT /rules/:id')).toHaveLength(1));
    expect(body('PUT /rules/:id')).toMatchObject({
      procedureRule: { ...procedureLeaf, description: 'the lens surgery' },
      diagnosisRule: null,
      documentRule: null,
      clinicalTermsRule: rangeLeaf,
    });
  });

  it('a Save before the check of the other case type has answered waits for it, then asks', async () => {
    let answerCheck: (answer: RuleExistence) => void = () => {};
    api.answer({
      'POST /rules/existence': () =>
        new Promise<RuleExistence>((resolve) => {
          answerCheck = resolve;
        }),
    });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    await waitFor(() => expect(api.callsTo('POST /rules/existence')).toHaveLength(1));
    click('Save');
    await waitFor(() => expect(button('Save')).toBeDisabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /rules/:id')).toHaveLength(0);
    answerCheck({ result: true });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to change content for preauth/settlement')).toBeInTheDocument();
    // The answer the screen was waiting for, not a second check; and nothing saved before the question is answered.
    expect(api.callsTo('POST /rules/existence')).toHaveLength(1);
    expect(api.callsTo('PUT /rules/:id')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(api.callsTo('PUT /rules/:id')).toHaveLength(1));
  });

  it('a save refused because someone saved the rule meanwhile says who; Reload starts the form from their version', async () => {
    const changed = 'This rule was changed by vitraya.analyst at 2024-03-06, 3:30:00 pm; reload it to see their changes';
    api.answer({ 'POST /rules/existence': { result: 'SETTLEMENT' }, 'PUT /rules/:id': failure(409, changed) });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    await waitFor(() => expect(api.callsTo('POST /rules/existence')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Upper bound of Clinical Terms Rule 1.1'), { target: { value: '27' } });
    click('Save');
    expect(await screen.findAllByText(changed)).not.toHaveLength(0);
    expect(body('PUT /rules/:id')).toMatchObject({ version: 3 });
    expect(location()).toBe('/rules/edit/12?org=vitraya');

    const theirs = storedRule({ version: 5, last_modified_by: 'vitraya.analyst' });
    theirs.clinicalTermsRule = {
      booleanOperator: 'AND',
      statements: [{ ...storedRule().clinicalTermsRule!.statements![0], range: [18, 24] }],
    };
    api.answer({ 'GET /rules/:id': theirs });
    click('Reload');
    await waitFor(() => expect(screen.getByLabelText('Upper bound of Clinical Terms Rule 1.1')).toHaveValue('24'));
    expect(screen.queryByText(changed, { selector: '.ant-alert *' })).not.toBeInTheDocument();
  });

  it('after its own save the editor sends the version that save made, not the one it loaded', async () => {
    api.answer({ 'POST /rules/existence': { result: 'SETTLEMENT' }, 'PUT /rules/:id': failure(400, 'procedureRule: refused once') });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    await waitFor(() => expect(api.callsTo('POST /rules/existence')).toHaveLength(1));
    click('Save');
    expect(await screen.findAllByText('Refused once')).not.toHaveLength(0);
    api.answer({ 'PUT /rules/:id': storedRule({ version: 4 }) });
    click('Save');
    expect(await screen.findByText('SETTLEMENT case is edited')).toBeInTheDocument();
    api.answer({ 'PUT /rules/:id': storedRule({ version: 5 }) });
    click('Save');
    await waitFor(() => expect(api.callsTo('PUT /rules/:id')).toHaveLength(3));
    expect(api.callsTo('PUT /rules/:id').map((c) => (c.body as RuleSaveBody).version)).toEqual([3, 3, 4]);
  });

  it("without a pre-authorisation rule, 'Wanna configure preauth case type too ?' opens the pre-auth form after the save", async () => {
    api.answer({ 'POST /rules/existence': { result: 'SETTLEMENT' }, 'POST /rules': twin });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Wanna configure preauth case type too ?' }));
    click('Save');
    expect(await screen.findByText('SETTLEMENT case is edited')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('case-type')).toHaveTextContent('Pre Authorization'));
    expect(screen.getByRole('heading', { name: 'Create Rule' })).toBeInTheDocument();
    click('Save');
    await waitFor(() => expect(api.callsTo('POST /rules')).toHaveLength(1));
    expect(body('POST /rules')).toMatchObject({ case_type: 'PRE_AUTH', fk_procedure: 3, fk_document: [51] });
    expect(await screen.findByText('Preauth case is saved for Cataract Surgery')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rules?org=vitraya'));
  });

  it('deletes after the confirmation and goes to the rules; a refusal is alerted', async () => {
    api.answer({ 'DELETE /rules/:id': failure(403, 'You are not authorized to perform this action') });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    click('Delete');
    let dialog = await screen.findByRole('dialog', { name: 'Delete Confirmation' });
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error: You are not authorized to perform this action')).toBeInTheDocument();

    api.answer({ 'DELETE /rules/:id': { detail: 'Deleted Successfully' } });
    click('Delete');
    dialog = await screen.findByRole('dialog', { name: 'Delete Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rules?org=vitraya'));
    const deletes = api.callsTo('DELETE /rules/:id');
    expect(deletes.map((c) => [c.url, c.body])).toEqual([
      ['/rules/12?org=vitraya', { id: 12 }],
      ['/rules/12?org=vitraya', { id: 12 }],
    ]);
  });

  it("'Enable Procedure Override' lists the insurers without a rule and gives the chosen one its own", async () => {
    api.answer({
      'GET /rules/exists/:id': (call) => call.query.get('org') === 'starhealth',
      'POST /rules': storedRule({ id: 90, org: 'bajaj' }),
    });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    // A change not saved yet is not the provider's rule: the override copies the stored one.
    fireEvent.change(screen.getByLabelText('Upper bound of Clinical Terms Rule 1.1'), { target: { value: '27' } });
    click('Enable Procedure Override');
    const dialog = await screen.findByRole('dialog', { name: 'Protocol Overrides' });
    await within(dialog).findByRole('radio', { name: 'Bajaj' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Niva Bupa', 'Bajaj', 'ML']);
    expect(
      api
        .callsTo('GET /rules/exists/:id')
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/rules/exists/12?org=ML', '/rules/exists/12?org=bajaj', '/rules/exists/12?org=maxbupa', '/rules/exists/12?org=starhealth']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Bajaj' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Override' }));
    expect(await screen.findByText('Successfully override created for Cataract Surgery in Bajaj')).toBeInTheDocument();
    expect(api.callsTo('POST /rules')[0].url).toBe('/rules?org=bajaj');
    expect(body('POST /rules')).toMatchObject({
      fk_procedure: 3,
      case_type: 'SETTLEMENT',
      fk_document: [51],
      fk_clinical_attribute: [61],
      clinicalTermsRule: storedRule().clinicalTermsRule,
      procedureRule: storedRule().procedureRule,
    });
    expect(body('POST /rules')).not.toHaveProperty('version');
    await waitFor(() => expect(location()).toBe('/rules/edit/90?org=bajaj'));
  });

  it("says 'No insurers are available for creating overrides' when every insurer has its own", async () => {
    api.answer({ 'GET /rules/exists/:id': true });
    renderRules('/rules/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    click('Enable Procedure Override');
    const dialog = await screen.findByRole('dialog', { name: 'Protocol Overrides' });
    expect(await within(dialog).findByText('No insurers are available for creating overrides')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Override' })).toBeDisabled();
  });

  it("offers no override on an insurer's rule", async () => {
    api.answer({ 'GET /rules/:id': storedRule({ org: 'starhealth' }) });
    renderRules('/rules/edit/12?org=starhealth');
    expect(await screen.findByRole('heading', { name: 'Edit Rule for Star Health' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enable Procedure Override/ })).not.toBeInTheDocument();
  });
});

describe('trying a draft on claims', () => {
  it('sends the draft and shows the changed verdicts, the condition that flips each, and agreement with annotations', async () => {
    api = fakeApi({
      ...LOOKUPS,
      'GET /rules/:id': storedRule(),
      'POST /rules/existence': { result: 'SETTLEMENT' },
      'POST /rules/dryRun': {
        org: 'vitraya',
        case_type: 'SETTLEMENT',
        procedure: { id: 3, procedure_code: 'id002', name: 'Cataract Surgery' },
        considered: 20,
        limit: 25,
        found: 20,
        stoppedEarly: false,
        unchanged: 18,
        transitions: [
          { from: 'ACCEPTED', to: 'QUERY', count: 1 },
          { from: 'REJECTED', to: 'ACCEPTED', count: 1 },
        ],
        claims: [
          {
            id: 501,
            referenceClaimId: 'CLM-501',
            org: 'vitraya',
            before: 'ACCEPTED',
            after: 'QUERY',
            beforeReason: null,
            afterReason: 'Required Document not found: Final Bill',
            expected: 'QUERY',
            flipped: [{ path: 'documentRule.statements[0]', statement: 'Documents: all of Final Bill', result: false, valueFound: null }],
          },
          {
            id: 502,
            referenceClaimId: 'CLM-502',
            org: 'bajaj',
            before: 'REJECTED',
            after: 'ACCEPTED',
            beforeReason: 'Axial Length is 27 mm, expected between 20 and 26',
            afterReason: null,
            expected: null,
            flipped: [
              { path: 'clinicalTermsRule.statements[0]', statement: 'Axial Length between 20 and 26', result: false, valueFound: '27' },
            ],
          },
        ],
        annotations: { annotated: 4, agreeBefore: 2, agreeAfter: 3 },
      },
    });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    fireEvent.change(screen.getByLabelText('Upper bound of Clinical Terms Rule 1.1'), { target: { value: '28' } });
    click('Try on claims');
    const panel = await screen.findByLabelText('Try on claims results');
    expect(await within(panel).findByTestId('dry-run-summary')).toHaveTextContent(
      '20 recent verified claims of Cataract Surgery (Settlement) tried: 2 verdicts would change, 18 would stay the same.',
    );
    const [call] = api.callsTo('POST /rules/dryRun');
    expect(call.url).toBe('/rules/dryRun?org=vitraya');
    expect((call.body as RuleSaveBody).clinicalTermsRule?.statements?.[0].range).toEqual([20, 28]);
    expect(api.callsTo('PUT /rules/:id')).toHaveLength(0);
    expect(within(panel).getByText('ACCEPTED → QUERY: 1')).toBeInTheDocument();
    expect(within(panel).getByText('REJECTED → ACCEPTED: 1')).toBeInTheDocument();
    expect(within(panel).getByTestId('dry-run-annotations')).toHaveTextContent(
      'Agreement with annotations: 2 of 4 now, 3 of 4 with this rule.',
    );
    expect(within(panel).getByRole('link', { name: 'CLM-501' })).toHaveAttribute('href', '/claims/501');
    expect(within(panel).getByText('documentRule.statements[0]')).toBeInTheDocument();
    expect(within(panel).getByText('Documents: all of Final Bill')).toBeInTheDocument();
    expect(within(panel).getByText('(found 27)')).toBeInTheDocument();
    expect(within(panel).getByText('Required Document not found: Final Bill')).toBeInTheDocument();
    expect(within(panel).queryByText(/Stopped at the time allowance/)).not.toBeInTheDocument();
  });

  it('says how many claims were tried when the run stopped at its time allowance', async () => {
    api = fakeApi({
      ...LOOKUPS,
      'GET /rules/:id': storedRule(),
      'POST /rules/existence': { result: 'SETTLEMENT' },
      'POST /rules/dryRun': {
        org: 'vitraya',
        case_type: 'SETTLEMENT',
        procedure: { id: 3, procedure_code: 'id002', name: 'Cataract Surgery' },
        considered: 3,
        limit: 25,
        found: 25,
        stoppedEarly: true,
        unchanged: 3,
        transitions: [],
        claims: [],
        annotations: { annotated: 0, agreeBefore: 0, agreeAfter: 0 },
      },
    });
    renderRules('/rules/edit/12?org=vitraya');
    await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
    click('Try on claims');
    const panel = await screen.findByLabelText('Try on claims results');
    expect(
      await within(panel).findByText('Stopped at the time allowance: 3 of the 25 most recent verified claims were tried.'),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('dry-run-summary')).toHaveTextContent(
      '3 recent verified claims of Cataract Surgery (Settlement) tried: 0 verdicts would change, 3 would stay the same.',
    );
  });

  it('says when there are no verified claims to try the rule on, and shows a refusal', async () => {
    api = fakeApi({
      ...LOOKUPS,
      'POST /rules/existence': { result: false },
      'POST /rules/dryRun': {
        org: 'ML',
        case_type: 'SETTLEMENT',
        procedure: { id: 3, procedure_code: 'id002', name: 'Cataract Surgery' },
        considered: 0,
        limit: 25,
        found: 0,
        stoppedEarly: false,
        unchanged: 0,
        transitions: [],
        claims: [],
        annotations: { annotated: 0, agreeBefore: 0, agreeAfter: 0 },
      },
    });
    renderRules('/rules/create?org=ML');
    await screen.findByRole('heading', { name: 'Create Rule' });
    expect(button('Try on claims')).toBeDisabled();
    await pick('Procedure', 'id002 - Cataract Surgery');
    click('Try on claims');
    expect(
      await screen.findByText('There are no verified claims of Cataract Surgery (Settlement) for this insurer to try the rule on.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /rules/dryRun')[0].url).toBe('/rules/dryRun?org=ML');

    api.answer({ 'POST /rules/dryRun': failure(403, 'You are not authorized to perform this action: only a super user may do this') });
    click('Try on claims');
    expect(await screen.findByText('You are not authorized to perform this action: only a super user may do this')).toBeInTheDocument();
  });
});
