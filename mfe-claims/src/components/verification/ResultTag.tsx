import type { AdjudicationResult } from '@claims/shared-kernel';
import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { resultDisplay, type ResultTone } from './display';
import { useTones } from './tones';

/** A verdict as the claim page shows it: PASS in green, FAIL in dark red, SUSPENDED and 'not verified' plainly. */
export function ResultTag({ result }: { result: AdjudicationResult | null | undefined }) {
  const tones = useTones();
  const { label, tone } = resultDisplay(result);
  const solid = (colour: string): CSSProperties => ({ backgroundColor: colour, borderColor: colour, color: tones.onSolid });
  const styles: Record<ResultTone, CSSProperties | undefined> = {
    pass: solid(tones.green),
    fail: solid(tones.darkRed),
    suspended: undefined,
    none: undefined,
  };
  return (
    <Tag data-result={tone} style={{ marginInlineEnd: 0, fontWeight: 600, ...styles[tone] }}>
      {label}
    </Tag>
  );
}
