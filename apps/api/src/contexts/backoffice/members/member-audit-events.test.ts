import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { AuditLog } from '../../platform/audit/index.ts';
import { BRAND, createRecordHarness, type RecordHarness } from './member-record.test-support.ts';

/**
 * The significant events the member record's actions, a member's logins and an operator's
 * adjustment write to the audit log (issue 15, point 9): in the member's brand's chain, with who
 * did it and why, committed with the change. Chain integrity itself: platform/audit/audit.test.ts.
 */
let h: RecordHarness;

beforeAll(async () => {
  h = await createRecordHarness();
});
afterAll(async () => {
  expect(
    (await new AuditLog(h.database.db).verify()).filter((found) =>
      [BRAND, ''].includes(found.chain),
    ),
  ).toEqual([]);
  await h?.close();
});

type EventRow = {
  kind: string;
  chain: string;
  brand_code: string | null;
  member_id: bigint | null;
  actor_type: string;
  actor_id: string | null;
  details: Record<string, unknown>;
};

async function eventsOf(memberId: bigint): Promise<EventRow[]> {
  return queryRows<EventRow>(
    h.database.db,
    sql`select kind, chain, brand_code, member_id, actor_type, actor_id, details
        from audit_events where member_id = ${memberId} order by chain, seq`,
  );
}

describe('significant events of a member', () => {
  it('records a login and a refused one, never an attempt on nobody', async () => {
    const member = await h.register();
    expect((await h.login(member.username, 'Wrong-pass-1')).statusCode).not.toBe(200);
    expect((await h.login(member.username)).token).not.toBe('');
    await h.login(`nobody${randomUUID().slice(0, 8)}`);
    const events = await eventsOf(member.memberId);
    expect(events.map((event) => event.kind)).toEqual(['member_login_failed', 'member_login']);
    expect(events[0]).toMatchObject({
      chain: BRAND,
      brand_code: BRAND,
      actor_type: 'member',
      actor_id: String(member.memberId),
      details: { result: 'wrong_password' },
    });
    expect(JSON.stringify(events.map((event) => event.details))).not.toContain('Wrong-pass-1');
  });

  it("records an operator's lock, freeze and their lifting, with the reason", async () => {
    const member = await h.register();
    const url = (action: string) => `/admin/api/members/${member.memberId}/${action}`;
    for (const action of ['lock', 'unlock', 'freeze', 'unfreeze']) {
      const answer = await h.call('POST', url(action), { reason: `audit ${action}` });
      expect(answer.body.status, action).toBe(true);
    }
    // Asking for the state the account is already in changes nothing and records nothing.
    await h.call('POST', url('unlock'), { reason: 'again' });
    const events = (await eventsOf(member.memberId)).filter(
      (event) => event.actor_type === 'operator',
    );
    expect(events.map((event) => event.kind)).toEqual([
      'member_locked',
      'member_unlocked',
      'member_money_frozen',
      'member_money_unfrozen',
    ]);
    expect(events[0]?.details).toMatchObject({ action: 'member_lock', reason: 'audit lock' });
  });

  it("records an operator's adjustment with the balance before and after, once per key", async () => {
    const member = await h.register();
    const key = randomUUID();
    const adjust = (amount: string) =>
      h.call('POST', `/admin/api/members/${member.username}/adjust`, {
        brand: BRAND,
        amount,
        reason: 'goodwill',
        idempotencyKey: key,
      });
    expect((await adjust('12.34')).body.status).toBe(true);
    expect((await adjust('12.34')).body.status).toBe(true);
    const events = (await eventsOf(member.memberId)).filter(
      (event) => event.kind === 'balance_adjusted',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      chain: BRAND,
      actor_type: 'operator',
      details: {
        reason: 'goodwill',
        amount: '12.34',
        before: { balance: '0.00' },
        after: { balance: '12.34' },
      },
    });
  });

  it("records an operator's new account and its role in the platform's chain", async () => {
    const count = async () =>
      (
        await queryRows<{ count: number }>(
          h.database.db,
          sql`select count(*)::int as count from audit_events
              where chain = '' and kind = 'operator_permissions_changed'`,
        )
      )[0]?.count ?? 0;
    const before = await count();
    const created = await h.call('POST', '/admin/api/operators', {
      username: `aud${randomUUID().slice(0, 8)}`,
      password: 'operator-pass-12',
      role: 'risk',
      brands: [BRAND],
      reason: 'new risk analyst',
    });
    expect(created.body.status).toBe(true);
    expect(await count()).toBe(before + 1);
    const [latest] = await queryRows<EventRow>(
      h.database.db,
      sql`select kind, chain, brand_code, member_id, actor_type, actor_id, details
          from audit_events where chain = '' order by seq desc limit 1`,
    );
    expect(latest).toMatchObject({
      brand_code: null,
      actor_type: 'operator',
      details: { action: 'operator_create', reason: 'new risk analyst', after: { role: 'risk' } },
    });
  });
});
