import { formatInZone } from '@claims/shared-kernel';

export const VERIFIED_FORMAT = 'YYYY-MM-DD HH:mm';

/** 'verified {time} against rule version {n}', the time in the display zone; the version only when the whole claim has one. */
export function verifiedText(lastVerifiedOn: string | null, version: number | null): string | null {
  if (!lastVerifiedOn) return null;
  const when = `verified ${formatInZone(lastVerifiedOn, VERIFIED_FORMAT)}`;
  return version === null ? when : `${when} against rule version ${version}`;
}
