/** What the api's bench scripts share: their command-line options, the percentile they report and the provider user. */
import type { AuthContext } from '../src/auth/tokens';

/** The value after `name` on the command line (`--runs 20`), or the fallback. */
export const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};

/** The nearest-rank percentile of ascending times (p95 of 20 runs is the 19th). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The provider's super user, as a signed-in request would carry it, for the list's own functions. */
export const BENCH_PROVIDER: AuthContext = {
  username: 'vitraya.admin',
  organization: 'vitraya',
  role: 'super_user',
  jti: 'bench',
  exp: 0,
  ver: 0,
};
