import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Flex, Input, type InputRef, Typography } from 'antd';
import type { Ref } from 'react';

export const NO_MATCHES = 'No matches';

/** Where the search stands: 'n of m', 'No matches', or still reading the documents' words. */
function searchStatus(query: string, hitCount: number, current: number, pending: boolean): string {
  if (!query) return '';
  if (hitCount > 0) return `${current + 1} of ${hitCount}`;
  return pending ? 'Searching…' : NO_MATCHES;
}

/**
 * Search in the words of every document (scanned pages too): Enter goes to the next hit, Shift+Enter to
 * the previous one, Escape clears.
 */
export function SearchBox({
  inputRef,
  value,
  onChange,
  onEngage,
  hitCount,
  current,
  pending,
  unsearchable,
  onStep,
}: {
  inputRef: Ref<InputRef>;
  value: string;
  onChange: (value: string) => void;
  /** The reviewer is about to search: time to read every document's words. */
  onEngage: () => void;
  hitCount: number;
  /** The hit shown, 0-based; -1 when none is. */
  current: number;
  pending: boolean;
  /** Documents whose words could not be read. */
  unsearchable: number;
  onStep: (by: 1 | -1) => void;
}) {
  const status = searchStatus(value.trim(), hitCount, Math.max(current, 0), pending);
  return (
    <Flex align="center" gap={4} wrap>
      <Input
        ref={inputRef}
        size="small"
        type="search"
        aria-label="Search the documents"
        placeholder="Search the documents ( / )"
        prefix={<SearchOutlined aria-hidden />}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onEngage}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onStep(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            onChange('');
          }
        }}
        style={{ width: 220 }}
      />
      <Typography.Text role="status" aria-live="polite" data-testid="search-status" style={{ minWidth: 72 }}>
        {status}
      </Typography.Text>
      <Button
        size="small"
        type="text"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        icon={<UpOutlined />}
        disabled={hitCount === 0}
        onClick={() => onStep(-1)}
      />
      <Button
        size="small"
        type="text"
        aria-label="Next match"
        title="Next match (Enter)"
        icon={<DownOutlined />}
        disabled={hitCount === 0}
        onClick={() => onStep(1)}
      />
      {value.trim() !== '' && unsearchable > 0 && (
        <Typography.Text type="secondary">
          {unsearchable === 1 ? 'One document could not be searched.' : `${unsearchable} documents could not be searched.`}
        </Typography.Text>
      )}
    </Flex>
  );
}
