/**
 * Stand-ins for the document viewer and the annotation pieces (other units, tested on their own) in the
 * claim page's tests: they show what the page hands them, so a test can read it.
 */
import type { Claim, EntityGroup, FoundItem } from '@claims/shared-kernel';
import type { DocumentViewerProps, ViewerPosition } from '../components/viewer/types';

export function ViewerProbe({ target, evidencePages, documents }: DocumentViewerProps) {
  const pages = Object.fromEntries([...evidencePages].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]));
  return (
    <section aria-label="Documents">
      <output data-testid="viewer-target">{target ? JSON.stringify({ ...target, requestId: undefined }) : 'none'}</output>
      <output data-testid="viewer-request">{target?.requestId ?? 0}</output>
      <output data-testid="viewer-pages">{JSON.stringify(pages)}</output>
      <output data-testid="viewer-documents">{documents.map((d) => d.file_name).join(', ')}</output>
    </section>
  );
}

export function AnnotationActionsProbe({ claim, position }: { claim: Claim; position: ViewerPosition | null }) {
  return <span data-testid="annotation-actions">{`${claim.id} ${position ? position.pageNumber : 'no position'}`}</span>;
}

export function ConfirmFindingsProbe({ claim }: { claim: Claim }) {
  return <span data-testid="confirm-findings">{claim.id}</span>;
}

export function ErrorFlagProbe({
  procedureCode,
  group,
  index,
  item,
}: {
  claim: Claim;
  procedureCode: string;
  group: EntityGroup;
  index: number;
  item: FoundItem;
}) {
  return <span data-testid="error-flag">{`${procedureCode}/${group}/${index} ${item.name}`}</span>;
}
