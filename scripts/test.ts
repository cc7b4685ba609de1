/**
 * Every test, in order, stopping at the first failing step:
 *   lint -> typecheck -> unit, web, admin and API tests on the embedded database -> API tests on
 *   PostgreSQL and Redis, then ledger:check and audit:verify -> web and admin build (with
 *   compressed copies) -> browser tests in Chromium.
 * Ends with one line "tests: N passed, N failed" counted over every Vitest run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

type Step = { name: string; command: string[]; report?: string };

const reportsDir = join(import.meta.dirname, '..', 'node_modules', '.cache', 'lobby-test-reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });
const report = (name: string) => join(reportsDir, `${name}.json`);
const vitest = (name: string, ...args: string[]) => [
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report(name)}`,
];

const steps: Step[] = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  {
    name: 'unit, web, admin and API tests (embedded database, in-process cache)',
    command: vitest(
      'embedded',
      '--project',
      'unit',
      '--project',
      'web',
      '--project',
      'admin',
      '--project',
      'sim',
      '--project',
      'api',
    ),
    report: 'embedded',
  },
  {
    name: 'API tests (PostgreSQL, Redis), then the ledger check and audit:verify on what they left',
    command: [
      'node',
      'scripts/with-postgres.ts',
      'sh',
      '-c',
      `${vitest('postgres', '--project', 'api').join(' ')} && ${process.execPath} apps/api/src/ledger-check.ts && ${process.execPath} apps/api/src/audit-verify.ts`,
    ],
    report: 'postgres',
  },
  { name: 'web and admin build', command: ['npm', 'run', 'build'] },
  {
    name: 'browser tests (Chromium)',
    command: vitest('e2e', '--project', 'e2e'),
    report: 'e2e',
  },
];

function run(command: string[]): Promise<number> {
  const [program, ...args] = command;
  if (!program) return Promise.resolve(1);
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

let passed = 0;
let failed = 0;
function countTests(name: string): void {
  const file = report(name);
  if (!existsSync(file)) return;
  const results = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
}

const started = Date.now();
let failedStep: string | undefined;
for (const step of steps) {
  const stepStarted = Date.now();
  console.info(`\n=== ${step.name}`);
  const exitCode = await run(step.command);
  if (step.report) countTests(step.report);
  console.info(
    `=== ${step.name}: ${exitCode === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - stepStarted) / 1000)} s`,
  );
  if (exitCode !== 0) {
    failedStep = step.name;
    if (failed === 0) failed = 1;
    break;
  }
}

console.info(
  `\n${failedStep ? `failed at: ${failedStep}` : 'all steps passed'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
console.info(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
