/** What jsdom lacks and react-router 7 and antd need. */
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // antd's Form.useWatch and Select post a macrotask through a MessageChannel, which jsdom lacks.
  // (Node's own MessageChannel would keep jest alive: its ports stay open.)
  globalThis.MessageChannel ??= class {
    constructor() {
      const port = () => ({ onmessage: null, postMessage() {}, close() {}, start() {} });
      this.port1 = port();
      this.port2 = port();
      this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage?.({ data }));
      this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage?.({ data }));
    }
  };
  window.scrollTo = () => {};
  const getComputedStyle = window.getComputedStyle;
  window.getComputedStyle = (element) => getComputedStyle(element);
}
