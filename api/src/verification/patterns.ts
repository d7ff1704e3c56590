/**
 * A hospital's pattern overrides (spec 3 §2.5, §3.1) compiled to regular expressions over the page text
 * (words joined by one space, lines by a newline). Parts, in order:
 *   attributeName    the attribute's name or any alias
 *   valueExpression  the value: NUMBERRANGE ('10-20', '10 to 20'), NUMBER, TEXT (tried in that order)
 *   attributeUnit    one of the attribute's unit keywords
 *   newline          a line break
 *   whiteSpaces      spaces (spacing is normalised when the page is read, so any spacing is accepted
 *                    between parts anyway)
 *   string           a fixed text (value) or any `length` characters; with shouldNotPresent it must NOT
 *                    follow at that point.
 * Matching ignores case. A pattern without a valueExpression can find nothing and is skipped.
 */
import type { PatternPart } from '@claims/shared-kernel/contract';
import type { AttributeValue } from './values';
import { unitKeywords } from './units';
import type { ClinicalAttributeMaster } from './types';

type Role = 'number' | 'lower' | 'upper' | 'text' | 'unit';

export interface CompiledPattern {
  regex: RegExp;
  /** Role of each capture group, by group number - 1. */
  roles: Role[];
}

export interface PatternMatch {
  start: number;
  end: number;
  value: AttributeValue;
  unitText: string | null;
}

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{2,3})*,\d{3}|\d+)(?:\.\d+)?`;
/** Escapes a literal for a unicode-mode expression (where '\-' outside a class is a syntax error). */
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const literal = (text: string): string => text.trim().split(/\s+/).map(escapeRegExp).join(String.raw`\s+`);
const alternation = (items: string[]): string =>
  `(?:${[...new Set(items.filter((i) => i.trim()))]
    .sort((a, b) => b.length - a.length)
    .map(literal)
    .join('|')})`;

export function compilePattern(parts: PatternPart[], attribute: ClinicalAttributeMaster): CompiledPattern | null {
  if (!parts.some((p) => p.type === 'valueExpression')) return null;
  const roles: Role[] = [];
  const pieces: string[] = [];
  const gap = String.raw`[ \t]*`;
  parts.forEach((part, i) => {
    const isLastValue = !parts.slice(i + 1).some((p) => p.type !== 'whiteSpaces' && p.type !== 'newline');
    const separate = (piece: string) => pieces.push((pieces.length ? gap : '') + piece);
    switch (part.type) {
      case 'attributeName':
        separate(`(?<![\\p{L}\\p{N}])${alternation([attribute.name, ...(attribute.alias ?? [])])}`);
        break;
      case 'attributeUnit': {
        roles.push('unit');
        const keys = unitKeywords(attribute).map((k) => k.key);
        separate(keys.length ? `(${keys.map(escapeRegExp).join('|')})(?![\\p{L}])` : '()');
        break;
      }
      case 'valueExpression': {
        const kinds = part.pattern?.length ? part.pattern : (['NUMBERRANGE', 'NUMBER', 'TEXT'] as const);
        const options: string[] = [];
        for (const kind of ['NUMBERRANGE', 'NUMBER', 'TEXT'] as const) {
          if (!kinds.includes(kind)) continue;
          if (kind === 'NUMBERRANGE') {
            roles.push('lower', 'upper');
            options.push(`(${NUMBER})\\s*(?:-|–|—|to)\\s*(${NUMBER})`);
          } else if (kind === 'NUMBER') {
            roles.push('number');
            options.push(`(${NUMBER})(?![\\d.])`);
          } else {
            roles.push('text');
            options.push(isLastValue ? String.raw`([^\n]*[^\s])` : String.raw`([^\n]*?[^\s])`);
          }
        }
        separate(`(?:${options.join('|')})`);
        break;
      }
      case 'newline':
        pieces.push(String.raw`[ \t]*\n[ \t]*`);
        break;
      case 'whiteSpaces':
        pieces.push(gap);
        break;
      case 'string': {
        const body = part.value?.trim() ? literal(part.value) : part.length ? `[^\\n]{${part.length}}` : '';
        if (!body) break;
        if (part.shouldNotPresent) pieces.push(`(?!${gap}${body})`);
        else separate(body);
        break;
      }
    }
  });
  return { regex: new RegExp(pieces.join(''), 'giu'), roles };
}

export function runPattern(pattern: CompiledPattern, text: string): PatternMatch[] {
  const matches: PatternMatch[] = [];
  for (const m of text.matchAll(pattern.regex)) {
    if (m[0].length === 0) continue;
    const groups: Partial<Record<Role, string>> = {};
    pattern.roles.forEach((role, i) => {
      if (m[i + 1] !== undefined && groups[role] === undefined) groups[role] = m[i + 1];
    });
    const number = (s: string) => Number(s.replace(/,/g, ''));
    let value: AttributeValue | null = null;
    if (groups.lower !== undefined && groups.upper !== undefined)
      value = { kind: 'range', lower: number(groups.lower), upper: number(groups.upper) };
    else if (groups.number !== undefined) value = { kind: 'number', value: number(groups.number) };
    else if (groups.text !== undefined) value = { kind: 'text', value: groups.text.trim() };
    if (!value) continue;
    matches.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, value, unitText: groups.unit || null });
  }
  return matches;
}
