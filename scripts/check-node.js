/**
 * Refuses a Node.js older than `.node-version` with a message that says so, where npm's own
 * devEngines check cannot: it runs on the `node` that npm scripts and the servers run on
 * (node_modules/.bin/node, the pinned Node 24, after a development install; the machine's own
 * after `npm ci --omit=dev`). Plain JavaScript, so that an old Node can read it.
 * Called by postinstall, prestart and prestart:api (package.json).
 */
import { readFileSync } from 'node:fs';

const required = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim();
const requiredMajor = Number(required.split('.')[0]);
const major = Number(process.versions.node.split('.')[0]);

if (!(major >= requiredMajor)) {
  console.error(
    `Lobby needs Node.js ${requiredMajor} or newer (.node-version), but \`node\` here is ` +
      `${process.version} (${process.execPath}).\n` +
      'A development install (npm install, npm ci) brings Node 24 for npm scripts as a dev ' +
      "dependency; a production install (--omit=dev) runs on the machine's own Node: install " +
      `Node.js ${requiredMajor} there.`,
  );
  process.exit(1);
}
