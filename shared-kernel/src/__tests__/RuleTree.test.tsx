import { screen } from '@testing-library/react';
import type { RuleStatement } from '../contract';
import { renderScreen } from '../testing/render';
import { ALL_TRUE, ANY_TRUE, RuleTree } from '../ui/RuleTree';

const tree: RuleStatement = {
  booleanOperator: 'AND',
  description: 'Cataract surgery is justified',
  statements: [
    {
      operator: 'ANY_OF_N_VALUES_IS_PRESENT',
      entityName: 'diagnoses',
      numberOfValues: 1,
      valuesToFind: ['Cataract'],
      description: 'The diagnosis names the cataract',
    },
    {
      booleanOperator: 'OR',
      description: '  ',
      statements: [{ operator: 'VALUE_IN_RANGE', valueToCompare: { id: 61, name: 'Axial Length' }, range: [20, 26] }],
    },
  ],
};

it("shows each statement's description beside it, and nothing for a statement without one", () => {
  renderScreen(<RuleTree rule={tree} />);
  expect(screen.getByText(ALL_TRUE)).toBeInTheDocument();
  expect(screen.getByText(ANY_TRUE)).toBeInTheDocument();
  expect(screen.getByLabelText('Description of 1')).toHaveTextContent('Cataract surgery is justified');
  expect(screen.getByLabelText('Description of 1.1')).toHaveTextContent('The diagnosis names the cataract');
  // A blank description and a leaf without one show none.
  expect(screen.queryByLabelText('Description of 1.2')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Description of 1.2.1')).not.toBeInTheDocument();
  expect(screen.getByText('Axial Length between 20 and 26')).toBeInTheDocument();
});
