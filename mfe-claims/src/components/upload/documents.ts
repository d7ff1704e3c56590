import { megabytes, type UploadLimits } from '@claims/shared-kernel';

/** A file chosen for the claim, kept in the browser until Submit. */
export interface PickedDocument {
  uid: string;
  file: File;
}

/** What the browser lets through (spec 1 §5: png, jpeg and pdf); the server checks the content again. */
const ACCEPTED: { extensions: string[]; mime: string }[] = [
  { extensions: ['png'], mime: 'image/png' },
  { extensions: ['jpg', 'jpeg'], mime: 'image/jpeg' },
  { extensions: ['pdf'], mime: 'application/pdf' },
];

/** The file dialog's filter. */
export const ACCEPT_ATTRIBUTE = ACCEPTED.flatMap(({ extensions, mime }) => [...extensions.map((e) => `.${e}`), mime]).join(',');

const extensionOf = (name: string): string => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** Its extension must be one of the three and its type, when the browser gives one, must agree. */
export function isAcceptedFile(file: File): boolean {
  const kind = ACCEPTED.find(({ extensions }) => extensions.includes(extensionOf(file.name)));
  return !!kind && (file.type === '' || file.type === kind.mime);
}

export const isPdf = (file: File): boolean => extensionOf(file.name) === 'pdf';

export const notAcceptedMessage = (name: string): string => `'${name}' is not a PNG, JPEG or PDF file.`;

/** The limits as the form states them. */
export const limitsText = (limits: UploadLimits): string =>
  `Up to ${limits.maxFiles} files, ${megabytes(limits.maxFileBytes)} each, ${megabytes(limits.maxClaimBytes)} in all`;

/**
 * What keeps the chosen files from being sent, by file: too large on its own, one file too many (with the
 * `heldFiles` the claim already has, when documents are added to it), or not fitting in what is left of the
 * claim's total (files are taken in the order they were added; the sizes of documents already held are the
 * server's to count).
 */
export function documentProblems(documents: PickedDocument[], limits: UploadLimits | undefined, heldFiles = 0): Map<string, string> {
  const problems = new Map<string, string>();
  if (!limits) return problems;
  let total = 0;
  documents.forEach(({ uid, file }, index) => {
    if (heldFiles + index >= limits.maxFiles) {
      problems.set(uid, `'${file.name}' is one file too many: a claim can have at most ${limits.maxFiles} files.`);
    } else if (file.size > limits.maxFileBytes) {
      problems.set(uid, `'${file.name}' is ${megabytes(file.size)}: a file can be at most ${megabytes(limits.maxFileBytes)}.`);
    } else if (total + file.size > limits.maxClaimBytes) {
      problems.set(uid, `'${file.name}' does not fit: a claim's documents can be at most ${megabytes(limits.maxClaimBytes)} in all.`);
    } else {
      total += file.size;
    }
  });
  return problems;
}
