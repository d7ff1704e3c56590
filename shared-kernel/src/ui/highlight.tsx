import type { ReactNode } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Marks every case-insensitive occurrence of `query` in `text` (lists highlight the search text). */
export function Highlight({ text, query }: { text: string | number | null | undefined; query?: string | null }): ReactNode {
  const value = text == null ? '' : String(text);
  const needle = query?.trim();
  if (!needle) return value;
  const parts = value.split(new RegExp(`(${escapeRegExp(needle)})`, 'gi'));
  // Each match is keyed by where it starts in the text; the plain text between matches needs no key.
  let start = 0;
  return parts.map((part, index) => {
    const at = start;
    start += part.length;
    return index % 2 === 1 ? (
      <mark key={at} style={{ padding: 0, background: '#ffe58f' }}>
        {part}
      </mark>
    ) : (
      part
    );
  });
}
