/** True when the page runs inside another page's iframe (the embedding the handshake serves). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // Some browsers refuse even to compare a cross-origin top: that is a frame too.
    return true;
  }
}
