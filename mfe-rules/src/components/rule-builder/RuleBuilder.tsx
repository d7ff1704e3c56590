import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ENTITY_LABELS,
  ENTITY_OPTIONS,
  LEAF_OPERATORS,
  OPERATOR_LABELS,
  OPERATOR_SHAPES,
  leafValueList,
  statementProblems,
} from '@claims/shared-kernel';
import type { BooleanOperator, EntityName, LeafOperator, NamedRef, RuleStatement } from '@claims/shared-kernel';
import { ALL_TRUE, ANY_TRUE, LimitedSelect } from '@claims/shared-kernel/ui';
import { Button, Flex, Input, Select, Typography, theme } from 'antd';
import type { GlobalToken } from 'antd';
import Radio from 'antd/es/radio';
import type { CSSProperties, ReactNode } from 'react';
import { DecimalInput } from './DecimalInput';
import {
  addCondition,
  addConditionAfter,
  addGroup,
  type EditorNode,
  positions,
  removeNode,
  setBooleanOperator,
  setOperator,
  updateNode,
} from './ruleTree';
import type { BuilderMasters } from './useBuilderMasters';
import { VALUE_LIST_HINT, ValueListInput } from './ValueListInput';

/** Number of Values offers 1 to 10 (spec 3 §5). */
const COUNTS = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
const OPERATOR_OPTIONS = LEAF_OPERATORS.map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }));
const BOOLEAN_OPTIONS: { value: BooleanOperator; label: string }[] = [
  { value: 'AND', label: 'AND' },
  { value: 'OR', label: 'OR' },
];
export const EMPTY_CONDITION_HINT = 'Choose an operator; a condition without one is left out on save.';

export interface RuleBuilderProps {
  /** The builder's name ('Procedure Rule'), which every control's label starts its statement's name with. */
  title: string;
  tree: EditorNode;
  onChange: (tree: EditorNode) => void;
  /** The entity a new presence condition looks for. */
  defaultEntity: EntityName;
  masters: BuilderMasters;
}

interface NodeProps extends Omit<RuleBuilderProps, 'title'> {
  node: EditorNode;
  /** The statement's name in labels: 'Procedure Rule 1.2'. */
  name: (node: EditorNode) => string;
}

/** Names first, as the options of a picker, with values no master lists any more kept (so nothing is lost). */
const nameOptions = (refs: readonly NamedRef[], current: readonly string[] = []) => {
  const names = [...new Set([...refs.map((r) => r.name), ...current])];
  return names.map((name) => ({ value: name, label: name }));
};

/** A statement's own problems (not its children's), in the api's words. */
const ownProblems = (node: EditorNode): string[] =>
  statementProblems(node.statements ? { ...node, statements: [] } : node, '').map((p) => p.message);

