import { Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { COMPARISON_SIGNS, ENTITY_LABELS, leafValueList } from '@claims/shared-kernel';
import type { EvidenceLocation, RuleStatement } from '../contract';
import { occurrenceKeys } from './keys';

/** Wording of the rule viewer (spec 2 §2.10). */
export const ALL_TRUE = 'All of the statements should be true';
export const ANY_TRUE = 'Any of the statements should be true';
/** Leaves show this many values; the rest sit in a '+N values' tooltip. */
const SHOWN_VALUES = 3;

/** Values as tags: the first three, the rest counted in a tooltip. */
export function ValueTags({ values }: { values: readonly string[] }) {
  const shown = values.slice(0, SHOWN_VALUES);
  const rest = values.slice(SHOWN_VALUES);
  const keys = occurrenceKeys(shown);
  return (
    <Flex gap={4} wrap component="span">
      {shown.map((value, index) => (
        <Tag key={keys[index]} style={{ marginInlineEnd: 0 }}>
          {value}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Tag color="blue" style={{ marginInlineEnd: 0, cursor: 'help' }}>{`+${rest.length} values`}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** Document lists longer than three show two and a count. */
function documentList(documents: readonly string[]): string {
  return documents.length > SHOWN_VALUES ? `${documents.slice(0, 2).join(', ')} +${documents.length - 2}` : documents.join(', ');
}

/** What a leaf asks, in words; the values follow as tags. */
function leafCondition(leaf: RuleStatement): { text: string; values: string[] } {
  const entity = leaf.entityName ? ENTITY_LABELS[leaf.entityName] : '';
  const subject = leaf.valueToCompare?.name ?? entity;
  switch (leaf.operator) {
    case 'ANY_OF_N_VALUES_IS_PRESENT':
      return { text: `${entity}: any ${leaf.numberOfValues ?? 1} of these present`, values: leaf.valuesToFind ?? [] };
    case 'ALL_OF_THE_VALUES_ARE_PRESENT':
      return { text: `${entity}: all of these present`, values: leaf.valuesToFind ?? [] };
    case 'VALUE_IN_RANGE': {
      const [low, high] = leaf.range ?? [null, null];
      return { text: `${subject} between ${low ?? '…'} and ${high ?? '…'}`, values: [] };
    }
    case 'VALUE_IN':
      return { text: `${subject} is one of`, values: leafValueList(leaf.value) };
    case 'VALUE_NOT_IN':
      return { text: `${subject} is none of`, values: leafValueList(leaf.value) };
    case undefined:
      return { text: entity, values: leaf.valuesToFind ?? [] };
    default:
      return {
        text: `${subject} ${COMPARISON_SIGNS[leaf.operator] ?? leaf.operator} ${Array.isArray(leaf.value) ? leaf.value.join(', ') : (leaf.value ?? '')}`,
        values: [],
      };
  }
}

function Outcome({ leaf }: { leaf: RuleStatement }) {
  const found =
    leaf.valueFound != null && leaf.valueFound !== '' ? `Found: ${leaf.valueFound}${leaf.unitFound ? ` ${leaf.unitFound}` : ''}` : null;
  if (leaf.conditionResult === undefined && !found) return null;
  return (
    <Flex gap={6} component="span" align="center">
      {leaf.conditionResult !== undefined && (
        <Tag color={leaf.conditionResult ? 'success' : 'error'}>{leaf.conditionResult ? 'True' : 'False'}</Tag>
      )}
      {found && <Typography.Text type="secondary">{found}</Typography.Text>}
    </Flex>
  );
}

/** Called with a leaf's evidence when the reviewer asks to see it (a claim's verification). */
export type EvidenceHandler = (evidence: EvidenceLocation, leaf: RuleStatement) => void;

const evidenceLabel = (evidence: EvidenceLocation): string =>
  `${evidence.referenceToDocument ? `${evidence.referenceToDocument}, ` : ''}page ${evidence.pageNumber}`;

/** Where a leaf found what it looked for, one link per place. */
function EvidenceLinks({ leaf, onEvidence }: { leaf: RuleStatement; onEvidence: EvidenceHandler }) {
  const places = leaf.evidence ?? [];
  const keys = occurrenceKeys(places.map(evidenceLabel));
  return places.map((evidence, index) => (
    <Button
      key={keys[index]}
      type="link"
      size="small"
      style={{ paddingInline: 0 }}
      aria-label={`Show evidence: ${evidenceLabel(evidence)}`}
      onClick={() => onEvidence(evidence, leaf)}
    >
      {evidenceLabel(evidence)}
    </Button>
  ));
}

/** The analyst's own words for a statement (spec 3 §2.8, §3.5: every node may have a description). */
function Description({ node, path }: { node: RuleStatement; path: string }) {
  const text = node.description?.trim();
  if (!text) return null;
  return (
    <Typography.Text type="secondary" italic aria-label={`Description of ${path}`}>
      {text}
    </Typography.Text>
  );
}

function Statement({ node, path, onEvidence }: { node: RuleStatement; path: string; onEvidence?: EvidenceHandler }): ReactNode {
  const { token } = theme.useToken();
  const label = (
    <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums', minWidth: 40 }}>
      {path}
    </Typography.Text>
  );
  if (node.statements) {
    return (
      <Flex vertical gap={6}>
        <Flex gap={8} align="center" wrap>
          {label}
          <Typography.Text strong>{node.booleanOperator === 'AND' ? ALL_TRUE : ANY_TRUE}</Typography.Text>
          <Description node={node} path={path} />
          {node.conditionResult !== undefined && <Outcome leaf={{ conditionResult: node.conditionResult }} />}
        </Flex>
        <Flex
          vertical
          gap={6}
          style={{ paddingInlineStart: 20, borderInlineStart: `2px dotted ${token.colorBorder}`, marginInlineStart: 8 }}
        >
          {node.statements.map((child, index) => {
            // The viewer is read-only: a statement is known by its number in the tree, shown beside it.
            const childPath = `${path}.${index + 1}`;
            return <Statement key={childPath} node={child} path={childPath} onEvidence={onEvidence} />;
          })}
        </Flex>
      </Flex>
    );
  }
  const { text, values } = leafCondition(node);
  return (
    <Flex gap={8} align="center" wrap>
      {label}
      <Typography.Text>{text}</Typography.Text>
      {values.length > 0 && <ValueTags values={values} />}
      {!!node.documentInclusionList?.length && (
        <Typography.Text type="secondary">{`in ${documentList(node.documentInclusionList)}`}</Typography.Text>
      )}
      {!!node.documentExclusionList?.length && (
        <Typography.Text type="secondary">{`not in ${documentList(node.documentExclusionList)}`}</Typography.Text>
      )}
      <Description node={node} path={path} />
      <Outcome leaf={node} />
      {onEvidence && <EvidenceLinks leaf={node} onEvidence={onEvidence} />}
    </Flex>
  );
}

/**
 * The read-only rule viewer (spec 2 §2.10): the nested condition tree with dotted positions (1, 1.2,
 * 1.2.1), AND read as 'All of the statements should be true', anything else as 'Any ...', each statement with its
 * description where the builder gave one. Leaves show
 * conditionResult, valueFound and unitFound when the context supplies them (a claim's verification);
 * with `onEvidence`, a leaf that found something links to each place it found it.
 */
export function RuleTree({
  rule,
  empty = 'No rule configured',
  onEvidence,
}: {
  rule: RuleStatement | null | undefined;
  empty?: string;
  onEvidence?: EvidenceHandler;
}) {
  if (!rule || (rule.statements && rule.statements.length === 0)) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return <Statement node={rule} path="1" onEvidence={onEvidence} />;
}
