import type { AdjudicationResult } from '@claims/shared-kernel';
import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { resultDisplay, type ResultTone } from './display';
import { TONES } from './tones';

const solid = (colour: string): CSSProperties => ({ backgroundColor: colour, borderColor: colour, color: '#fff' });
const STYLES: Record<ResultTone, CSSProperties | undefined> = {
  pass: solid(TONES.green),
  fail: solid(TONES.darkRed),
  suspended: undefined,
  none: undefined,
};

/** A verdict as the claim page shows it: PASS in green, FAIL in dark red, SUSPENDED and 'not verified' plainly. */
export function ResultTag({ result }: { result: AdjudicationResult | null | undefined }) {
  const { label, tone } = resultDisplay(result);
  return (
    <Tag data-result={tone} style={{ marginInlineEnd: 0, fontWeight: 600, ...STYLES[tone] }}>
      {label}
    </Tag>
  );
}
