import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditEventsExportEndpoint, type AdminAuditEvent } from '@lobby/contracts';
import {
  BRAND,
  createRecordHarness,
  type RecordHarness,
} from '../members/member-record.test-support.ts';

/**
 * Operators read and export a range of the significant-event log (issue 15, point 9): within
 * their brands and `audit.read`, with each row's hashes; the export is in the action log.
 */
let h: RecordHarness;
let memberId: bigint;
const from = new Date(Date.now() - 60_000).toISOString();
const to = () => new Date(Date.now() + 60_000).toISOString();

beforeAll(async () => {
  h = await createRecordHarness();
  const member = await h.register();
  memberId = member.memberId;
  await h.login(member.username, 'Wrong-pass-1');
  await h.login(member.username);
});
afterAll(async () => {
  await h?.close();
});

async function download(url: string, token = h.admin) {
  const response = await h.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    statusCode: response.statusCode,
    type: response.headers['content-type'],
    lines: response.body.replace('\uFEFF', '').split('\r\n').slice(0, -1),
    json: () => response.json<{ status: boolean; data: unknown }>(),
  };
}

const query = (extra = '') =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to())}&memberId=${memberId}${extra}`;

describe('the significant-event log for operators', () => {
  it("pages a member's events oldest first with their hashes", async () => {
    const page = await h.call('GET', `/admin/api/audit-events?${query()}`);
    const events = page.body.data as AdminAuditEvent[];
    expect(events.map((event) => event.kind)).toEqual(['member_login_failed', 'member_login']);
    expect(events[0]).toMatchObject({ chain: BRAND, brand: BRAND, memberId: String(memberId) });
    expect(events[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(BigInt(events[1]?.seq ?? 0)).toBeGreaterThan(BigInt(events[0]?.seq ?? 0));
    const next = await h.call(
      'GET',
      `/admin/api/audit-events?${query(`&afterId=${events[0]?.id}&limit=1`)}`,
    );
    expect((next.body.data as AdminAuditEvent[]).map((event) => event.kind)).toEqual([
      'member_login',
    ]);
    const kind = await h.call('GET', `/admin/api/audit-events?${query('&kind=member_login')}`);
    expect((kind.body.data as AdminAuditEvent[]).map((event) => event.kind)).toEqual([
      'member_login',
    ]);
  });

  it('exports the range as CSV with the hashes, and logs the export', async () => {
    const answer = await download(`/admin/api/audit-events/export?${query()}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.type).toBe('text/csv; charset=utf-8');
    expect(answer.lines[0]).toBe(adminAuditEventsExportEndpoint.columns.join(','));
    const rows = answer.lines.slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.split(',').slice(1, 2)).toEqual([BRAND]);
    expect(rows[0]?.split(',')[4]).toBe('member_login_failed');
    expect(rows.every((row) => /,[0-9a-f]{64},[0-9a-f]{64}$/.test(row))).toBe(true);
    const actions = await h.call(
      'GET',
      `/admin/api/actions?action=export&targetType=audit_events&limit=1`,
    );
    expect(actions.body.data).toMatchObject([
      { action: 'export', details: { rows: 2, outcome: 'complete' } },
    ]);
  });

  it("keeps operators to audit.read and their brands; the platform's chain to all-brand ones", async () => {
    const other = await h.operator('auditor', ['lumen']);
    const none = await h.call('GET', `/admin/api/audit-events?${query()}`, undefined, other);
    expect(none.body.data).toEqual([]);
    const named = await download(`/admin/api/audit-events?${query(`&brand=${BRAND}`)}`, other);
    expect([named.statusCode, named.json().data]).toEqual([403, 'forbidden']);
    const own = await h.operator('auditor', [BRAND]);
    const mine = await h.call('GET', `/admin/api/audit-events?${query()}`, undefined, own);
    expect((mine.body.data as unknown[]).length).toBe(2);
    const platform = await h.call(
      'GET',
      `/admin/api/audit-events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to())}&kind=operator_permissions_changed`,
      undefined,
      own,
    );
    expect(platform.body.data).toEqual([]);
    const created = await h.call('POST', '/admin/api/operators', {
      username: `aud${Date.now().toString(36)}`,
      password: 'operator-pass-12',
      role: 'auditor',
      brands: [BRAND],
      reason: 'examiner',
    });
    expect(created.body.status).toBe(true);
    const everyBrand = await h.call(
      'GET',
      `/admin/api/audit-events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to())}&kind=operator_permissions_changed`,
    );
    expect((everyBrand.body.data as AdminAuditEvent[]).map((event) => event.chain)).toContain('');
    const service = await h.operator('customer_service');
    const refused = await download(`/admin/api/audit-events/export?${query()}`, service);
    expect([refused.statusCode, refused.json().data]).toEqual([403, 'forbidden']);
  });

  it('refuses a range backwards, longer than a year and a day, or malformed', async () => {
    const backwards = `from=${encodeURIComponent(to())}&to=${encodeURIComponent(from)}`;
    const tooLong = `from=2025-01-01T00:00:00Z&to=2026-01-04T00:00:00Z`;
    for (const bad of [backwards, tooLong, 'from=yesterday&to=today', `${backwards}&kind=DROP`]) {
      for (const path of ['/admin/api/audit-events', '/admin/api/audit-events/export']) {
        const answer = await download(`${path}?${bad}`);
        expect([answer.statusCode, answer.json().data], `${path}?${bad}`).toEqual([
          400,
          'validation',
        ]);
      }
    }
  });
});
