import { Flex, Tag, Tooltip, Typography } from 'antd';

/** Items shown of an unchanged list before '+N' (spec 2 §9: override chips show the first 2 items plus a count). */
const SHOWN = 2;

export interface ListChangesProps {
  items: readonly string[];
  /** The list as loaded; null for a new entry (nothing to compare with). */
  before: readonly string[] | null;
  /** What an empty list means: 'All' (hospitals, procedures) or 'None' (exclusions). */
  empty: string;
  /** Keep the order and number the items (a document order). */
  ordered?: boolean;
}

/**
 * A list against the list it was (spec 2 §3): added items highlighted, removed ones struck through, a moved item
 * of an ordered list marked. Unchanged items beyond the first two fold into '+N' with a tooltip.
 */
export function ListChanges({ items, before, empty, ordered = false }: ListChangesProps) {
  const previous = before ?? items;
  const removed = previous.filter((item) => !items.includes(item));
  const changed = (item: string, index: number) =>
    !previous.includes(item) || (ordered && before !== null && previous.indexOf(item) !== index && previous.length > 1);
  const label = (item: string, index: number) => (ordered ? `${index + 1}. ${item}` : item);
  const kept = items.map((item, index) => ({ item, index })).filter(({ item, index }) => !changed(item, index));
  const folded = ordered ? [] : kept.slice(SHOWN);

  return (
    <Flex gap={4} wrap align="center">
      {!items.length && (
        <Tag color={before?.length ? 'green' : undefined} data-change={before?.length ? 'added' : undefined}>
          {empty}
        </Tag>
      )}
      {items.map((item, index) => {
        if (folded.some((f) => f.index === index)) return null;
        const isNew = !previous.includes(item);
        const moved = !isNew && changed(item, index);
        return (
          <Tag
            key={item}
            color={isNew ? 'green' : moved ? 'gold' : undefined}
            data-change={isNew ? 'added' : moved ? 'moved' : undefined}
            title={isNew ? 'Added' : moved ? 'Moved' : undefined}
          >
            {label(item, index)}
          </Tag>
        );
      })}
      {folded.length > 0 && (
        <Tooltip title={folded.map((f) => f.item).join(', ')}>
          <Tag>+{folded.length}</Tag>
        </Tooltip>
      )}
      {removed.map((item) => (
        <Typography.Text key={`removed-${item}`} delete type="secondary" data-change="removed" title="Removed">
          {item}
        </Typography.Text>
      ))}
    </Flex>
  );
}
