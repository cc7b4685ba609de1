/**
 * Summarises a V8 .cpuprofile (from `--cpu-prof`): busy time, self time by function and by
 * package, and inclusive time of the project's own functions.
 *
 *   node bench/lib/cpu-profile.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, topText] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/lib/cpu-profile.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topText ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
});
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
let busy = 0;
let total = 0;
for (const [id, ms] of selfMs) {
  total += ms;
  if (byId.get(id)?.callFrame.functionName !== '(idle)') busy += ms;
}

function packageOf(url: string): string {
  if (url === '') return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node';
  const apps = url.indexOf('/apps/');
  const packages = url.indexOf('/packages/');
  if (apps >= 0) return 'lobby';
  if (packages >= 0) return 'lobby-packages';
  return url;
}
const label = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;

const selfByFunction = new Map<string, number>();
const selfByPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  if (!node) continue;
  const name = node.callFrame.functionName;
  if (idle.has(name) && name === '(idle)') continue;
  selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + ms);
  const pkg = idle.has(name) ? name : packageOf(node.callFrame.url);
  selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + ms);
  // Inclusive time of project frames: walk up once per distinct frame label.
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
    const frame = byId.get(current);
    if (!frame || packageOf(frame.callFrame.url) !== 'lobby') continue;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
  }
}

const show = (title: string, map: Map<string, number>, count: number) => {
  console.info(`\n${title}`);
  for (const [key, ms] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.info(
      `  ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
};
console.info(`${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy`);
show('self time by package (share of busy)', selfByPackage, 20);
show('self time by function', selfByFunction, top);
show("inclusive time of Lobby's own functions", inclusive, top);
