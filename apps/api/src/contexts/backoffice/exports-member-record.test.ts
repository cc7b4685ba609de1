import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMemberLinkedExportEndpoint,
  adminMemberNotesExportEndpoint,
  type MemberNote,
} from '@lobby/contracts';
import type { OperatorIdentity } from '../../plugins/operator-auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { parseCsv } from '../../test/csv.ts';
import { operatorLogin } from '../../test/operators.ts';
import { members } from '../identity/member/member.schema.ts';
import { operatorActions, operators } from '../identity/operator/operator.schema.ts';
import { OperatorService } from '../identity/operator/operator.service.ts';
import { createOperator } from '../identity/operator/operator.test-support.ts';
import { payoutAccounts } from '../money/payout/payout.schema.ts';
import { MemberRecordService } from './members/member-record.service.ts';

/**
 * The CSV exports of the member 360 page's linked accounts and notes tabs: the tab's rows (the
 * links masked as the tab shows them, other brands only counted), notes newest first in keyset
 * batches, the tab's permission and brand rule, and the export's action-log row.
 */
let harness: TestApp;
let admin: string;
let adminId: bigint;
let homeOperator: string;
const tag = randomUUID().replaceAll('-', '').slice(0, 10);
const device = `dev-x-${tag}`;
const email = `xlinked${tag}@example.com`;
const accountNumber = `6228${String(Date.now()).slice(-8)}${tag.replace(/\D/g, '0').slice(0, 4)}`;
const ids: Record<string, string> = {};
const names: Record<string, string> = {};

async function member(
  brandCode: string,
  name: string,
  fields: Partial<typeof members.$inferInsert> = {},
): Promise<bigint> {
  const username = `${name}${tag}`.slice(0, 16);
  const [row] = await harness.database.db
    .insert(members)
    .values({
      brandCode,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: `${name}${tag}`.slice(0, 12),
      ...fields,
    })
    .returning({ id: members.id });
  ids[name] = String(row!.id);
  names[name] = username;
  return row!.id;
}

async function bankAccount(brandCode: string, memberId: bigint) {
  await harness.database.db.insert(payoutAccounts).values({
    brandCode,
    memberId,
    type: 'bank',
    institution: 'icbc',
    holderName: '李四',
    accountNumber,
  });
}

async function download(path: string, options: { token?: string; id?: string } = {}) {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/members/${options.id ?? ids.subj!}/${path}`,
    headers: { authorization: `Bearer ${options.token ?? admin}`, lang: 'en' },
  });
  const csv = response.headers['content-type']?.toString().startsWith('text/csv') ?? false;
  const { header, rows } = csv ? parseCsv(response.body) : { header: [], rows: [] };
  return {
    statusCode: response.statusCode,
    disposition: String(response.headers['content-disposition'] ?? ''),
    code: csv ? undefined : response.json<{ data: unknown }>().data,
    header,
    rows,
  };
}

async function lastExport(list: string) {
  const [row] = await harness.database.db
    .select()
    .from(operatorActions)
    .where(
      and(
        eq(operatorActions.action, 'export'),
        eq(operatorActions.targetType, list),
        eq(operatorActions.targetId, ids.subj!),
      ),
    )
    .orderBy(desc(operatorActions.id))
    .limit(1);
  return row;
}

async function addNote(text: string) {
  const response = await harness.app.inject({
    method: 'POST',
    url: `/admin/api/members/${ids.subj!}/notes`,
    headers: { authorization: `Bearer ${admin}` },
    payload: { text },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: string; createdAt: string } }>().data;
}

beforeAll(async () => {
  harness = await createTestApp();
  const username = `xr${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(username, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username, password: 'operator-pass-1' });
  const [me] = await harness.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, username));
  adminId = me!.id;
  names.admin = username;
  homeOperator = (await createOperator(harness, { role: 'customer_service', brands: ['jinsheng'] }))
    .token;

  // The member looked at: registered on a device, with an e-mail and a bank card. Home brand:
  // one on the same device and paid to the same card, one on the same device; another brand:
  // the same e-mail.
  const subject = await member('jinsheng', 'subj', { registerDeviceNo: device, email });
  await bankAccount('jinsheng', subject);
  const twoLinks = await member('jinsheng', 'twolink', { registerDeviceNo: device });
  await bankAccount('jinsheng', twoLinks);
  await member('jinsheng', 'samedev', { registerDeviceNo: device, status: 'disabled' });
  await member('lumen', 'othmail', { email });
  await member('jinsheng', 'alone');
});
afterAll(async () => {
  await harness.close();
});

