import { and, desc, eq } from 'drizzle-orm';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { seedDepositChannels } from '../../money/deposit/deposit.seed.ts';
import {
  BRAND,
  createTransferTestApp,
  TEST_CODE,
  type Member,
  type TransferTestApp,
} from '../../games/transfer/transfer.test-support.ts';
import { operatorCall, operatorLogin, type OperatorAnswer } from '../../../test/operators.ts';
import { encryptFor, get, post, publicKeyOf } from '../../../test/members.ts';

/**
 * Test support of the member record (not a test file): the transfer harness (the provider
 * simulator, members registered through the API with the password `Secret123`, money through
 * the ledger), deposit channels, a super admin, operators of a role or brand, member logins,
 * and the action log's latest row of a member.
 */

export const PASSWORD = 'Secret123';
export { BRAND, type Member };

export type RecordHarness = TransferTestApp & {
  admin: string;
  enc(text: string): string;
  /** A bearer token of a new operator of the role (and brands). */
  operator(role: string, brands?: string[]): Promise<string>;
  call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
    token?: string,
  ): Promise<OperatorAnswer>;
  login(
    username: string,
    password?: string,
  ): Promise<{ statusCode: number; data: unknown; token: string }>;
  /** The member's own call of their info: `token` once the session has ended. */
  memberInfo(member: Member): Promise<unknown>;
  /** The newest action-log row of a member for an action, or undefined. */
  lastAction(
    memberId: bigint,
    action: string,
  ): Promise<typeof operatorActions.$inferSelect | undefined>;
};

export async function createRecordHarness(): Promise<RecordHarness> {
  const base = await createTransferTestApp({ timeoutMs: 2_000 });
  const db = base.database.db;
  await seedDepositChannels(db);
  const adminName = `rec${Date.now().toString(36)}`;
  await new OperatorService(db).seedAdmin(adminName, 'operator-pass-1');
  const admin = await operatorLogin(base.app, { username: adminName, password: 'operator-pass-1' });
  const publicKey = await publicKeyOf(base.app);
  const enc = (text: string) => encryptFor(publicKey, text);
  return Object.assign(base, {
    admin,
    enc,
    async operator(role: string, brands?: string[]) {
      return (await createOperator(base, { role, ...(brands ? { brands } : {}) })).token;
    },
    call(method: 'GET' | 'POST' | 'PUT', url: string, body?: object, token = admin) {
      return operatorCall(base.app, method, url, token, body);
    },
    async login(username: string, password = PASSWORD) {
      const captcha = await get(base.app, '/api/f/v1/captcha');
      const answer = await post(base.app, '/api/f/v1/member/login/mpe', {
        username,
        password: enc(password),
        key: (captcha.body.data as { key: string }).key,
        code: TEST_CODE,
      });
      return {
        statusCode: answer.statusCode,
        data: answer.body.data,
        token: String(answer.headers.id ?? ''),
      };
    },
    async memberInfo(member: Member) {
      return (await get(base.app, '/api/findmed/v1/member/token', member.headers)).body.data;
    },
    async lastAction(memberId: bigint, action: string) {
      const rows = await db
        .select()
        .from(operatorActions)
        .where(
          and(
            eq(operatorActions.targetType, 'member'),
            eq(operatorActions.targetId, String(memberId)),
            eq(operatorActions.action, action),
          ),
        )
        .orderBy(desc(operatorActions.id))
        .limit(1);
      return rows[0];
    },
  });
}
