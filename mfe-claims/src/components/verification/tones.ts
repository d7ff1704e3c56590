import { theme } from 'antd';

/**
 * The colours of the claim page's verdicts and marks, which carry meaning (spec 1 §2: PASS green, FAIL red/dark,
 * fraud red, suspicious orange). They come from antd's fixed palette rather than its status colours (colorSuccess,
 * colorError), so they stay the spec's greens and reds whatever the theme's seed colours are.
 */
export function useTones() {
  const { token } = theme.useToken();
  return {
    green: token.green7,
    greenBackground: token.green1,
    red: token.red7,
    redBackground: token.red1,
    darkRed: token.red8,
    orange: token.orange7,
    highlight: token.gold1,
    /** Text on a tone's solid background. */
    onSolid: token.colorTextLightSolid,
  };
}

export type Tones = ReturnType<typeof useTones>;
