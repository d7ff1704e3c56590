require('@testing-library/jest-dom');

// Waits (findBy*, waitFor) must outlast antd's rendering on a loaded 2-core machine; a real miss still fails.
require('@testing-library/react').configure({ asyncUtilTimeout: 10000 });

// jsdom's getComputedStyle matches every rule of antd's injected CSS against the element (0.1-1 s a call
// under load), and antd's popups and testing-library call it for layout and visibility checks that mean
// nothing without a layout engine. The screens' own inline styles are all the tests need.
window.getComputedStyle = (element) => element.style ?? document.createElement('div').style;

// Quiet tests: a console.error or console.warn during a test fails that test, showing what was logged.
// A test that means to log declares it with expectConsoleError / expectConsoleWarn from
// '@claims/shared-kernel/testing': the declared output is kept off the terminal and must have been logged.
// Output outside a test (module load, beforeAll, afterAll) goes to the console as before.
const { format } = require('node:util');
const CONSOLE_WATCH = Symbol.for('claims.testing.console-watch');
const WATCHED = ['error', 'warn'];
const watch = { active: false, logged: [], expected: [] };
const describeMatcher = (matcher) => (typeof matcher === 'string' ? JSON.stringify(matcher) : String(matcher));
const matches = (matcher, message) => (typeof matcher === 'string' ? message.includes(matcher) : message.search(matcher) !== -1);
/** The frames that logged, the project's own first (jest shows the first one as a code frame). */
const callSite = () => {
  const frames = (new Error().stack ?? '').split('\n').filter((line) => /^\s+at /.test(line) && !line.includes(__filename));
  const own = frames.filter((line) => !line.includes('node_modules'));
  return (own.length > 0 ? own : frames).slice(0, 3).map((line) => line.trim());
};
/** Stack and component-stack lines are left out of the report (jest would take them for the failure's own stack). */
const withoutStacks = (message) => {
  const lines = message.split('\n');
  const kept = lines.filter((line) => !/^\s*at\s/.test(line));
  return kept.length < lines.length ? `${kept.join('\n').trimEnd()} [stack left out]` : message;
};
/** An error logged is shown as its name and message: a stack inside the text would read as the failure's own. */
const isError = (value) => value instanceof Error || (typeof value?.message === 'string' && typeof value?.stack === 'string');
const formatLog = (args) => format(...args.map((arg) => (isError(arg) ? `${arg.name ?? 'Error'}: ${arg.message}` : arg)));

for (const level of WATCHED) {
  const original = console[level];
  console[level] = function watchedConsole(...args) {
    if (!watch.active) return original.apply(this, args);
    watch.logged.push({ level, message: formatLog(args), where: callSite() });
  };
}

globalThis[CONSOLE_WATCH] = {
  expect(level, matcher) {
    if (!WATCHED.includes(level)) throw new Error(`console.${level} is not watched`);
    if (!watch.active)
      throw new Error(`Declare expected console.${level} output inside a test or a beforeEach, not at file level or in beforeAll.`);
    watch.expected.push({ level, matcher });
  },
};

beforeEach(() => {
  watch.active = true;
  watch.logged = [];
  watch.expected = [];
});

afterEach(() => {
  const { logged, expected } = watch;
  watch.active = false;
  watch.logged = [];
  watch.expected = [];
  const unexpected = logged.filter((log) => !expected.some((e) => e.level === log.level && matches(e.matcher, log.message)));
  const missing = expected.filter((e) => !logged.some((log) => log.level === e.level && matches(e.matcher, log.message)));
  if (unexpected.length === 0 && missing.length === 0) return;
  const show = (log) =>
    `console.${log.level}: ${withoutStacks(log.message)}${log.where[0] ? `\n  (logged ${log.where[0].replace(/^at /, 'from ')})` : ''}`;
  const parts = [];
  if (unexpected.length > 0) {
    parts.push(
      `This test logged ${unexpected.length} unexpected console message(s). Fix the cause, or if the log is the behaviour ` +
        `under test declare it with expectConsoleError/expectConsoleWarn from '@claims/shared-kernel/testing'.\n\n` +
        unexpected.map(show).join('\n\n'),
    );
  }
  if (missing.length > 0) {
    const others = logged.filter((log) => !unexpected.includes(log));
    parts.push(
      missing.map((e) => `Expected console.${e.level} matching ${describeMatcher(e.matcher)} was not logged.`).join('\n') +
        (others.length > 0 ? `\nLogged:\n\n${others.map(show).join('\n\n')}` : ''),
    );
  }
  const failure = new Error(parts.join('\n\n'));
  // The stack is where the first unexpected message was logged, not this hook.
  failure.stack = [failure.message, ...(unexpected[0]?.where ?? []).map((frame) => `    ${frame}`)].join('\n');
  throw failure;
});
