/** The colours of the claim page's verdicts and marks (spec 1 §2: PASS green, FAIL red/dark, fraud red, suspicious orange). */
export const TONES = {
  green: '#389e0d',
  greenBackground: '#f6ffed',
  red: '#cf1322',
  redBackground: '#fff1f0',
  darkRed: '#a8071a',
  orange: '#d46b08',
  highlight: '#fffbe6',
} as const;
