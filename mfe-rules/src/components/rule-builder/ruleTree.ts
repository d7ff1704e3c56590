/**
 * The rule builder's tree (spec 2 §3, spec 3 §3.5): while editing, every statement carries id, level and parentId;
 * the root is always a group. Pure operations, each answering a new tree; toSavedStatement strips the editor-only
 * fields and drops empty conditions (the kernel's cleanStatement, the same the api applies).
 */
import { cleanStatement, OPERATOR_SHAPES } from '@claims/shared-kernel';
import type { BooleanOperator, EntityName, LeafOperator, RuleStatement } from '@claims/shared-kernel';

export interface EditorNode extends RuleStatement {
  id: string;
  level: number;
  parentId: string | null;
  statements?: EditorNode[];
}

let lastId = 0;
/** A new statement's id, unique in the page. */
const nextId = () => `s${++lastId}`;

const emptyCondition = (level: number, parentId: string): EditorNode => ({ id: nextId(), level, parentId });

function withIds(node: RuleStatement, level: number, parentId: string | null): EditorNode {
  const id = nextId();
  const { id: _id, level: _level, parentId: _parentId, statements, ...rest } = node;
  return {
    ...rest,
    id,
    level,
    parentId,
    ...(statements ? { statements: statements.map((child) => withIds(child, level + 1, id)) } : {}),
  };
}

/** A saved tree as the builder edits it: no tree is an empty AND group, a lone condition is put in one. */
export function toEditorTree(statement: RuleStatement | null | undefined): EditorNode {
  if (!statement) return { id: nextId(), level: 0, parentId: null, booleanOperator: 'AND', statements: [] };
  if (statement.statements || statement.booleanOperator) return withIds({ statements: [], ...statement }, 0, null);
  return withIds({ booleanOperator: 'AND', statements: [statement] }, 0, null);
}

/** What is sent for the tree: null when it holds no condition. */
export const toSavedStatement = (tree: EditorNode): RuleStatement | null => cleanStatement(tree);

function mapTree(node: EditorNode, change: (node: EditorNode) => EditorNode): EditorNode {
  const changed = change(node);
  return changed.statements ? { ...changed, statements: changed.statements.map((child) => mapTree(child, change)) } : changed;
}

/** Adds an empty condition at the end of group `groupId`. */
export const addCondition = (tree: EditorNode, groupId: string): EditorNode =>
  mapTree(tree, (node) =>
    node.id === groupId ? { ...node, statements: [...(node.statements ?? []), emptyCondition(node.level + 1, node.id)] } : node,
  );

/** Adds a group (AND, with one empty condition) at the end of group `groupId`. */
export const addGroup = (tree: EditorNode, groupId: string): EditorNode =>
  mapTree(tree, (node) => {
    if (node.id !== groupId) return node;
    const id = nextId();
    const group: EditorNode = {
      id,
      level: node.level + 1,
      parentId: node.id,
      booleanOperator: 'AND',
      statements: [emptyCondition(node.level + 2, id)],
    };
    return { ...node, statements: [...(node.statements ?? []), group] };
  });

/** Adds an empty condition right after statement `nodeId`, in its group. */
export const addConditionAfter = (tree: EditorNode, nodeId: string): EditorNode =>
  mapTree(tree, (node) => {
    const at = node.statements?.findIndex((child) => child.id === nodeId) ?? -1;
    if (at < 0 || !node.statements) return node;
    const statements = [...node.statements];
    statements.splice(at + 1, 0, emptyCondition(node.level + 1, node.id));
    return { ...node, statements };
  });

/** Removes statement `nodeId` with everything under it; deleting the root empties the tree. */
export function removeNode(tree: EditorNode, nodeId: string): EditorNode {
  if (tree.id === nodeId) return { ...tree, booleanOperator: 'AND', description: undefined, statements: [] };
  return mapTree(tree, (node) =>
    node.statements?.some((child) => child.id === nodeId)
      ? { ...node, statements: node.statements.filter((child) => child.id !== nodeId) }
      : node,
  );
}

/** Changes the fields of statement `nodeId` (undefined removes a field). */
export const updateNode = (tree: EditorNode, nodeId: string, patch: Partial<Omit<RuleStatement, 'statements'>>): EditorNode =>
  mapTree(tree, (node) => {
    if (node.id !== nodeId) return node;
    const next: EditorNode = { ...node, ...patch };
    for (const [field, value] of Object.entries(patch)) if (value === undefined) delete next[field as keyof EditorNode];
    return next;
  });

export const setBooleanOperator = (tree: EditorNode, nodeId: string, booleanOperator: BooleanOperator): EditorNode =>
  updateNode(tree, nodeId, { booleanOperator });

/** The fields each shape of operator uses (the document lists and the description belong to every condition). */
const SHAPE_FIELDS = {
  presence: ['entityName', 'valuesToFind', 'numberOfValues'],
  comparison: ['entityName', 'valueToCompare', 'value'],
  range: ['entityName', 'valueToCompare', 'range'],
  list: ['entityName', 'valueToCompare', 'value'],
} as const;
const OPERAND_FIELDS = ['entityName', 'valuesToFind', 'numberOfValues', 'valueToCompare', 'value', 'range'] as const;

/**
 * Gives condition `nodeId` an operator. Fields the new operator does not use are cleared; a presence condition
 * starts looking for the builder's own entity, a comparison compares a clinical attribute; moving between the
 * comparisons keeps the attribute and the number, between the presence operators the values.
 */
export function setOperator(tree: EditorNode, nodeId: string, operator: LeafOperator, defaultEntity: EntityName): EditorNode {
  return mapTree(tree, (node) => {
    if (node.id !== nodeId) return node;
    const shape = OPERATOR_SHAPES[operator];
    const previous = node.operator ? OPERATOR_SHAPES[node.operator] : null;
    const next: EditorNode = { ...node, operator };
    const kept: readonly string[] = previous === shape ? SHAPE_FIELDS[shape] : shape === 'presence' ? [] : ['valueToCompare'];
    for (const field of OPERAND_FIELDS) if (!kept.includes(field)) delete next[field];
    if (shape === 'presence') {
      next.entityName ??= defaultEntity;
      if (operator === 'ANY_OF_N_VALUES_IS_PRESENT') next.numberOfValues ??= 1;
      else delete next.numberOfValues;
    } else next.entityName = 'clinicalattribute';
    return next;
  });
}

/** The statements of the tree in order, each with its dotted position ('1', '1.2', '1.2.1'). */
export function positions(tree: EditorNode): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: EditorNode, position: string) => {
    found.set(node.id, position);
    node.statements?.forEach((child, index) => {
      walk(child, `${position}.${index + 1}`);
    });
  };
  walk(tree, '1');
  return found;
}
