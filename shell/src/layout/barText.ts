import type { GlobalToken } from 'antd';

/** Text on the top bar, which is the theme's primary colour: light, as antd writes on a primary button. */
export const barText = (token: GlobalToken) => ({ color: token.colorTextLightSolid });
/** What qualifies the text beside or above it (the API version, the organisation): smaller and dimmed. */
export const barCaption = (token: GlobalToken) => ({ ...barText(token), opacity: 0.7, fontSize: token.fontSizeSM });
