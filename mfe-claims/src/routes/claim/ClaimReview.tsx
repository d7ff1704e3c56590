import type { Claim } from '@claims/shared-kernel';
import { App, Flex, Spin, theme } from 'antd';
import Splitter from 'antd/es/splitter';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { evidenceItems, evidencePages, targetOf, type DocumentPlace } from '../../components/verification/evidence';
import type { EvidenceTarget, ViewerPosition } from '../../components/viewer/types';
import { listPageQuery } from '../../api/claims';
import { backUrl, neighbourOf, onPage, pageBeyond, readListState } from './listState';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useClaimShortcuts } from './useClaimShortcuts';
import { VerificationPanel } from './VerificationPanel';

// react-pdf and its worker load with the viewer, in their own chunk, when a claim page opens.
const DocumentViewer = lazy(() => import('../../components/viewer/DocumentViewer'));

export const FIRST_CLAIM = 'This is the first claim of the list.';
export const LAST_CLAIM = 'This is the last claim of the list.';

/** The claim page once the claim is loaded: the verification on the left, its documents on the right. */
export function ClaimReview({ claim, org }: { claim: Claim; org: string | undefined }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const list = useMemo(() => readListState(location.state), [location.state]);

  const [target, setTarget] = useState<EvidenceTarget | null>(null);
  const [position, setPosition] = useState<ViewerPosition | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const requests = useRef(0);
  const queryClient = useQueryClient();

  const evidence = useMemo(() => evidenceItems(claim), [claim]);
  const pages = useMemo(() => evidencePages(claim), [claim]);

  /** Opens a place in the viewer; `key` marks the found item it belongs to on the left. */
  const show = useCallback(
    (place: DocumentPlace, key: string | null = null) => {
      const found = targetOf(claim.documents, place);
      if (!found) return;
      requests.current += 1;
      setTarget({ ...found, requestId: requests.current });
      setActiveKey(key);
    },
    [claim.documents],
  );

  /** The next or previous evidence item (from the first or the last when none is chosen); the ends stay put. */
  const step = (direction: 1 | -1) => {
    if (evidence.length === 0) return;
    const current = evidence.findIndex((e) => e.key === activeKey);
    const index =
      current < 0 ? (direction === 1 ? 0 : evidence.length - 1) : Math.min(Math.max(current + direction, 0), evidence.length - 1);
    const next = evidence[index];
    requests.current += 1;
    setTarget({ ...next.target, requestId: requests.current });
    setActiveKey(next.key);
  };

  /** The next or previous claim of the list, reading the list's next or previous page at its edges. */
  const openNeighbour = async (direction: 1 | -1) => {
    if (!list) return;
    const neighbour = neighbourOf(list, claim.id, direction);
    if (neighbour) return void navigate(neighbour.url, { state: list });
    const page = pageBeyond(list, claim.id, direction);
    if (page === null || !list.pages) return void message.info(direction === 1 ? LAST_CLAIM : FIRST_CLAIM);
    try {
      const { rows, total } = await queryClient.fetchQuery(listPageQuery(list.pages.source, page, list.pages.pageSize));
      const next = onPage(list, page, rows, total);
      const entry = direction === 1 ? next.claims[0] : next.claims.at(-1);
      if (entry) void navigate(entry.url, { state: next });
      else void message.info(direction === 1 ? LAST_CLAIM : FIRST_CLAIM);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const back = () => void navigate(backUrl(searchParams, list));

  useClaimShortcuts({
    nextEvidence: () => step(1),
    previousEvidence: () => step(-1),
    nextClaim: () => void openNeighbour(1),
    previousClaim: () => void openNeighbour(-1),
    backToList: back,
    help: () => setHelpOpen(true),
  });

  // The item the keyboard (or a click) chose stays in sight in the left panel.
  useEffect(() => {
    if (!activeKey) return;
    document.querySelector(`[data-evidence-key="${activeKey}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeKey]);

  return (
    <>
      {/* The page's height less the shell's top bar (56 px) and its content padding (16 px above and below). */}
      <Splitter style={{ height: 'calc(100vh - 88px)', minHeight: 560 }}>
        <Splitter.Panel defaultSize="42%" min={360} max="70%" style={{ overflow: 'auto' }}>
          <VerificationPanel
            claim={claim}
            org={org}
            position={position}
            activeKey={activeKey}
            onShow={show}
            onBack={back}
            onHelp={() => setHelpOpen(true)}
          />
        </Splitter.Panel>
        <Splitter.Panel min={400}>
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: token.paddingXL }}>
                <Spin aria-label="Loading the documents" />
              </Flex>
            }
          >
            <DocumentViewer
              claimId={claim.id}
              org={org}
              documents={claim.documents}
              target={target}
              evidencePages={pages}
              onPositionChange={setPosition}
            />
          </Suspense>
        </Splitter.Panel>
      </Splitter>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} fromList={!!list} evidenceCount={evidence.length} />
    </>
  );
}
