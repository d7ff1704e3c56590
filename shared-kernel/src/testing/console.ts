/**
 * Expected console output. The shared jest setup fails a test that logs a console.error or console.warn it
 * did not declare; a test whose subject logs on purpose (a failed request, a refused message) declares it
 * here. The declared output is kept off the terminal, and the test fails if nothing matching was logged.
 * Declare inside the test (or a beforeEach); a string matches a part of the logged text, a RegExp searches it.
 */
type WatchedLevel = 'error' | 'warn';

interface ConsoleWatch {
  expect(level: WatchedLevel, matcher: string | RegExp): void;
}

function consoleWatch(): ConsoleWatch {
  const watch = (globalThis as unknown as Record<symbol, ConsoleWatch | undefined>)[Symbol.for('claims.testing.console-watch')];
  if (!watch) throw new Error("Expected console output needs the shared jest setup ('@claims/shared-kernel/jest').");
  return watch;
}

/** Declares that this test logs a console.error matching `message`, e.g. `expectConsoleError(/Request failed/)`. */
export function expectConsoleError(message: string | RegExp): void {
  consoleWatch().expect('error', message);
}

/** Declares that this test logs a console.warn matching `message`. */
export function expectConsoleWarn(message: string | RegExp): void {
  consoleWatch().expect('warn', message);
}
