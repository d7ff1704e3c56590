/**
 * Test units beside a value. A clinical attribute lists its units; every alias keyword of those units
 * ('g/dl', 'gm/dl', 'mg/dl', 'cm', 'mm', ...) carries a conversion_unit: multiplying by it gives the value in
 * the attribute's first unit, which is what unitFound then names. The first unit's own name counts as a
 * keyword with factor 1.
 */
import type { ClinicalAttributeMaster } from './types';

export interface UnitKeyword {
  /** Normalised keyword (lower case, no spaces). */
  key: string;
  factor: number;
}

export const unitKey = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

const keywordCache = new WeakMap<ClinicalAttributeMaster, UnitKeyword[]>();

/** The attribute's unit keywords, longest first (so 'mg/dl' wins over 'mg'). */
export function unitKeywords(attribute: ClinicalAttributeMaster): UnitKeyword[] {
  let keywords = keywordCache.get(attribute);
  if (keywords) return keywords;
  const byKey = new Map<string, number>();
  for (const unit of attribute.units ?? [])
    for (const alias of unit.alias ?? []) {
      const key = unitKey(alias.keyword ?? '');
      const factor = Number(alias.conversion_unit);
      if (key && Number.isFinite(factor) && factor !== 0 && !byKey.has(key)) byKey.set(key, factor);
    }
  const first = attribute.units?.[0];
  if (first && unitKey(first.name) && !byKey.has(unitKey(first.name))) byKey.set(unitKey(first.name), 1);
  keywords = [...byKey].map(([key, factor]) => ({ key, factor })).sort((a, b) => b.key.length - a.key.length);
  keywordCache.set(attribute, keywords);
  return keywords;
}

/** The name of the unit values are converted to, or null when the attribute has no unit. */
export const targetUnit = (attribute: ClinicalAttributeMaster): string | null => attribute.units?.[0]?.name ?? null;

const ONLY_PUNCTUATION = /^[^\p{L}\p{N}%]*$/u;

/**
 * The unit written at the start of `parts` (the rest of the value's word, then the next words), or null.
 * A unit may be split over up to three words ('mg / dl'), may sit in brackets, and must end with a word:
 * 'cm' is read from 'cm', 'cm.' or '(cm)', not from 'cms'. The longest keyword wins.
 */
export function unitAt(parts: string[], attribute: ClinicalAttributeMaster): { keyword: UnitKeyword; words: number } | null {
  const keywords = unitKeywords(attribute);
  let best: { keyword: UnitKeyword; words: number } | null = null;
  let joined = '';
  for (let n = 0; n < Math.min(parts.length, 3); n += 1) {
    joined += unitKey(parts[n]);
    const compact = joined.replace(/^[([{]+/, '');
    if (!compact) continue;
    for (const keyword of keywords) {
      if (best && keyword.key.length <= best.keyword.key.length) break;
      if (compact.startsWith(keyword.key) && ONLY_PUNCTUATION.test(compact.slice(keyword.key.length))) {
        best = { keyword, words: n + 1 };
        break;
      }
    }
  }
  return best;
}

/** value × factor, without the binary-fraction noise (0.1 × 3 = 0.3, not 0.30000000000000004). */
export const convert = (value: number, factor: number): number => Number((value * factor).toPrecision(12));
