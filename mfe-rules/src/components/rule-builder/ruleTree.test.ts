import type { RuleStatement } from '@claims/shared-kernel';
import {
  addCondition,
  addConditionAfter,
  addGroup,
  type EditorNode,
  positions,
  removeNode,
  setBooleanOperator,
  setOperator,
  toEditorTree,
  toSavedStatement,
  updateNode,
} from './ruleTree';

const hb = { id: 4, name: 'Haemoglobin' };
const saved: RuleStatement = {
  booleanOperator: 'AND',
  statements: [
    { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'diagnoses', numberOfValues: 1, valuesToFind: ['Cataract'] },
    {
      booleanOperator: 'OR',
      statements: [{ operator: 'VALUE_LESS_THAN', entityName: 'clinicalattribute', valueToCompare: hb, value: 10 }],
    },
  ],
};

/** Every node's editor fields, as [id, level, parentId] under their positions. */
function editorFields(tree: EditorNode) {
  const places = positions(tree);
  const rows: [string, number, string | null][] = [];
  const walk = (node: EditorNode) => {
    rows.push([places.get(node.id)!, node.level, node.parentId === null ? null : places.get(node.parentId)!]);
    node.statements?.forEach(walk);
  };
  walk(tree);
  return rows;
}

it('gives every statement an id, a level and its parent, and saves the tree without them', () => {
  const tree = toEditorTree(saved);
  expect(editorFields(tree)).toEqual([
    ['1', 0, null],
    ['1.1', 1, '1'],
    ['1.2', 1, '1'],
    ['1.2.1', 2, '1.2'],
  ]);
  expect(new Set([...positions(tree).keys()]).size).toBe(4);
  expect(toSavedStatement(tree)).toEqual(saved);
});

it('edits no tree as an empty AND group and a lone condition inside one', () => {
  const empty = toEditorTree(null);
  expect(empty).toMatchObject({ booleanOperator: 'AND', statements: [], level: 0, parentId: null });
  expect(toSavedStatement(empty)).toBeNull();
  const lone = toEditorTree(saved.statements![0]);
  expect(toSavedStatement(lone)).toEqual({ booleanOperator: 'AND', statements: [saved.statements![0]] });
});

it('adds conditions and groups at any depth and drops the ones left empty on save', () => {
  let tree = toEditorTree(null);
  tree = addGroup(tree, tree.id);
  const group = tree.statements![0];
  expect(group).toMatchObject({ booleanOperator: 'AND', level: 1, parentId: tree.id });
  expect(group.statements).toHaveLength(1);
  tree = addGroup(tree, group.id);
  const inner = tree.statements![0].statements![1];
  expect(inner).toMatchObject({ level: 2, parentId: group.id });
  tree = setBooleanOperator(tree, inner.id, 'OR');
  tree = setOperator(tree, inner.statements![0].id, 'VALUE_IN', 'procedures');
  tree = updateNode(tree, inner.statements![0].id, { valueToCompare: hb, value: ['low'] });
  tree = addCondition(tree, tree.id);
  tree = addConditionAfter(tree, group.id);
  expect(positions(tree).size).toBe(7);
  expect(toSavedStatement(tree)).toEqual({
    booleanOperator: 'AND',
    statements: [
      {
        booleanOperator: 'AND',
        statements: [
          {
            booleanOperator: 'OR',
            statements: [{ operator: 'VALUE_IN', entityName: 'clinicalattribute', valueToCompare: hb, value: ['low'] }],
          },
        ],
      },
    ],
  });
});

it('deletes a statement with everything under it; deleting the root empties the tree', () => {
  const tree = toEditorTree(saved);
  const group = tree.statements![1];
  expect(toSavedStatement(removeNode(tree, group.id))).toEqual({ booleanOperator: 'AND', statements: [saved.statements![0]] });
  expect(toSavedStatement(removeNode(tree, tree.id))).toBeNull();
});

it('keeps the fields an operator shares with the one before and clears the rest', () => {
  let tree = toEditorTree({ booleanOperator: 'AND', statements: [{}] });
  const id = tree.statements![0].id;
  const leaf = () => tree.statements![0];
  tree = setOperator(tree, id, 'ANY_OF_N_VALUES_IS_PRESENT', 'diagnoses');
  expect(leaf()).toMatchObject({ operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'diagnoses', numberOfValues: 1 });
  tree = updateNode(tree, id, { valuesToFind: ['A', 'B'], numberOfValues: 2, documentInclusionList: ['Discharge Summary'] });
  tree = setOperator(tree, id, 'ALL_OF_THE_VALUES_ARE_PRESENT', 'diagnoses');
  expect(toSavedStatement(tree)?.statements).toEqual([
    {
      operator: 'ALL_OF_THE_VALUES_ARE_PRESENT',
      entityName: 'diagnoses',
      valuesToFind: ['A', 'B'],
      documentInclusionList: ['Discharge Summary'],
    },
  ]);
  tree = setOperator(tree, id, 'VALUE_GREATER_THAN', 'diagnoses');
  expect(leaf()).toEqual(expect.objectContaining({ operator: 'VALUE_GREATER_THAN', entityName: 'clinicalattribute' }));
  expect(leaf().valuesToFind).toBeUndefined();
  tree = updateNode(tree, id, { valueToCompare: hb, value: 10 });
  tree = setOperator(tree, id, 'VALUE_LESS_THAN_EQUAL_TO', 'diagnoses');
  expect(leaf()).toMatchObject({ valueToCompare: hb, value: 10 });
  tree = setOperator(tree, id, 'VALUE_IN_RANGE', 'diagnoses');
  expect(leaf()).toMatchObject({ valueToCompare: hb });
  expect(leaf().value).toBeUndefined();
  tree = updateNode(tree, id, { value: undefined, description: 'kept' });
  expect('value' in leaf()).toBe(false);
  expect(leaf().description).toBe('kept');
});
