/** The claim page as the annotation and findings tests need it: a stand-in around the pieces, and the viewer's position. */
import type { Claim } from '@claims/shared-kernel';
import { renderScreen } from '@claims/shared-kernel/testing';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { claimQuery } from '../api/claims';
import type { ViewerPosition } from '../components/viewer/types';

export const onPage = (documentNumber: number, pageNumber: number): ViewerPosition => ({
  documentId: documentNumber + 6,
  documentNumber,
  documentName: documentNumber === 1 ? 'discharge.pdf' : 'bill.pdf',
  pageNumber,
  pageCount: documentNumber === 1 ? 6 : 1,
});

/**
 * The claim page as far as the annotation pieces see it: the claim from GET /claims/{id} (so a write that
 * invalidates it shows as a new GET), and a viewer whose page the test moves with the 'Go to' buttons.
 */
function ClaimPageStandIn({
  render,
  start,
}: {
  render: (claim: Claim, position: ViewerPosition | null) => ReactNode;
  start: ViewerPosition | null;
}) {
  const { data: claim } = useQuery(claimQuery(42, 'vitraya'));
  const [position, setPosition] = useState(start);
  if (!claim) return null;
  return (
    <>
      <button type="button" onClick={() => setPosition(onPage(2, 1))}>
        Go to PDF 2 page 1
      </button>
      <button type="button" onClick={() => setPosition(onPage(1, 5))}>
        Go to PDF 1 page 5
      </button>
      {render(claim, position)}
    </>
  );
}

export function renderOnClaimPage(
  render: (claim: Claim, position: ViewerPosition | null) => ReactNode,
  { query = 'org=vitraya&showAnnotation=true', start = onPage(1, 2) }: { query?: string; start?: ViewerPosition | null } = {},
) {
  return renderScreen(
    <Routes>
      <Route path="claims/:claimId" element={<ClaimPageStandIn render={render} start={start} />} />
    </Routes>,
    `/claims/42?${query}`,
  );
}
