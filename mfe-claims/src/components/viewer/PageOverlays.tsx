import type { CSSProperties } from 'react';
import { boxOnPage, type Rect, type Rotation, type Size } from './geometry';
import type { PageBox } from './types';

/** How evidence is marked: a yellow box on a PDF page; on an image, the region clear and the rest dimmed by half. */
export type EvidenceStyle = 'box' | 'dim';

export interface PageMarks {
  evidence?: PageBox;
  /** The search hits on this page, each one or more boxes (a phrase over several lines). */
  hits: { boxes: PageBox[]; current: boolean }[];
}

/**
 * The marks drawn over a page. Their colours carry meaning (evidence yellow, search hits blue, the current hit
 * orange) and must let the page show through, which antd's theme colours, opaque, do not: so they are fixed here.
 */
const HIGHLIGHTS = {
  evidence: {
    box: { background: 'rgba(255, 214, 0, 0.35)', outline: '2px solid rgba(250, 173, 20, 0.95)' },
    dim: { boxShadow: '0 0 0 100000px rgba(0, 0, 0, 0.5)', outline: '2px solid rgba(255, 214, 0, 0.95)' },
  } satisfies Record<EvidenceStyle, CSSProperties>,
  hit: { background: 'rgba(22, 119, 255, 0.25)' },
  currentHit: { background: 'rgba(250, 84, 28, 0.4)', outline: '2px solid rgba(250, 84, 28, 0.95)' },
} as const;

const round = (n: number) => Math.round(n * 100) / 100;

/** The rectangle as inline position, and as data attributes a browser test can compare with the item's box. */
function placed(rect: Rect) {
  return {
    style: { position: 'absolute', left: rect.left, top: rect.top, width: rect.width, height: rect.height } as const,
    'data-left': round(rect.left),
    'data-top': round(rect.top),
    'data-width': round(rect.width),
    'data-height': round(rect.height),
  };
}

/** The evidence and search highlights of one page, drawn over it at its shown size and turn. */
export function PageOverlays({
  marks,
  shown,
  rotation,
  evidenceStyle,
  pageNumber,
}: {
  marks: PageMarks;
  shown: Size;
  rotation: Rotation;
  evidenceStyle: EvidenceStyle;
  pageNumber: number;
}) {
  return (
    <>
      {marks.hits.flatMap((hit, h) =>
        hit.boxes.map((box, b) => {
          const { style, ...data } = placed(boxOnPage(box, shown, rotation));
          return (
            <div
              // A hit's boxes keep their order while the page is shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: hits have no id of their own
              key={`${h}:${b}`}
              aria-hidden
              data-testid="search-highlight"
              data-current={hit.current}
              data-page-number={pageNumber}
              {...data}
              style={{ ...style, pointerEvents: 'none', ...(hit.current ? HIGHLIGHTS.currentHit : HIGHLIGHTS.hit) }}
            />
          );
        }),
      )}
      {marks.evidence &&
        (() => {
          const { style, ...data } = placed(boxOnPage(marks.evidence, shown, rotation));
          return (
            <div
              role="img"
              aria-label="Evidence highlight"
              data-testid="evidence-highlight"
              data-style={evidenceStyle}
              data-page-number={pageNumber}
              {...data}
              style={{ ...style, ...HIGHLIGHTS.evidence[evidenceStyle], pointerEvents: 'none' }}
            />
          );
        })()}
    </>
  );
}
