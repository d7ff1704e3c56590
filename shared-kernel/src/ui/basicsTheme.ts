/**
 * The suite's theme as plain values: antd's ConfigProvider takes `suiteTheme` (SuiteTheme, in the signed-in
 * frame), and the screens before sign-in, which load no antd, style plain elements with the same tokens
 * and antd's defaults for the rest (BasicControls), so both look alike.
 */
export const suiteTheme = {
  token: { colorPrimary: '#1F4E79', borderRadius: 6, fontSize: 14 },
} as const;

const { colorPrimary, borderRadius, fontSize } = suiteTheme.token;

/** antd's default font stack, line height and text colours. */
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";
const TEXT = 'rgba(0, 0, 0, 0.88)';
const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.65)';
const TEXT_DESCRIPTION = 'rgba(0, 0, 0, 0.45)';
const BORDER = '#d9d9d9';
const ERROR = '#ff4d4f';
/** The primary colour lighter (hover) and darker (pressed), as antd derives them from colorPrimary. */
const PRIMARY_HOVER = '#3b6a91';
const PRIMARY_ACTIVE = '#12385b';
const FOCUS_RING = 'rgba(31, 78, 121, 0.12)';

/** Named as antd's tokens: bgContainer a card's or a field's, bgLayout the page's behind them. */
export const basicsColors = {
  primary: colorPrimary,
  success: '#52c41a',
  error: ERROR,
  textDescription: TEXT_DESCRIPTION,
  bgContainer: '#fff',
  bgLayout: '#f0f2f5',
} as const;

/**
 * The class rules of BasicControls ('cb-' for claims basics). Rendered once by React as a hoisted <style>
 * (its href dedupes it), so the screens before sign-in need no CSS loader and no CSS-in-JS runtime.
 */
export const BASICS_CSS = `
.cb-root{font-family:${FONT_FAMILY};font-size:${fontSize}px;line-height:1.5714;color:${TEXT};box-sizing:border-box}
.cb-root *,.cb-root *::before,.cb-root *::after{box-sizing:inherit}
.cb-title{margin:0 0 .5em;color:${TEXT};font-weight:600}
h3.cb-title{font-size:24px;line-height:1.3333}
h4.cb-title{font-size:20px;line-height:1.4}
.cb-paragraph{margin:0 0 1em}
.cb-secondary{color:${TEXT_DESCRIPTION}}
.cb-field{margin-bottom:24px}
.cb-label{display:block;padding-bottom:8px;color:${TEXT}}
.cb-input{display:flex;align-items:center;width:100%;min-height:32px;padding:4px 11px;font:inherit;color:${TEXT};background:#fff;border:1px solid ${BORDER};border-radius:${borderRadius}px;transition:border-color .2s,box-shadow .2s}
.cb-input:hover{border-color:${PRIMARY_HOVER}}
.cb-input:focus,.cb-input:focus-within{border-color:${colorPrimary};outline:0;box-shadow:0 0 0 2px ${FOCUS_RING}}
.cb-input[aria-invalid=true],.cb-input:has([aria-invalid=true]){border-color:${ERROR}}
.cb-input input{flex:1;min-width:0;padding:0;border:0;outline:0;font:inherit;color:inherit;background:transparent}
.cb-reveal{display:inline-flex;margin-left:4px;padding:0;border:0;background:none;color:${TEXT_DESCRIPTION};cursor:pointer}
.cb-reveal:hover{color:${TEXT}}
.cb-error{min-height:24px;color:${ERROR}}
.cb-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;height:32px;padding:0 15px;font:inherit;color:${TEXT};background:#fff;border:1px solid ${BORDER};border-radius:${borderRadius}px;box-shadow:0 2px 0 rgba(0,0,0,.02);cursor:pointer;transition:color .2s,background .2s,border-color .2s}
.cb-button:hover{color:${PRIMARY_HOVER};border-color:${PRIMARY_HOVER}}
.cb-button:focus-visible{outline:4px solid ${FOCUS_RING};outline-offset:1px}
.cb-button.cb-primary{color:#fff;background:${colorPrimary};border-color:transparent;box-shadow:0 2px 0 rgba(31,78,121,.1)}
.cb-button.cb-primary:hover{color:#fff;background:${PRIMARY_HOVER}}
.cb-button.cb-primary:active{background:${PRIMARY_ACTIVE}}
.cb-button.cb-block{display:flex;width:100%}
.cb-button:disabled{color:rgba(0,0,0,.25);background:rgba(0,0,0,.04);border-color:${BORDER};box-shadow:none;cursor:not-allowed}
.cb-button[aria-busy=true]{opacity:.65;cursor:default}
.cb-message{display:flex;align-items:flex-start;gap:8px;padding:8px 12px;border:1px solid #ffccc7;border-radius:${borderRadius}px;background:#fff2f0;word-break:break-word}
.cb-message>svg{flex:none;margin-top:4px;color:${ERROR}}
.cb-switch{display:flex;padding:2px;background:#f5f5f5;border-radius:${borderRadius}px;color:${TEXT_SECONDARY}}
.cb-switch label{position:relative;flex:1;min-height:28px;padding:0 11px;line-height:28px;text-align:center;border-radius:${borderRadius - 2}px;cursor:pointer;transition:color .2s,background .2s}
.cb-switch label:hover{color:${TEXT};background:rgba(0,0,0,.06)}
.cb-switch input{position:absolute;inset:0;opacity:0;pointer-events:none}
.cb-switch label:has(input:checked){color:${TEXT};background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.03),0 1px 6px -1px rgba(0,0,0,.02),0 2px 4px rgba(0,0,0,.02)}
.cb-switch label:has(input:focus-visible){outline:2px solid ${FOCUS_RING}}
.cb-spinner{display:inline-block;border:3px solid rgba(31,78,121,.15);border-top-color:${colorPrimary};border-radius:50%;animation:cb-spin 1s linear infinite}
@keyframes cb-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.cb-spinner{animation-duration:3s}}
`;
