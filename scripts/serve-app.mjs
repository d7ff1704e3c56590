/**
 * Serves one built app: `node scripts/serve-app.mjs mfe-rules [--port 3003]`.
 * This is how one area is run (or deployed) on its own: its dist/ is all it needs.
 */
import path from 'node:path';
import { createStaticServer } from './lib/static-server.mjs';
import { APPS, ROOT, runtimeConfigFor, suiteConfig } from './lib/suite.mjs';

const [appDir, ...rest] = process.argv.slice(2);
const app = APPS.find((a) => a.dir === appDir);
if (!app) {
  console.error(`Usage: node scripts/serve-app.mjs <${APPS.map((a) => a.dir).join('|')}> [--port N]`);
  process.exit(2);
}
const portFlag = rest.indexOf('--port');
const config = suiteConfig(portFlag >= 0 ? { [app.dir]: rest[portFlag + 1] } : {});
const { port } = config.apps.find((a) => a.dir === app.dir);
const server = createStaticServer({ distDir: path.join(ROOT, app.dir, 'dist'), runtimeConfig: runtimeConfigFor(app.dir, config) });
server.listen(port, () => console.log(`${app.dir} served from ${app.dir}/dist at http://${config.host}:${port}`));
