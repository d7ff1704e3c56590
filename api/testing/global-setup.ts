/** Builds the api tests' PGlite template once per run (reused while migrations and fixture are unchanged). */
import { ensureTemplate } from './template';

export default async function globalSetup(): Promise<void> {
  await ensureTemplate();
}
