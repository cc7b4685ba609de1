import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  BrandScope,
  ComplianceOverrides,
  ComplianceProfile,
  Permission,
} from '@lobby/contracts';
import { operatorCall, type OperatorAnswer } from '../../../test/operators.ts';
import { get, post } from '../../../test/members.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { brands } from '../../platform/brand/brand.schema.ts';
import { depositOrders } from '../../money/deposit/deposit.schema.ts';
import {
  createWalletTestApp,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';

/**
 * Test support for the KYC tests (not a test file): the wallet test app (members registered over
 * the API, with a withdrawal password), brands of the file's own with a compliance profile,
 * identity document uploads, confirmed deposits and operators of a role and brands.
 */

/** A 1x1 PNG: an image by content. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type KycHarness = WalletTestApp & {
  /** A brand of its own with this compliance profile (and overrides). */
  complianceBrand(profile: ComplianceProfile, overrides?: ComplianceOverrides): Promise<string>;
  /** Uploads an image for identity documents as the member; its upload id. */
  uploadDocument(member: Member, content?: Buffer): Promise<string>;
  /** Uploads three images and sends them; the answer. */
  submitDocuments(
    member: Member,
  ): Promise<{ statusCode: number; body: { status: boolean; data: unknown } }>;
  kycOf(member: Member): Promise<{
    level: number;
    submission: {
      id: string;
      status: string;
      reason: string | null;
      images: Record<string, string>;
    } | null;
    canSubmit: boolean;
    requiredFor: string[];
  }>;
  confirmedDeposit(member: Member, amountMinor: bigint): Promise<void>;
  operator(
    role: string,
    options?: { permissions?: readonly Permission[]; brands?: BrandScope },
  ): Promise<string>;
  call(token: string, method: 'GET' | 'POST', url: string, body?: object): Promise<OperatorAnswer>;
};

function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = `----kyc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function createKycHarness(): Promise<KycHarness> {
  const base = await createWalletTestApp();
  const db = base.database.db;
  let round = 0;

  const uploadDocument: KycHarness['uploadDocument'] = async (member, content = PNG) => {
    const body = multipart({ purpose: 'kyc' }, content);
    const response = await base.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: body.payload,
      headers: { ...body.headers, ...member.headers },
    });
    const answer = response.json<{ status: boolean; data: { id: string } }>();
    if (!answer.status) throw new Error(`upload: ${JSON.stringify(answer)}`);
    return answer.data.id;
  };

  const harness: KycHarness = Object.assign(base, {
    async complianceBrand(profile: ComplianceProfile, overrides: ComplianceOverrides = {}) {
      const code = await base.createBrand({});
      await db
        .update(brands)
        .set({ compliance: { profile, overrides } })
        .where(eq(brands.code, code));
      await base.app.brands.load();
      return code;
    },
    uploadDocument,
    async submitDocuments(member: Member) {
      const [idFront, idBack, selfie] = [
        await uploadDocument(member),
        await uploadDocument(member),
        await uploadDocument(member),
      ];
      return post(
        base.app,
        '/api/f/v1/kyc',
        { idFront: idFront, idBack: idBack, selfie: selfie },
        member.headers,
      );
    },
    async kycOf(member: Member) {
      const answer = await get(base.app, '/api/f/v1/kyc', member.headers);
      if (!answer.body.status) throw new Error(`kyc: ${JSON.stringify(answer.body)}`);
      return answer.body.data as Awaited<ReturnType<KycHarness['kycOf']>>;
    },
    async confirmedDeposit(member: Member, amountMinor: bigint) {
      await db.insert(depositOrders).values({
        orderNo: `D${Date.now()}${String(++round).padStart(6, '0')}`,
        brandCode: member.brand,
        memberId: member.memberId,
        channelCode: 'bank',
        channelType: 'bank',
        currency: 'CNY',
        amountMinor,
        status: 'confirmed',
        idempotencyKey: randomUUID(),
        requestHash: 'x',
        decidedAt: new Date(),
      });
    },
    async operator(
      role: string,
      options: { permissions?: readonly Permission[]; brands?: BrandScope } = {},
    ) {
      return (await createOperator(base, { role, ...options })).token;
    },
    call: (token: string, method: 'GET' | 'POST', url: string, body?: object) =>
      operatorCall(base.app, method, url, token, body),
  });
  return harness;
}
