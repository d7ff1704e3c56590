/**
 * The claim page's keyboard shortcuts, in react-hotkeys-hook notation: one table, read by the hooks that
 * bind them and by the '?' dialog that lists them.
 */
export const SHORTCUTS = {
  nextEvidence: { keys: 'j', label: 'Next evidence item' },
  previousEvidence: { keys: 'k', label: 'Previous evidence item' },
  nextPage: { keys: 'n', label: 'Next page of the document' },
  previousPage: { keys: 'p', label: 'Previous page of the document' },
  search: { keys: '/', label: 'Search the documents' },
  nextClaim: { keys: 'shift+n', label: 'Next claim of the list' },
  previousClaim: { keys: 'shift+p', label: 'Previous claim of the list' },
  backToList: { keys: 'b', label: 'Back to the list' },
  // '?' as typed, on whatever keyboard layout produces it (bound with useKey).
  help: { keys: '?', label: 'Show these shortcuts' },
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;
