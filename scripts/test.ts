/**
 * Every test, in order, stopping at the first failing step:
 *   lint and typecheck, side by side -> the unit, web, admin and API tests on the embedded
 *   database, side by side with the API tests on PostgreSQL and Redis (then ledger:check and
 *   audit:verify on what they left) -> web and admin build (with compressed copies) -> browser
 *   tests in Chromium -> the cluster test (real processes behind HAProxy).
 * Runs side by side take one core each (the machines have two; decision 0026); their output
 * lines carry the run's label. Ends with one line "tests: N passed, N failed" counted over every
 * Vitest run, and each step's time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** One command; `report` names its Vitest JSON report. */
type Run = { label: string; command: string[]; report?: string };
/** A step's runs go side by side; each must pass. */
type Step = { name: string; runs: Run[] };

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
  {
    name: 'lint and typecheck',
    runs: [
      { label: 'lint', command: ['npm', 'run', 'lint'] },
      { label: 'typecheck', command: ['npm', 'run', 'typecheck'] },
    ],
  },
  {
    name: 'unit, web, admin and API tests (embedded database, in-process cache); API tests (PostgreSQL, Redis), then the ledger check and audit:verify on what they left',
    runs: [
      {
        label: 'embedded',
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
        label: 'postgres',
        command: [
          'node',
          'scripts/with-postgres.ts',
          'sh',
          '-c',
          `${vitest('postgres', '--project', 'api').join(' ')} && ${process.execPath} apps/api/src/ledger-check.ts && ${process.execPath} apps/api/src/audit-verify.ts`,
        ],
        report: 'postgres',
      },
    ],
  },
  { name: 'web and admin build', runs: [{ label: 'build', command: ['npm', 'run', 'build'] }] },
  {
    name: 'browser tests (Chromium)',
    runs: [{ label: 'e2e', command: vitest('e2e', '--project', 'e2e'), report: 'e2e' }],
  },
  {
    name: 'cluster: two API nodes, the simulator and HAProxy, as npm run cluster starts them',
    runs: [
      {
        label: 'cluster',
        command: vitest('cluster', '--project', 'cluster'),
        report: 'cluster',
      },
    ],
  },
];

/** Runs a command; with a label, its output lines are prefixed by it. */
function run(command: string[], label?: string): Promise<number> {
  const [program, ...args] = command;
  if (!program) return Promise.resolve(1);
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    if (label) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        if (!stream) continue;
        createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
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
const times: string[] = [];
let failedStep: string | undefined;
for (const step of steps) {
  const stepStarted = Date.now();
  console.info(`\n=== ${step.name}`);
  const side = step.runs.length > 1;
  const exitCodes = await Promise.all(
    step.runs.map(async ({ label, command }) => {
      const runStarted = Date.now();
      const code = await run(command, side ? label : undefined);
      if (side) {
        console.info(
          `=== ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - runStarted) / 1000)} s`,
        );
      }
      return code;
    }),
  );
  for (const { report: name } of step.runs) if (name) countTests(name);
  const exitCode = exitCodes.find((code) => code !== 0) ?? 0;
  const seconds = Math.round((Date.now() - stepStarted) / 1000);
  times.push(`${step.runs.map(({ label }) => label).join(' + ')} ${seconds} s`);
  console.info(`=== ${step.name}: ${exitCode === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (exitCode !== 0) {
    failedStep = step.name;
    if (failed === 0) failed = 1;
    break;
  }
}

console.info(
  `\n${failedStep ? `failed at: ${failedStep}` : 'all steps passed'} in ${Math.round((Date.now() - started) / 1000)} s (${times.join(', ')})`,
);
console.info(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
