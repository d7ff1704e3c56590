import type { RefreshDownloadsResponse } from '@claims/shared-kernel';

const claims = (count: number) => `${count} claim${count === 1 ? '' : 's'}`;

/** What an import from the inbox (a refresh or an uploaded manifest) did, in one sentence. */
export function importSummary({ downloaded, failed, alreadyImported }: RefreshDownloadsResponse): string {
  const parts = [`${claims(downloaded)} downloaded`, `${failed} failed`];
  if (alreadyImported) parts.push(`${claims(alreadyImported)} already imported`);
  return `${parts.join(', ')}.`;
}

/** The manifests that could not be read at all, one sentence each. */
export const unreadableManifests = ({ unreadableManifests: unreadable }: RefreshDownloadsResponse): string[] =>
  unreadable.map(({ manifest, reason }) => `${manifest} could not be read: ${reason}`);