describe('linked accounts export', () => {
  it("lists the tab's members with what they share, then the other brands' counts", async () => {
    const answer = await download('linked/export', { token: homeOperator });
    expect(answer.statusCode).toBe(200);
    expect(answer.disposition).toMatch(
      new RegExp(`attachment; filename="member-${ids.subj!}-linked-\\d{8}T\\d{6}Z\\.csv"`),
    );
    expect(answer.header).toEqual([...adminMemberLinkedExportEndpoint.columns]);
    const masked = `${accountNumber.slice(0, 4)} **** **** ${accountNumber.slice(-4)}`;
    expect(answer.rows).toEqual([
      {
        row_type: 'member',
        id: ids.twolink,
        brand: 'jinsheng',
        username: names.twolink,
        status: 'active',
        link_count: '2',
        device,
        ip: '',
        payout_account: masked,
        phone: '',
        email: '',
      },
      {
        row_type: 'member',
        id: ids.samedev,
        brand: 'jinsheng',
        username: names.samedev,
        status: 'disabled',
        link_count: '1',
        device,
        ip: '',
        payout_account: '',
        phone: '',
        email: '',
      },
      {
        row_type: 'other_brands',
        id: '',
        brand: '',
        username: '',
        status: '',
        link_count: '',
        device: '',
        ip: '',
        payout_account: '',
        phone: '',
        email: '1',
      },
    ]);
    // The other brand's member is only counted, never named.
    expect(JSON.stringify(answer.rows)).not.toContain(names.othmail!);
    expect(await lastExport('member_linked')).toMatchObject({
      brandCode: 'jinsheng',
      details: { filter: {}, rows: 3, outcome: 'complete' },
    });
  });

  it('lists every brand for an operator of every brand, with no other-brands row', async () => {
    const answer = await download('linked/export');
    expect(answer.rows.map((row) => row.row_type)).toEqual(['member', 'member', 'member']);
    expect(answer.rows.find((row) => row.id === ids.othmail)).toMatchObject({
      brand: 'lumen',
      username: names.othmail,
      email,
    });
    const alone = await download('linked/export', { id: ids.alone });
    expect([alone.statusCode, alone.rows]).toEqual([200, []]);
  });
});

describe('notes export', () => {
  it('exports the notes newest first, formulas neutralised, and logs it', async () => {
    const first = await addNote('=HYPERLINK("http://example.com")');
    const second = await addNote('Called the member,\nasked for "ID" documents');
    const answer = await download('notes/export?page=2&pageSize=1');
    expect(answer.statusCode).toBe(200);
    expect(answer.header).toEqual([...adminMemberNotesExportEndpoint.columns]);
    expect(answer.rows).toEqual([
      {
        id: second.id,
        created_at: second.createdAt,
        author: names.admin,
        text: 'Called the member,\nasked for "ID" documents',
      },
      {
        id: first.id,
        created_at: first.createdAt,
        author: names.admin,
        text: `'=HYPERLINK("http://example.com")`,
      },
    ]);
    expect(await lastExport('member_notes')).toMatchObject({
      operatorId: adminId,
      brandCode: 'jinsheng',
      details: { filter: {}, rows: 2, outcome: 'complete' },
    });
  });

  it('reads the notes in keyset batches, none skipped or repeated', async () => {
    await addNote('third');
    const service = new MemberRecordService({
      db: harness.database.db,
      brands: harness.app.brands,
      operators: new OperatorService(harness.database.db),
    });
    const spec = await service.notesExport(
      { operatorId: adminId } as OperatorIdentity,
      ids.subj!,
      {},
      '127.0.0.1',
    );
    const whole = await download('notes/export');
    for (const batch of [1, 2]) {
      const texts: string[] = [];
      let after: MemberNote | undefined;
      for (;;) {
        const rows = await spec.read(after, batch);
        texts.push(...rows.map((note) => note.text));
        if (rows.length < batch) break;
        after = rows.at(-1);
      }
      expect(texts, `by ${batch}`).toEqual(whole.rows.map((row) => row.text!.replace(/^'/, '')));
    }
    expect(whole.rows.map((row) => row.text)[0]).toBe('third');
    expect(whole.rows).toHaveLength(3);
  });
});

describe('linked and notes exports: access and input', () => {
  it("answers another brand's member, and a missing one, as missing; needs members.read", async () => {
    const lumen = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
    const content = await createOperator(harness, { role: 'content' });
    for (const path of ['linked/export', 'notes/export']) {
      const elsewhere = await download(path, { token: lumen.token });
      expect([elsewhere.statusCode, elsewhere.code], path).toEqual([404, 'member_not_found']);
      const missing = await download(path, { id: '999999999999999' });
      expect([missing.statusCode, missing.code], path).toEqual([404, 'member_not_found']);
      const refused = await download(path, { token: content.token });
      expect([refused.statusCode, refused.code], path).toEqual([403, 'forbidden']);
      const bad = await download(path, { id: 'abc' });
      expect([bad.statusCode, bad.code], path).toEqual([400, 'validation']);
    }
  });

  it('describes both exports as CSV with members.read in the OpenAPI document', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Operation = {
      'x-permission'?: string;
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const paths = response.json<{ paths: Record<string, { get: Operation }> }>().paths;
    for (const tab of ['linked', 'notes']) {
      const operation = paths[`/admin/api/members/{id}/${tab}/export`]?.get;
      expect(operation, tab).toBeDefined();
      expect(operation!['x-permission'], tab).toBe('members.read');
      expect(Object.keys(operation!.responses['200']?.content ?? {}), tab).toEqual(['text/csv']);
    }
  });
});
