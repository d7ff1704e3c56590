import type { Claim, EntityGroup, FoundItem, ProcedureVerification } from '@claims/shared-kernel';
import { useChanged } from '@claims/shared-kernel/ui';
import { Button, Collapse, Flex, Tooltip, Typography, theme } from 'antd';
import { useState, type Key } from 'react';
import { ErrorFlag } from '../../components/annotation';
import { GROUP_TEXTS, groupViews, itemPlace, itemText, noDocumentHint, type GroupView } from '../../components/verification/display';
import { evidenceKey, placeOfItem, placeOfNegation, targetOf, type DocumentPlace } from '../../components/verification/evidence';
import { useTones } from '../../components/verification/tones';

interface EntryProps {
  claim: Claim;
  code: string;
  group: EntityGroup;
  index: number;
  item: FoundItem;
  active: boolean;
  onShow: (place: DocumentPlace, key: string | null) => void;
}

/** A found item: opens its place in the viewer, with its error flag beside it. */
function FoundEntry({ claim, code, group, index, item, active, onShow }: EntryProps) {
  const place = placeOfItem(item);
  const opens = targetOf(claim.documents, place) !== null;
  const key = evidenceKey(code, group, index);
  const text = itemText(group, item);
  const where = itemPlace(item, claim.documents.length > 1);
  const tones = useTones();
  const { token } = theme.useToken();
  return (
    <li
      data-evidence-key={key}
      aria-current={active ? 'true' : undefined}
      style={{ background: active ? tones.highlight : undefined, borderRadius: token.borderRadiusSM, paddingInline: token.paddingXXS }}
    >
      <Flex align="center" gap={6} wrap>
        {opens ? (
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onShow(place, key)}>
            {text}
          </Button>
        ) : (
          <Tooltip title={noDocumentHint(item)}>
            {/* React sends no mouse events to a disabled button: the wrapper lets the hint show. */}
            <span style={{ display: 'inline-flex' }}>
              <Button type="link" size="small" style={{ paddingInline: 0 }} disabled>
                {text}
              </Button>
            </span>
          </Tooltip>
        )}
        {where && <Typography.Text type="secondary">{where}</Typography.Text>}
        <ErrorFlag claim={claim} procedureCode={code} group={group} index={index} item={item} />
      </Flex>
    </li>
  );
}

const listStyle = { margin: 0, paddingInlineStart: 16, listStyle: 'none' } as const;

/** An absent item; where the documents say it is absent ('No evidence of ...'), that place opens in the viewer. */
function AbsentEntry({ claim, group, item, onShow }: Pick<EntryProps, 'claim' | 'group' | 'item' | 'onShow'>) {
  const place = placeOfNegation(item);
  const text = itemText(group, item);
  if (!place || !item.negatedAt || targetOf(claim.documents, place) === null)
    return (
      <li>
        <Typography.Text type="secondary">{text}</Typography.Text>
      </li>
    );
  const where = itemPlace(
    { ...item, referenceToDocument: item.negatedAt.referenceToDocument, position: item.negatedAt.position },
    claim.documents.length > 1,
  );
  return (
    <li>
      <Flex align="center" gap={6} wrap>
        <Typography.Text type="secondary">{text}</Typography.Text>
        <Tooltip title="The documents say it is absent">
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onShow(place, null)}>
            {`“${item.negatedAt.text}”`}
          </Button>
        </Tooltip>
        {where && <Typography.Text type="secondary">{where}</Typography.Text>}
      </Flex>
    </li>
  );
}

function GroupBody({
  claim,
  code,
  view,
  activeKey,
  onShow,
}: { claim: Claim; code: string; view: GroupView; activeKey: string | null } & Pick<EntryProps, 'onShow'>) {
  const texts = GROUP_TEXTS[view.group];
  if (view.found.length === 0 && view.absent.length === 0) return <Typography.Text type="secondary">{texts.empty}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      <div>
        <Typography.Text strong>Found</Typography.Text>
        {view.found.length === 0 ? (
          <div>
            <Typography.Text type="secondary">{texts.notFound}</Typography.Text>
          </div>
        ) : (
          <ul style={listStyle} aria-label={`${texts.label} found`}>
            {view.found.map(({ item, index }) => (
              <FoundEntry
                key={index}
                claim={claim}
                code={code}
                group={view.group}
                index={index}
                item={item}
                active={activeKey === evidenceKey(code, view.group, index)}
                onShow={onShow}
              />
            ))}
          </ul>
        )}
      </div>
      {view.showAbsent && view.absent.length > 0 && (
        <div>
          <Typography.Text strong>Absent</Typography.Text>
          <ul style={listStyle} aria-label={`${texts.label} absent`}>
            {view.absent.map(({ item, index }) => (
              <AbsentEntry key={index} claim={claim} group={view.group} item={item} onShow={onShow} />
            ))}
          </ul>
        </div>
      )}
    </Flex>
  );
}

/**
 * The entity accordions of one procedure (spec 1 §2): found and absent items per group, green when the
 * procedure is accepted or the group found something, red otherwise. The group of the item the keyboard
 * chose opens by itself.
 */
export function EntityGroups({
  claim,
  code,
  verification,
  activeKey,
  onShow,
}: {
  claim: Claim;
  code: string;
  verification: ProcedureVerification;
  activeKey: string | null;
} & Pick<EntryProps, 'onShow'>) {
  const views = groupViews(verification, claim.adjudicationResult);
  const activeGroup =
    views.find((view) => view.found.some(({ index }) => evidenceKey(code, view.group, index) === activeKey))?.group ?? null;
  const [open, setOpen] = useState<string[]>([]);
  const tones = useTones();
  if (useChanged([activeGroup]) && activeGroup && !open.includes(activeGroup)) setOpen([...open, activeGroup]);

  return (
    <Collapse
      size="small"
      activeKey={open}
      onChange={(keys: Key[]) => setOpen(keys.map(String))}
      items={views.map((view) => {
        const colour = view.tone === 'green' ? tones.green : tones.red;
        return {
          key: view.group,
          label: (
            <Flex justify="space-between" gap={8}>
              <span data-tone={view.tone} style={{ color: colour, fontWeight: 600 }}>
                {GROUP_TEXTS[view.group].label}
              </span>
              <Typography.Text type="secondary">
                {view.showAbsent ? `${view.found.length} found, ${view.absent.length} absent` : `${view.found.length} found`}
              </Typography.Text>
            </Flex>
          ),
          styles: {
            header: {
              background: view.tone === 'green' ? tones.greenBackground : tones.redBackground,
              borderInlineStart: `4px solid ${colour}`,
            },
          },
          children: <GroupBody claim={claim} code={code} view={view} activeKey={activeKey} onShow={onShow} />,
        };
      })}
    />
  );
}
