import { EyeOutlined, HighlightOutlined } from '@ant-design/icons';
import type { Claim } from '@claims/shared-kernel';
import { useChanged } from '@claims/shared-kernel/ui';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ViewerPosition } from '../viewer/types';
import { AnnotationForm } from './AnnotationForm';
import { AnnotationPanel } from './AnnotationPanel';
import { useAnnotationMode } from './useAnnotationMode';

/**
 * 'Add Annotation' or, once the claim has an annotation, 'View Annotation' (spec 1 §2, §4), each opening its
 * panel below the claim's buttons. Only in annotation mode, and not when the claim was opened with showAnnotation=false.
 * `position` is the page the viewer shows: the slot being edited takes it.
 */
export function AnnotationActions({ claim, position }: { claim: Claim; position: ViewerPosition | null }) {
  const [searchParams] = useSearchParams();
  const annotationMode = useAnnotationMode();
  const [open, setOpen] = useState(false);
  // Stepping to another claim closes what was open for this one.
  if (useChanged([claim.id])) setOpen(false);
  if (!annotationMode || searchParams.get('showAnnotation') === 'false') return null;

  const annotationId = claim.annotation_id;
  const close = () => setOpen(false);
  // The button sits among the claim's action buttons; the panel takes a line of its own below them all
  // (in the buttons' wrapping flex row: full width, ordered last).
  return (
    <>
      <Button icon={annotationId ? <EyeOutlined /> : <HighlightOutlined />} aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        {annotationId ? 'View Annotation' : 'Add Annotation'}
      </Button>
      {open && (
        <div style={{ flexBasis: '100%', width: '100%', order: 1, minWidth: 0 }}>
          {annotationId ? (
            <AnnotationPanel claim={claim} annotationId={annotationId} position={position} onClose={close} />
          ) : (
            <AnnotationForm claim={claim} position={position} onClose={close} />
          )}
        </div>
      )}
    </>
  );
}
