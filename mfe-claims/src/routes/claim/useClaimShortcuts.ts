import { useHotkeys } from 'react-hotkeys-hook';
import { SHORTCUTS, type ShortcutName } from '../../components/shortcuts';

/** The shortcuts the claim page binds itself; the viewer binds the page and search keys. */
export type PageShortcut = Extract<
  ShortcutName,
  'nextEvidence' | 'previousEvidence' | 'nextClaim' | 'previousClaim' | 'backToList' | 'help'
>;

/** Binds the claim page's shortcuts of the table (keys typed into a field are left alone, the library's default). */
export function useClaimShortcuts(actions: Record<PageShortcut, () => void>) {
  const bind = (name: PageShortcut) => (event: KeyboardEvent) => {
    event.preventDefault();
    actions[name]();
  };
  useHotkeys(SHORTCUTS.nextEvidence.keys, bind('nextEvidence'));
  useHotkeys(SHORTCUTS.previousEvidence.keys, bind('previousEvidence'));
  useHotkeys(SHORTCUTS.nextClaim.keys, bind('nextClaim'));
  useHotkeys(SHORTCUTS.previousClaim.keys, bind('previousClaim'));
  useHotkeys(SHORTCUTS.backToList.keys, bind('backToList'));
  // Shift (or AltGr) produces '?' on most layouts: the produced key decides, whatever modifier made it.
  useHotkeys(SHORTCUTS.help.keys, bind('help'), { useKey: true, ignoreModifiers: true });
}
