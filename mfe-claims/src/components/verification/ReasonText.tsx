import type { AdjudicationResult } from '@claims/shared-kernel';
import { occurrenceKeys } from '@claims/shared-kernel/ui';
import { Typography } from 'antd';
import type { CSSProperties } from 'react';
import { reasonSegments, reasonText, type ReasonTone } from './display';
import { useTones } from './tones';

/** A result's reason: fraud text bold red, 'suspicious fraud case' orange; a QUERY without reason says documents are missing. */
export function ReasonText({ result, reason }: { result: AdjudicationResult | null | undefined; reason: string | null | undefined }) {
  const tones = useTones();
  const text = reasonText(result, reason);
  if (!text) return null;
  const styles: Record<ReasonTone, CSSProperties | undefined> = {
    plain: undefined,
    fraud: { color: tones.red, fontWeight: 700 },
    suspicious: { color: tones.orange },
  };
  const segments = reasonSegments(text);
  const keys = occurrenceKeys(segments.map((s) => s.text));
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }}>
      {segments.map((segment, index) => (
        <span key={keys[index]} data-tone={segment.tone} style={styles[segment.tone]}>
          {segment.text}
        </span>
      ))}
    </Typography.Paragraph>
  );
}
