require('@testing-library/jest-dom');

// Waits (findBy*, waitFor) must outlast antd's rendering on a loaded 2-core machine; a real miss still fails.
require('@testing-library/react').configure({ asyncUtilTimeout: 10000 });

// jsdom's getComputedStyle matches every rule of antd's injected CSS against the element (0.1-1 s a call
// under load), and antd's popups and testing-library call it for layout and visibility checks that mean
// nothing without a layout engine. The screens' own inline styles are all the tests need.
window.getComputedStyle = (element) => element.style ?? document.createElement('div').style;
