import { megabytes, type ManifestLimits } from '@claims/shared-kernel';

/** A manifest is a spreadsheet of claims: .csv or .xlsx. */
export const MANIFEST_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The documents a manifest names: PDF, PNG or JPEG. */
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

const extensionOf = (name: string): string => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

export const isManifestFile = (file: File): boolean => ['csv', 'xlsx'].includes(extensionOf(file.name));
export const isDocumentFile = (file: File): boolean => ['pdf', 'png', 'jpg', 'jpeg'].includes(extensionOf(file.name));

/** The limits as the dialog states them. */
export const limitsText = (limits: ManifestLimits): string =>
  `Up to ${limits.maxFiles} files, ${megabytes(limits.maxFileBytes)} each, ${megabytes(limits.maxTotalBytes)} in all.`;

/**
 * What keeps the chosen files from being sent, one sentence each: a file too large on its own, files beyond the
 * count, or more than the total (the manifest counts as a file). Nothing while the limits are unknown: the server
 * checks them too.
 */
export function uploadProblems(manifest: File | null, documents: readonly File[], limits: ManifestLimits | undefined): string[] {
  if (!limits) return [];
  const files = manifest ? [manifest, ...documents] : [...documents];
  const problems = files
    .filter((file) => file.size > limits.maxFileBytes)
    .map((file) => `'${file.name}' is ${megabytes(file.size)}: a file can be at most ${megabytes(limits.maxFileBytes)}.`);
  if (files.length > limits.maxFiles) problems.push(`${files.length} files are too many: at most ${limits.maxFiles} can be sent at once.`);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > limits.maxTotalBytes) {
    problems.push(`The files come to ${megabytes(total)}: at most ${megabytes(limits.maxTotalBytes)} can be sent at once.`);
  }
  return problems;
}
