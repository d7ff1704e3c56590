import type { RuleStatement } from '@claims/shared-kernel';
import { renderScreen } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RuleBuilder } from './RuleBuilder';
import { toEditorTree, toSavedStatement } from './ruleTree';
import { MASTERS } from '../../testing/builderMasters';
import { offered, pick } from '../../testing/controls';

/** The builder with its tree in state; what would be saved shows below it. */
function Harness({ initial }: { initial: RuleStatement | null }) {
  const [tree, setTree] = useState(() => toEditorTree(initial));
  return (
    <>
      <RuleBuilder title="Procedure Rule" tree={tree} onChange={setTree} defaultEntity="procedures" masters={MASTERS} />
      <pre data-testid="saved">{JSON.stringify(toSavedStatement(tree))}</pre>
    </>
  );
}

const renderBuilder = (initial: RuleStatement | null = null) => renderScreen(<Harness initial={initial} />);
const saved = (): RuleStatement | null => JSON.parse(screen.getByTestId('saved').textContent ?? 'null');
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const hb = { id: 62, name: 'Haemoglobin' };

it('adds conditions and groups nested to any depth, and saves them without editor fields or empty conditions', async () => {
  renderBuilder();
  expect(saved()).toBeNull();
  click('Add a condition to Procedure Rule 1');
  click('Add a group to Procedure Rule 1');
  click('Add a group to Procedure Rule 1.2');
  expect(screen.getByRole('group', { name: 'Procedure Rule 1.2.2' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Procedure Rule 1.2.2.1' })).toBeInTheDocument();

  fireEvent.click(
    within(screen.getByRole('radiogroup', { name: 'Boolean operator of Procedure Rule 1.2.2' })).getByRole('radio', { name: 'OR' }),
  );
  await pick('Operator of Procedure Rule 1.2.2.1', 'Any N of the values is present');
  await pick('Values of Procedure Rule 1.2.2.1', 'Cataract Surgery');
  await pick('Operator of Procedure Rule 1.1', 'Value less than');
  await pick('Clinical attribute of Procedure Rule 1.1', 'Haemoglobin');
  type('Value of Procedure Rule 1.1', '10');
  type('Description of Procedure Rule 1.2.2', 'either will do');

  // 1.2.1 (the group's first condition) was left empty: it is not sent, nor are id, level and parentId.
  expect(saved()).toEqual({
    booleanOperator: 'AND',
    statements: [
      { operator: 'VALUE_LESS_THAN', entityName: 'clinicalattribute', valueToCompare: hb, value: 10 },
      {
        booleanOperator: 'AND',
        statements: [
          {
            booleanOperator: 'OR',
            description: 'either will do',
            statements: [
              { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', numberOfValues: 1, valuesToFind: ['Cataract Surgery'] },
            ],
          },
        ],
      },
    ],
  });
  expect(screen.getByText('Any of the statements should be true')).toBeInTheDocument();
});

it('adds a condition after another and deletes any statement, the root emptying the tree', () => {
  renderBuilder({
    booleanOperator: 'AND',
    statements: [
      { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'diagnoses', valuesToFind: ['Cataract'] },
      { booleanOperator: 'OR', statements: [{ operator: 'VALUE_IN', valueToCompare: hb, value: ['low'] }] },
    ],
  });
  click('Add a condition after Procedure Rule 1.1');
  expect(screen.getByRole('group', { name: 'Procedure Rule 1.2' })).toHaveTextContent(
    'Choose an operator; a condition without one is left out on save.',
  );
  expect(screen.getByRole('group', { name: 'Procedure Rule 1.3' })).toHaveTextContent('Any of the statements should be true');
  click('Delete Procedure Rule 1.3');
  expect(saved()).toEqual({
    booleanOperator: 'AND',
    statements: [{ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'diagnoses', valuesToFind: ['Cataract'] }],
  });
  click('Delete Procedure Rule 1');
  expect(saved()).toBeNull();
  expect(screen.queryByRole('group', { name: 'Procedure Rule 1.1' })).not.toBeInTheDocument();
});

describe('every operator asks for the inputs it needs', () => {
  const condition = 'Procedure Rule 1.1';
  const shown = () =>
    ['Entity', 'Number of values', 'Values', 'Clinical attribute', 'Value', 'Lower bound', 'Upper bound'].filter(
      (input) => screen.queryByLabelText(`${input} of ${condition}`) !== null,
    );
  const startWith = async (operator: string) => {
    renderBuilder({ booleanOperator: 'AND', statements: [{}] });
    await pick(`Operator of ${condition}`, operator);
  };

  it.each([
    ['Any N of the values is present', ['Entity', 'Number of values', 'Values']],
    ['All of the values are present', ['Entity', 'Values']],
    ['Value greater than', ['Clinical attribute', 'Value']],
    ['Value greater than or equal to', ['Clinical attribute', 'Value']],
    ['Value less than', ['Clinical attribute', 'Value']],
    ['Value less than or equal to', ['Clinical attribute', 'Value']],
    ['Value equal to', ['Clinical attribute', 'Value']],
    ['Value not equal to', ['Clinical attribute', 'Value']],
    ['Value in range', ['Clinical attribute', 'Lower bound', 'Upper bound']],
    ['Value in', ['Clinical attribute', 'Values']],
    ['Value not in', ['Clinical attribute', 'Values']],
  ])('%s: %j, the two document lists and a description', async (operator, inputs) => {
    await startWith(operator);
    expect(shown().sort()).toEqual([...inputs].sort());
    for (const list of ['Document Inclusion List', 'Document Exclusion List', 'Description'])
      expect(screen.getByLabelText(`${list} of ${condition}`)).toBeInTheDocument();
  });

  it('presence: the values come from the chosen entity’s master, any N of 1 to 10, documents to look in or not', async () => {
    await startWith('Any N of the values is present');
    expect(await offered(`Values of ${condition}`)).toEqual(['Cataract Surgery']);
    await pick(`Entity of ${condition}`, 'Diagnoses');
    expect(await offered(`Values of ${condition}`)).toEqual(['Cataract', 'Glaucoma', 'Senile Cataract']);
    await pick(`Values of ${condition}`, 'Cataract', 'Senile Cataract');
    expect(await offered(`Number of values of ${condition}`)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await pick(`Number of values of ${condition}`, '2');
    await pick(`Document Inclusion List of ${condition}`, 'Discharge Summary');
    await pick(`Document Exclusion List of ${condition}`, 'Final Bill');
    expect(saved()?.statements).toEqual([
      {
        operator: 'ANY_OF_N_VALUES_IS_PRESENT',
        entityName: 'diagnoses',
        numberOfValues: 2,
        valuesToFind: ['Cataract', 'Senile Cataract'],
        documentInclusionList: ['Discharge Summary'],
        documentExclusionList: ['Final Bill'],
      },
    ]);
  });

  it('comparison: a decimal number, anything else is no value and is emptied when the field is left', async () => {
    await startWith('Value greater than or equal to');
    await pick(`Clinical attribute of ${condition}`, 'Axial Length');
    type(`Value of ${condition}`, '-2.5');
    expect(saved()?.statements?.[0]).toEqual({
      operator: 'VALUE_GREATER_THAN_EQUAL_TO',
      entityName: 'clinicalattribute',
      valueToCompare: { id: 61, name: 'Axial Length' },
      value: -2.5,
    });
    type(`Value of ${condition}`, '12abc');
    expect(screen.getByLabelText(`Value of ${condition}`)).toHaveAttribute('aria-invalid', 'true');
    expect(saved()?.statements?.[0].value).toBeUndefined();
    expect(screen.getByRole('alert')).toHaveTextContent('VALUE_GREATER_THAN_EQUAL_TO needs a number');
    fireEvent.blur(screen.getByLabelText(`Value of ${condition}`));
    expect(screen.getByLabelText(`Value of ${condition}`)).toHaveValue('');
  });

  it('range: two numbers, a non-numeric bound is none', async () => {
    await startWith('Value in range');
    await pick(`Clinical attribute of ${condition}`, 'Haemoglobin');
    type(`Lower bound of ${condition}`, '8');
    expect(screen.getByRole('alert')).toHaveTextContent('a range needs two bounds');
    type(`Upper bound of ${condition}`, 'twelve');
    expect(saved()?.statements?.[0].range).toEqual([8, null]);
    type(`Upper bound of ${condition}`, '12.5');
    expect(saved()?.statements?.[0]).toEqual({
      operator: 'VALUE_IN_RANGE',
      entityName: 'clinicalattribute',
      valueToCompare: hb,
      range: [8, 12.5],
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists: comma separated, trimmed, blanks dropped', async () => {
    await startWith('Value not in');
    await pick(`Clinical attribute of ${condition}`, 'Haemoglobin');
    expect(screen.getByLabelText(`Values of ${condition}`)).toHaveAttribute('placeholder', 'Use commas to separate values');
    type(`Values of ${condition}`, ' 6/24, ,Counting Fingers ,');
    expect(saved()?.statements?.[0]).toEqual({
      operator: 'VALUE_NOT_IN',
      entityName: 'clinicalattribute',
      valueToCompare: hb,
      value: ['6/24', 'Counting Fingers'],
    });
    expect(screen.getByLabelText(`Values of ${condition}`)).toHaveValue(' 6/24, ,Counting Fingers ,');
  });

  it('changing the operator keeps what the new one shares and clears the rest', async () => {
    await startWith('Value greater than');
    await pick(`Clinical attribute of ${condition}`, 'Haemoglobin');
    type(`Value of ${condition}`, '10');
    await pick(`Operator of ${condition}`, 'Value less than');
    expect(screen.getByLabelText(`Value of ${condition}`)).toHaveValue('10');
    await pick(`Operator of ${condition}`, 'All of the values are present');
    expect(saved()?.statements).toEqual([{ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'procedures' }]);
  });
});

it('keeps values no master lists any more, so opening a rule loses nothing', async () => {
  renderBuilder({
    booleanOperator: 'AND',
    statements: [{ operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'drugs', valuesToFind: ['Retired drug'] }],
  });
  expect(await offered('Values of Procedure Rule 1.1')).toEqual(['Moxifloxacin', 'Retired drug']);
  expect(saved()?.statements?.[0].valuesToFind).toEqual(['Retired drug']);
});

it('is usable with the keyboard: every control is labelled and reached with Tab, a group’s AND / OR with the arrows', async () => {
  const user = userEvent.setup();
  renderBuilder({
    booleanOperator: 'AND',
    statements: [{ operator: 'VALUE_IN_RANGE', valueToCompare: hb, range: [8, 12] }],
  });
  const controls = [...document.querySelectorAll<HTMLElement>('input, button')].filter((c) => !c.closest('.ant-select-dropdown'));
  for (const control of controls) expect(control).toHaveAccessibleName();

  act(() => screen.getByRole('radio', { name: 'AND' }).focus());
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('radio', { name: 'OR' })).toBeChecked();
  expect(saved()?.booleanOperator).toBe('OR');

  const reached = new Set<Element | null>();
  for (let i = 0; i < 40; i++) {
    await user.tab();
    reached.add(document.activeElement);
  }
  for (const label of [
    'Operator of Procedure Rule 1.1',
    'Clinical attribute of Procedure Rule 1.1',
    'Lower bound of Procedure Rule 1.1',
    'Upper bound of Procedure Rule 1.1',
    'Description of Procedure Rule 1.1',
  ])
    expect(reached).toContain(screen.getByLabelText(label));
  for (const name of ['Delete Procedure Rule 1.1', 'Add a condition to Procedure Rule 1', 'Add a group to Procedure Rule 1'])
    expect(reached).toContain(screen.getByRole('button', { name }));

  act(() => screen.getByRole('button', { name: 'Add a condition to Procedure Rule 1' }).focus());
  await user.keyboard('{Enter}');
  expect(screen.getByRole('group', { name: 'Procedure Rule 1.2' })).toBeInTheDocument();
});
