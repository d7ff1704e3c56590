/**
 * React keys for a list of texts that may repeat (aliases, rule values): the text itself, and for
 * its second and later occurrences the text with the occurrence's number. A key then stays with
 * its text when others are added, removed or reordered, which an index key does not.
 */
export function occurrenceKeys(texts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    return count === 1 ? text : `${text}\u0000${count}`;
  });
}
