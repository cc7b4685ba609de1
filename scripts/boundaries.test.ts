import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of .dependency-cruiser.cjs (decision 0012), proved on fixtures rather than on
 * the real tree: a small house that keeps every rule passes, and the same house with one
 * violation of each rule planted fails with every rule named. `npm run lint:deps` runs the same
 * rules on the real tree.
 */
const ROOT = join(import.meta.dirname, '..');
const FIXTURES = join(import.meta.dirname, 'fixtures', 'boundaries');

type Violation = { from: string; to: string; rule: { name: string } };

function cruise(house: 'clean' | 'violations'): Violation[] {
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs'),
      'apps',
      'packages',
      '--config',
      join(ROOT, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
    ],
    { cwd: join(FIXTURES, house), encoding: 'utf8' },
  );
  const output = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  return output.summary.violations;
}

describe('the house rules', () => {
  it('pass a house that keeps them', () => {
    expect(cruise('clean')).toEqual([]);
  });

  it('fail on each planted violation, naming its rule', () => {
    const found = cruise('violations').map(
      (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    );
    const expected = [
      'no-circular: apps/api/src/contexts/games/transfer/transfer.service.ts',
      'module-insides: apps/api/src/contexts/games/transfer/transfer.service.ts -> apps/api/src/contexts/money/ledger/ledger.service.ts',
      'schema-insides: apps/api/src/contexts/games/transfer/transfer.service.ts -> apps/api/src/contexts/money/ledger/ledger.schema.ts',
      'context-direction-money: apps/api/src/contexts/money/ledger/ledger.service.ts -> apps/api/src/contexts/games/transfer/transfer.service.ts',
      'context-siblings-engagement: apps/api/src/contexts/engagement/promo/promo.service.ts -> apps/api/src/contexts/service/help/help.service.ts',
      'foundation-stays-below: apps/api/src/lib/app-error.ts -> apps/api/src/contexts/money/ledger/index.ts',
      'plugins-below-identity: apps/api/src/plugins/session.ts -> apps/api/src/contexts/identity/member/index.ts',
      'tracing-from-server-only: apps/api/src/node.ts -> apps/api/src/tracing.ts',
      'server-starts-tracing-first: apps/api/src/server.ts -> apps/api/src/node.ts',
      'platform-below-plugins: apps/api/src/contexts/platform/brand/brand.service.ts -> apps/api/src/plugins/session.ts',
      'web-features-apart: apps/web/src/features/wallet/wallet-page.ts -> apps/web/src/features/games/games-page.ts',
      'web-shared-below-features: apps/web/src/lib/format.ts -> apps/web/src/features/wallet/wallet-page.ts',
      'packages-stand-alone: packages/money/src/index.ts -> apps/web/src/lib/format.ts',
      'web-and-admin-apart: apps/admin/src/lib/format.ts -> apps/web/src/lib/format.ts',
      'admin-features-apart: apps/admin/src/features/approvals/approvals-page.ts -> apps/admin/src/features/operators/operators-page.ts',
      'admin-shared-below-features: apps/admin/src/lib/format.ts -> apps/admin/src/features/approvals/approvals-page.ts',
    ];
    for (const violation of expected) {
      expect(
        found.some((line) => line.startsWith(violation)),
        violation,
      ).toBe(true);
    }
  });
});
