/**
 * Which remote owns which part of the URL space: the first path segment picks the remote, and the
 * remote's own <Routes> (relative to the root) take it from there.
 */
export const AREAS = {
  mfe_claims: ['claims', 'questions', 'dashboard', 'annotation'],
  mfe_masters: [
    'procedures',
    'procedureGroup',
    'diagnoses',
    'evidence',
    'document',
    'drugs',
    'tissues',
    'clinicals',
    'hospitals',
    'docgroups',
    'clinicalAttribute',
    'clinicalUnit',
  ],
  mfe_rules: ['rules', 'procedureQuestions'],
  mfe_operations: ['uploadsDownloads'],
} as const satisfies Record<string, readonly string[]>;

export type RemoteName = keyof typeof AREAS;

/** How the error panel names a remote to a person. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  mfe_claims: 'Claims',
  mfe_masters: 'Masters',
  mfe_rules: 'Rules',
  mfe_operations: 'Operations',
};

const OWNER_BY_SEGMENT = new Map<string, RemoteName>(
  (Object.entries(AREAS) as [RemoteName, readonly string[]][]).flatMap(([remote, segments]) =>
    segments.map((segment) => [segment, remote] as const),
  ),
);

/** The first segment of a path: '/claims/12?x' -> 'claims'. */
export function firstSegment(pathname: string): string {
  return pathname.split('/').find((part) => part !== '') ?? '';
}

/** The remote that owns a path, or null when no remote does (the shell shows page not found). */
export function remoteForPath(pathname: string): RemoteName | null {
  return OWNER_BY_SEGMENT.get(firstSegment(pathname)) ?? null;
}
