import { useVirtualizer } from '@tanstack/react-virtual';
import { theme } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { type Rotation, type Size, shownSize } from './geometry';

const THUMB_WIDTH = 80;
const LABEL_HEIGHT = 18;
/** The button's padding and border, above and below. */
const FRAME = 10;
const GAP = 10;

/**
 * The strip of small pages beside the document: only the thumbnails in view are drawn; a dot marks
 * every page that holds evidence; choosing one goes to its page.
 */
export function Thumbnails({
  pageSizes,
  rotation,
  pageNumber,
  evidencePages,
  onChoose,
  renderThumbnail,
}: {
  pageSizes: readonly Size[];
  rotation: Rotation;
  pageNumber: number;
  evidencePages: ReadonlySet<number>;
  onChoose: (pageNumber: number) => void;
  renderThumbnail: (pageNumber: number, shown: Size) => ReactNode;
}) {
  const { token } = theme.useToken();
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => pageSizes.map((size) => shownSize(size, rotation, THUMB_WIDTH)), [pageSizes, rotation]);
  const layout = `${rotation}:${shown.map((s) => Math.round(s.height)).join(',')}`;
  // The item keys name the layout, so a new turn or page size lays the strip out again.
  const getItemKey = useCallback((index: number) => `${layout}#${index}`, [layout]);
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => shown[index].height + LABEL_HEIGHT + FRAME,
    getItemKey,
    gap: GAP,
    paddingStart: GAP,
    paddingEnd: GAP,
    overscan: 2,
  });

  // The page on screen stays in view in the strip.
  useEffect(() => {
    if (shown.length > 0) virtualizer.scrollToIndex(Math.min(pageNumber, shown.length) - 1, { align: 'auto' });
  }, [pageNumber, shown.length, virtualizer]);

  return (
    <nav
      ref={scrollRef}
      aria-label="Page thumbnails"
      data-testid="viewer-thumbnails"
      style={{
        flex: `0 0 ${THUMB_WIDTH + 36}px`,
        height: '100%',
        overflowY: 'auto',
        background: token.colorBgLayout,
        borderRight: `1px solid ${token.colorBorder}`,
      }}
    >
      <div style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const page = item.index + 1;
          const size = shown[item.index];
          const current = page === pageNumber;
          const evidence = evidencePages.has(page);
          return (
            <button
              key={item.index}
              type="button"
              data-testid="thumbnail"
              data-page-number={page}
              data-evidence={evidence}
              aria-label={evidence ? `Page ${page}, holds evidence` : `Page ${page}`}
              aria-current={current ? 'page' : undefined}
              onClick={() => onChoose(page)}
              style={{
                position: 'absolute',
                top: item.start,
                left: 0,
                right: 0,
                margin: '0 auto',
                width: THUMB_WIDTH + 8,
                padding: 3,
                border: `2px solid ${current ? token.colorPrimary : 'transparent'}`,
                borderRadius: 4,
                background: 'none',
                cursor: 'pointer',
              }}
            >
              <span
                style={{
                  display: 'block',
                  position: 'relative',
                  width: size.width,
                  height: size.height,
                  overflow: 'hidden',
                  background: token.colorBgContainer,
                }}
              >
                {renderThumbnail(page, size)}
                {evidence && (
                  <span
                    data-testid="evidence-page-mark"
                    aria-hidden
                    style={{
                      position: 'absolute',
                      top: 3,
                      right: 3,
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      // The evidence highlight's yellow, as on the page.
                      background: token.yellow6,
                      border: `2px solid ${token.gold7}`,
                    }}
                  />
                )}
              </span>
              <span style={{ display: 'block', fontSize: token.fontSizeSM, lineHeight: `${LABEL_HEIGHT - 4}px`, marginTop: 2 }}>
                {page}
              </span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
