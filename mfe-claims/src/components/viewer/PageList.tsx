import { defaultRangeExtractor, type Range, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { theme } from 'antd';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { boxOnPage, type Rotation, type Size, shownSize } from './geometry';
import { type EvidenceStyle, type PageMarks, PageOverlays } from './PageOverlays';
import type { PageBox } from './types';
import { useElementWidth } from './useElementWidth';

/** A request to bring a page (and a box on it) on screen; a new token asks again for the same place. */
export interface Jump {
  token: number;
  pageNumber: number;
  box?: PageBox;
}

const PAGE_GAP = 12;
const PADDING = 12;
/** The page width when the panel's width is not known yet (or never: jsdom). */
const DEFAULT_PANEL_WIDTH = 640;
const MIN_PAGE_WIDTH = 120;
/** How long a jump's scroll may take to start before the list reads the page on screen from the scroll again. */
const JUMP_SETTLE_MS = 1000;

const clamp = (n: number, low: number, high: number) => Math.min(Math.max(n, low), high);

/** The page that fills most of the visible part of the list. */
function mostVisiblePage(instance: Virtualizer<HTMLElement, Element>): number | null {
  const top = instance.scrollOffset ?? 0;
  const bottom = top + (instance.scrollRect?.height ?? 0);
  let best: { page: number; visible: number } | null = null;
  for (const item of instance.getVirtualItems()) {
    const visible = Math.min(item.end, bottom) - Math.max(item.start, top);
    if (!best || visible > best.visible) best = { page: item.index + 1, visible };
  }
  return best?.page ?? null;
}

/**
 * The pages of one document, one under the other, rendering only those near the visible part (and the
 * page on screen, so a jump far down shows its page at once): every page's box is sized beforehand from
 * the page sizes, so the list is as tall as the document and a jump lands at once.
 */
export function PageList({
  label,
  pageSizes,
  rotation,
  zoom,
  pageNumber,
  jump,
  marks,
  evidenceStyle,
  onPageShown,
  renderPage,
}: {
  label: string;
  /** Each page's upright size, in any unit: only proportions count. */
  pageSizes: readonly Size[];
  rotation: Rotation;
  zoom: number;
  /** The page on screen (1-based). */
  pageNumber: number;
  jump: Jump | null;
  marks: ReadonlyMap<number, PageMarks>;
  evidenceStyle: EvidenceStyle;
  /** The reviewer scrolled another page onto the screen. */
  onPageShown: (pageNumber: number) => void;
  renderPage: (pageNumber: number, shown: Size) => ReactNode;
}) {
  const { token } = theme.useToken();
  const scrollRef = useRef<HTMLElement>(null);
  const panelWidth = useElementWidth(scrollRef) || DEFAULT_PANEL_WIDTH;
  const pageWidth = Math.max(MIN_PAGE_WIDTH, (panelWidth - 2 * PADDING) * zoom);
  const shown = useMemo(() => pageSizes.map((size) => shownSize(size, rotation, pageWidth)), [pageSizes, rotation, pageWidth]);
  const starts = useMemo(() => {
    const list: number[] = [];
    let at = PADDING;
    for (const size of shown) {
      list.push(at);
      at += size.height + PAGE_GAP;
    }
    return list;
  }, [shown]);

  const count = shown.length;
  const pinned = clamp(pageNumber, 1, Math.max(count, 1)) - 1;
  // The item keys name the layout, so a new zoom, turn, width or page size lays every page out again.
  const layout = `${pageWidth}:${rotation}:${shown.map((s) => Math.round(s.height)).join(',')}`;
  const getItemKey = useCallback((index: number) => `${layout}#${index}`, [layout]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return count > 0 && !indexes.includes(pinned) ? [...indexes, pinned].sort((a, b) => a - b) : indexes;
    },
    [pinned, count],
  );

  /** Set while a jump's scroll is under way, so the scroll it causes does not count as the reviewer's. */
  const jumping = useRef<{ until: number; scrolled: boolean } | null>(null);
  const pageRef = useRef(pageNumber);
  pageRef.current = pageNumber;
  const onPageShownRef = useRef(onPageShown);
  onPageShownRef.current = onPageShown;

  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => shown[index].height,
    getItemKey,
    rangeExtractor,
    gap: PAGE_GAP,
    paddingStart: PADDING,
    paddingEnd: PADDING,
    overscan: 1,
    onChange: (instance) => {
      const jump = jumping.current;
      if (jump) {
        if (instance.isScrolling) jump.scrolled = true;
        else if (jump.scrolled || performance.now() > jump.until) jumping.current = null;
        return;
      }
      if (!instance.isScrolling) return;
      const page = mostVisiblePage(instance);
      if (page !== null && page !== pageRef.current) onPageShownRef.current(page);
    },
  });

  const scrollTo = (page: number, box?: PageBox) => {
    const element = scrollRef.current;
    if (!element || count === 0) return;
    const index = clamp(page, 1, count) - 1;
    const viewport = element.clientHeight;
    let target = starts[index] - PAGE_GAP / 2;
    if (box) {
      const rect = boxOnPage(box, shown[index], rotation);
      // A box low on the page comes up to a third of the view; one already in view from the page's top stays.
      if (rect.top + rect.height > viewport - 2 * PAGE_GAP) target = starts[index] + rect.top - viewport / 3;
      const left = rect.left + PADDING;
      if (left < element.scrollLeft || left + rect.width > element.scrollLeft + element.clientWidth) {
        element.scrollLeft = Math.max(0, left - element.clientWidth / 4);
      }
    }
    target = clamp(target, 0, Math.max(0, virtualizer.getTotalSize() - viewport));
    if (Math.abs(target - (virtualizer.scrollOffset ?? element.scrollTop)) < 1) return;
    jumping.current = { until: performance.now() + JUMP_SETTLE_MS, scrolled: false };
    virtualizer.scrollToOffset(target);
  };

  const lastJump = useRef<number | null>(null);
  const lastView = useRef({ pageWidth, rotation });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each layout; it reads the latest jump and sizes
  useLayoutEffect(() => {
    if (count === 0) return;
    const viewChanged = lastView.current.pageWidth !== pageWidth || lastView.current.rotation !== rotation;
    lastView.current = { pageWidth, rotation };
    if (jump && jump.token !== lastJump.current) {
      lastJump.current = jump.token;
      scrollTo(jump.pageNumber, jump.box);
    } else if (viewChanged) {
      // A new zoom, turn or panel width keeps the page on screen where it was.
      scrollTo(pageRef.current);
    } else if (jumping.current && jump) {
      // Pages sized while a jump was under way moved its target: finish the jump.
      scrollTo(jump.pageNumber, jump.box);
    }
  }, [count, layout, jump?.token]);

  const contentWidth = pageWidth + 2 * PADDING;
  return (
    <section
      ref={scrollRef}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the reviewer scrolls the pages with the keyboard
      tabIndex={0}
      data-testid="viewer-pages"
      style={{
        flex: '1 1 auto',
        minWidth: 0,
        height: '100%',
        overflow: 'auto',
        // A scroll bar that comes and goes would change the fitted width, and with it the height, in a loop.
        scrollbarGutter: 'stable',
        background: token.colorFillSecondary,
        position: 'relative',
      }}
    >
      <div style={{ position: 'relative', height: virtualizer.getTotalSize(), width: '100%', minWidth: contentWidth }}>
        {virtualizer.getVirtualItems().map((item) => {
          const page = item.index + 1;
          const size = shown[item.index];
          const pageMarks = marks.get(page);
          return (
            <div
              key={item.index}
              data-testid="viewer-page"
              data-page-number={page}
              data-width={Math.round(size.width * 100) / 100}
              data-height={Math.round(size.height * 100) / 100}
              style={{
                position: 'absolute',
                top: item.start,
                left: Math.max(PADDING, (Math.max(panelWidth, contentWidth) - size.width) / 2),
                width: size.width,
                height: size.height,
                overflow: 'hidden',
                background: token.colorBgContainer,
                boxShadow: '0 1px 4px rgba(0, 0, 0, 0.25)',
              }}
            >
              {renderPage(page, size)}
              {pageMarks && (
                <PageOverlays marks={pageMarks} shown={size} rotation={rotation} evidenceStyle={evidenceStyle} pageNumber={page} />
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