function Problems({ node }: { node: EditorNode }) {
  const { token } = theme.useToken();
  const problems = ownProblems(node);
  if (!problems.length) return null;
  return (
    <Typography.Text type="danger" role="alert" style={{ fontSize: token.fontSizeSM }}>
      {problems.join('; ')}
    </Typography.Text>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}

/** What the operator asks of its condition: values of an entity, a number, a range or a list, of a clinical attribute. */
function Operands({ node, name, tree, onChange, masters }: NodeProps) {
  const change = (patch: Partial<RuleStatement>) => onChange(updateNode(tree, node.id, patch));
  const label = name(node);
  if (!node.operator) return null;
  const shape = OPERATOR_SHAPES[node.operator];
  if (shape === 'presence') {
    const entity = node.entityName ?? 'diagnoses';
    return (
      <>
        <Field label="Entity">
          <Select<EntityName>
            size="small"
            id={`${node.id}-entity`}
            aria-label={`Entity of ${label}`}
            value={entity}
            options={ENTITY_OPTIONS}
            style={{ width: 170 }}
            onChange={(entityName) => change({ entityName, valuesToFind: [] })}
          />
        </Field>
        {node.operator === 'ANY_OF_N_VALUES_IS_PRESENT' && (
          <Field label="Number of Values">
            <Select<number>
              size="small"
              id={`${node.id}-count`}
              aria-label={`Number of values of ${label}`}
              value={node.numberOfValues ?? 1}
              options={COUNTS}
              style={{ width: 80 }}
              onChange={(numberOfValues) => change({ numberOfValues })}
            />
          </Field>
        )}
        <Field label="Values to find">
          <Select<string[]>
            size="small"
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            maxTagCount={20}
            id={`${node.id}-values`}
            aria-label={`Values of ${label}`}
            placeholder={`Choose ${ENTITY_LABELS[entity].toLowerCase()}`}
            value={node.valuesToFind ?? []}
            options={nameOptions(masters.entities[entity], node.valuesToFind)}
            style={{ minWidth: 260 }}
            onChange={(valuesToFind) => change({ valuesToFind })}
          />
        </Field>
      </>
    );
  }
  const attributes = [...masters.clinicalAttributes];
  if (node.valueToCompare && !attributes.some((a) => String(a.id) === String(node.valueToCompare?.id)))
    attributes.push({ id: Number(node.valueToCompare.id), name: node.valueToCompare.name });
  const attribute = (
    <Field label="Clinical Attribute">
      <Select<string>
        size="small"
        showSearch
        optionFilterProp="label"
        id={`${node.id}-attribute`}
        aria-label={`Clinical attribute of ${label}`}
        placeholder="Choose the clinical attribute"
        value={node.valueToCompare ? String(node.valueToCompare.id) : undefined}
        options={attributes.map((a) => ({ value: String(a.id), label: a.name }))}
        style={{ width: 220 }}
        onChange={(id) => {
          const chosen = attributes.find((a) => String(a.id) === id);
          if (chosen) change({ valueToCompare: { id: chosen.id, name: chosen.name } });
        }}
      />
    </Field>
  );
  if (shape === 'comparison')
    return (
      <>
        {attribute}
        <Field label="Value">
          <DecimalInput
            label={`Value of ${label}`}
            value={typeof node.value === 'number' ? node.value : null}
            onChange={(value) => change({ value: value ?? undefined })}
          />
        </Field>
      </>
    );
  if (shape === 'range') {
    const [lower, upper] = node.range ?? [null, null];
    return (
      <>
        {attribute}
        <Field label="From">
          <DecimalInput label={`Lower bound of ${label}`} value={lower} onChange={(value) => change({ range: [value, upper] })} />
        </Field>
        <Field label="To">
          <DecimalInput label={`Upper bound of ${label}`} value={upper} onChange={(value) => change({ range: [lower, value] })} />
        </Field>
      </>
    );
  }
  return (
    <>
      {attribute}
      <Field label={`Values (${VALUE_LIST_HINT.toLowerCase()})`}>
        <ValueListInput label={`Values of ${label}`} value={leafValueList(node.value)} onChange={(value) => change({ value })} />
      </Field>
    </>
  );
}

function DocumentLists({ node, name, tree, onChange, masters }: NodeProps) {
  const label = name(node);
  const documents = (field: 'documentInclusionList' | 'documentExclusionList', title: string) => (
    <Field label={title}>
      <LimitedSelect<string>
        size="small"
        id={`${node.id}-${field}`}
        aria-label={`${title} of ${label}`}
        placeholder="Any document"
        value={node[field] ?? []}
        options={nameOptions(masters.entities.document, node[field])}
        style={{ minWidth: 220 }}
        onChange={(chosen) => onChange(updateNode(tree, node.id, { [field]: chosen.length ? chosen : undefined }))}
      />
    </Field>
  );
  return (
    <>
      {documents('documentInclusionList', 'Document Inclusion List')}
      {documents('documentExclusionList', 'Document Exclusion List')}
    </>
  );
}

function Description({ node, name, tree, onChange }: NodeProps) {
  return (
    <Input
      size="small"
      aria-label={`Description of ${name(node)}`}
      placeholder="Description"
      value={node.description ?? ''}
      style={{ maxWidth: 360 }}
      onChange={(event) => onChange(updateNode(tree, node.id, { description: event.target.value || undefined }))}
    />
  );
}

/** The frame around each condition and group. */
const nodeFrame = (token: GlobalToken): CSSProperties => ({
  border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
  borderRadius: token.borderRadius,
  padding: token.paddingXS,
});

function ConditionNode(props: NodeProps) {
  const { node, name, tree, onChange, defaultEntity } = props;
  const { token } = theme.useToken();
  const label = name(node);
  return (
    <Flex vertical gap={6} role="group" aria-label={label} style={nodeFrame(token)}>
      <Flex gap={8} align="flex-end" wrap>
        <Field label={label}>
          <Select<LeafOperator>
            size="small"
            id={`${node.id}-operator`}
            aria-label={`Operator of ${label}`}
            placeholder="Choose an operator"
            value={node.operator}
            options={OPERATOR_OPTIONS}
            // Eleven operators: all of them listed at once, none left for scrolling to reveal.
            virtual={false}
            listHeight={320}
            style={{ width: 250 }}
            onChange={(operator) => onChange(setOperator(tree, node.id, operator, defaultEntity))}
          />
        </Field>
        <Operands {...props} />
      </Flex>
      {node.operator ? (
        <Flex gap={8} wrap>
          <DocumentLists {...props} />
        </Flex>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {EMPTY_CONDITION_HINT}
        </Typography.Text>
      )}
      <Flex gap={8} align="center" wrap>
        <Description {...props} />
        <Button
          size="small"
          type="link"
          icon={<PlusOutlined />}
          aria-label={`Add a condition after ${label}`}
          onClick={() => onChange(addConditionAfter(tree, node.id))}
        >
          Add
        </Button>
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete ${label}`}
          onClick={() => onChange(removeNode(tree, node.id))}
        >
          Delete
        </Button>
      </Flex>
      <Problems node={node} />
    </Flex>
  );
}

function GroupNode(props: NodeProps) {
  const { node, name, tree, onChange } = props;
  const { token } = theme.useToken();
  const label = name(node);
  const operator = node.booleanOperator ?? 'AND';
  return (
    <Flex
      vertical
      gap={6}
      role="group"
      aria-label={label}
      style={{ ...nodeFrame(token), background: node.level % 2 ? token.colorFillAlter : undefined }}
    >
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{label}</Typography.Text>
        <Radio.Group
          size="small"
          optionType="button"
          name={`${node.id}-boolean`}
          aria-label={`Boolean operator of ${label}`}
          value={operator}
          options={BOOLEAN_OPTIONS}
          onChange={(event) => onChange(setBooleanOperator(tree, node.id, event.target.value as BooleanOperator))}
        />
        <Typography.Text type="secondary">{operator === 'AND' ? ALL_TRUE : ANY_TRUE}</Typography.Text>
      </Flex>
      <Flex
        vertical
        gap={6}
        style={{ paddingInlineStart: token.padding, borderInlineStart: `${token.lineWidthBold}px dotted ${token.colorBorder}` }}
      >
        {(node.statements ?? []).map((child) =>
          child.statements ? (
            <GroupNode key={child.id} {...props} node={child} />
          ) : (
            <ConditionNode key={child.id} {...props} node={child} />
          ),
        )}
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Description {...props} />
        <Button
          size="small"
          type="link"
          icon={<PlusOutlined />}
          aria-label={`Add a condition to ${label}`}
          onClick={() => onChange(addCondition(tree, node.id))}
        >
          Add
        </Button>
        <Button
          size="small"
          type="link"
          icon={<PlusOutlined />}
          aria-label={`Add a group to ${label}`}
          onClick={() => onChange(addGroup(tree, node.id))}
        >
          Add Group
        </Button>
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete ${label}`}
          onClick={() => onChange(removeNode(tree, node.id))}
        >
          Delete
        </Button>
      </Flex>
      <Problems node={node} />
    </Flex>
  );
}

/**
 * The rule builder (spec 3 §2.8, spec 2 §3): AND / OR groups nested to any depth, Add and Delete on every
 * statement, every leaf operator with the inputs it needs, the documents a condition looks in or not, and a
 * description per statement. Every control is a labelled form control ('Operator of Procedure Rule 1.2'), so the
 * builder is used with the keyboard alone. A statement's problems show beside it in the api's words.
 */
export function RuleBuilder({ title, tree, onChange, defaultEntity, masters }: RuleBuilderProps) {
  const places = positions(tree);
  const name = (node: EditorNode) => `${title} ${places.get(node.id) ?? ''}`.trim();
  return <GroupNode node={tree} name={name} tree={tree} onChange={onChange} defaultEntity={defaultEntity} masters={masters} />;
}
