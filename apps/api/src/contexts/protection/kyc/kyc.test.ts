import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../../test/members.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { UploadUrlSigner } from '../../identity/upload/upload-url-signer.ts';
import { auditEvents } from '../../platform/audit/audit.schema.ts';
import { createKycHarness, PNG, type KycHarness } from './kyc.test-support.ts';
import { kycSubmissions } from './kyc.schema.ts';

let harness: KycHarness;
/** A brand of this file's own (MGA profile), and a second one for brand scopes. */
let home: string;
let other: string;
/** A risk operator (kyc.review) of every brand. */
let reviewer: string;

beforeAll(async () => {
  harness = await createKycHarness();
  home = await harness.complianceBrand('mga');
  other = await harness.complianceBrand('mga');
  reviewer = await harness.operator('risk');
});
afterAll(async () => {
  await harness.close();
});

type Row = { id: string; status: string; username: string; brand: string; reason: string | null };

async function queueOf(token: string, query = '') {
  const answer = await harness.call(token, 'GET', `/admin/api/kyc/submissions${query}`);
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data as Row[];
}

async function submissionRow(id: string) {
  const [row] = await harness.database.db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, BigInt(id)));
  return row;
}

/** Fetches an image address as a browser would: no token unless given. */
async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await harness.app.inject({ method: 'GET', url, headers });
  return { statusCode: response.statusCode, headers: response.headers, body: response.rawPayload };
}

describe('the KYC journey', () => {
  it('upload -> queue (oldest first) -> images -> approve: level 2, action logged, kyc_decision event', async () => {
    const first = await harness.register({ brand: home });
    const second = await harness.register({ brand: home });
    const before = await harness.kycOf(first);
    expect(before).toMatchObject({ level: 0, submission: null, canSubmit: true });

    const sent = await harness.submitDocuments(first);
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(true);
    expect(sent.body.data).toMatchObject({
      level: 0,
      canSubmit: false,
      submission: { status: 'pending' },
    });
    expect((await harness.submitDocuments(second)).body.status).toBe(true);

    // A second set while one waits is refused and makes nothing.
    const again = await harness.submitDocuments(first);
    expect(again.statusCode).toBe(409);
    expect(again.body.data).toBe('kyc_pending');

    const queue = await queueOf(reviewer, `?brand=${home}`);
    expect(queue.map((row) => row.username)).toEqual([first.username, second.username]);
    const id = queue[0]!.id;

    const detail = await harness.call(reviewer, 'GET', `/admin/api/kyc/submissions/${id}`);
    expect(detail.body.status).toBe(true);
    const images = detail.body.data.images as Record<string, string>;
    expect(Object.keys(images).sort()).toEqual(['idBack', 'idFront', 'selfie']);
    for (const url of Object.values(images)) {
      expect(url).toContain(`brand=${home}`);
      // The operator's browser has no member session: the signed address alone opens it.
      const image = await fetchImage(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect(image.body.equals(PNG)).toBe(true);
    }

    const approved = await harness.call(
      reviewer,
      'POST',
      `/admin/api/kyc/submissions/${id}/approve`,
      {},
    );
    expect(approved.body.status, JSON.stringify(approved.body)).toBe(true);
    expect(approved.body.data).toMatchObject({ status: 'approved', decidedBy: expect.any(String) });

    const after = await harness.kycOf(first);
    expect(after).toMatchObject({ level: 2, canSubmit: false, submission: { status: 'approved' } });
    const more = await harness.submitDocuments(first);
    expect(more.body.data).toBe('kyc_already_verified');

    const actions = await harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.action, 'kyc_approve'),
          eq(operatorActions.targetId, String(first.memberId)),
        ),
      );
    expect(actions).toHaveLength(1);
    const events = await harness.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'kyc_decision'), eq(auditEvents.memberId, first.memberId)));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ decision: 'approved', submissionId: id });

    // Deciding again is refused and changes nothing.
    const twice = await harness.call(reviewer, 'POST', `/admin/api/kyc/submissions/${id}/reject`, {
      reason: 'too late',
    });
    expect(twice.body.data).toBe('kyc_already_decided');
    expect((await submissionRow(id))?.status).toBe('approved');

    // The member 360 panel shows the level and the latest decision.
    const panel = await harness.call(reviewer, 'GET', `/admin/api/members/${first.memberId}/kyc`);
    expect(panel.body.data).toMatchObject({ level: 2, latest: { status: 'approved' } });
  });

  it('a rejection needs a reason, which the member reads; the member can send again', async () => {
    const member = await harness.register({ brand: home });
    await harness.submitDocuments(member);
    const { submission } = await harness.kycOf(member);
    const id = submission!.id;

    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const refused = await harness.call(
        reviewer,
        'POST',
        `/admin/api/kyc/submissions/${id}/reject`,
        body,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.body.data).toBe('validation');
    }
    expect((await submissionRow(id))?.status).toBe('pending');

    const rejected = await harness.call(
      reviewer,
      'POST',
      `/admin/api/kyc/submissions/${id}/reject`,
      {
        reason: 'The photo of the back is blurred',
      },
    );
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'The photo of the back is blurred',
    });
    const seen = await harness.kycOf(member);
    expect(seen).toMatchObject({
      level: 0,
      canSubmit: true,
      submission: { status: 'rejected', reason: 'The photo of the back is blurred' },
    });
    const events = await harness.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'kyc_decision'), eq(auditEvents.memberId, member.memberId)));
    expect(events.map((event) => event.details.decision)).toEqual(['rejected']);

    const resent = await harness.submitDocuments(member);
    expect(resent.body.data).toMatchObject({ submission: { status: 'pending' } });
  });

  it('a claim holds the set for its operator until released', async () => {
    const member = await harness.register({ brand: home });
    await harness.submitDocuments(member);
    const id = (await harness.kycOf(member)).submission!.id;
    const colleague = await harness.operator('risk');

    const claimed = await harness.call(
      reviewer,
      'POST',
      `/admin/api/kyc/submissions/${id}/claim`,
      {},
    );
    expect(claimed.body.data).toMatchObject({ claimedBy: expect.any(String) });
    for (const action of ['claim', 'approve']) {
      const refused = await harness.call(
        colleague,
        'POST',
        `/admin/api/kyc/submissions/${id}/${action}`,
        {},
      );
      expect(refused.body.data).toBe('kyc_claimed');
    }
    await harness.call(reviewer, 'POST', `/admin/api/kyc/submissions/${id}/release`, {});
    const approved = await harness.call(
      colleague,
      'POST',
      `/admin/api/kyc/submissions/${id}/approve`,
      {},
    );
    expect(approved.body.data).toMatchObject({ status: 'approved', claimedBy: null });
  });
});

describe('bad input changes nothing', () => {
  it('refuses images that are not three different kyc uploads of the member', async () => {
    const member = await harness.register({ brand: home });
    const stranger = await harness.register({ brand: home });
    const one = await harness.uploadDocument(member);
    const two = await harness.uploadDocument(member);
    const theirs = await harness.uploadDocument(stranger);
    const cases: Record<string, string>[] = [
      { idFront: one, idBack: one, selfie: two },
      { idFront: one, idBack: two, selfie: theirs },
      { idFront: one, idBack: two, selfie: 'f'.repeat(32) },
    ];
    for (const fields of cases) {
      const answer = await post(harness.app, '/api/f/v1/kyc', fields, member.headers);
      expect(answer.body.data).toBe('kyc_image_invalid');
    }
    const malformed = await post(
      harness.app,
      '/api/f/v1/kyc',
      { idFront: one, idBack: 'x', selfie: two },
      member.headers,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body.data).toBe('validation');
    expect((await harness.kycOf(member)).submission).toBeNull();
  });

  it('answers unknown and malformed ids with a code, never a 500', async () => {
    for (const id of ['999999999', 'abc', '0']) {
      const detail = await harness.call(reviewer, 'GET', `/admin/api/kyc/submissions/${id}`);
      expect(detail.statusCode, id).toBeLessThan(500);
      expect(detail.body.status).toBe(false);
      const approve = await harness.call(
        reviewer,
        'POST',
        `/admin/api/kyc/submissions/${id}/approve`,
        {},
      );
      expect(approve.statusCode, id).toBeLessThan(500);
    }
    const nobody = await harness.call(reviewer, 'GET', '/admin/api/members/999999999/kyc');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.body.data).toBe('member_not_found');
    const signedOut = await get(harness.app, '/api/f/v1/kyc');
    expect(signedOut.body.data).toBe('token');
  });
});

describe('permissions and brand scopes', () => {
  it('refuses the queue to an operator without kyc.review; members.read sees only the level', async () => {
    const member = await harness.register({ brand: home });
    await harness.submitDocuments(member);
    const id = (await harness.kycOf(member)).submission!.id;
    const service = await harness.operator('customer_service');
    for (const [method, url] of [
      ['GET', '/admin/api/kyc/submissions'],
      ['GET', `/admin/api/kyc/submissions/${id}`],
      ['POST', `/admin/api/kyc/submissions/${id}/approve`],
      ['POST', `/admin/api/kyc/submissions/${id}/claim`],
    ] as const) {
      const refused = await harness.call(service, method, url, {});
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body.data).toBe('forbidden');
    }
    const panel = await harness.call(service, 'GET', `/admin/api/members/${member.memberId}/kyc`);
    expect(panel.body.data).toMatchObject({ level: 0, latest: { status: 'pending' } });
    expect(JSON.stringify(panel.body.data)).not.toContain('signature');
    expect((await submissionRow(id))?.status).toBe('pending');
  });

  it("hides another brand's sets from an operator of other brands", async () => {
    const member = await harness.register({ brand: home });
    await harness.submitDocuments(member);
    const id = (await harness.kycOf(member)).submission!.id;
    const outsider = await harness.operator('test_kyc_outsider', {
      permissions: ['kyc.review', 'members.read'],
      brands: [other],
    });
    expect((await queueOf(outsider)).map((row) => row.id)).not.toContain(id);
    const named = await harness.call(outsider, 'GET', `/admin/api/kyc/submissions?brand=${home}`);
    expect(named.body.data).toBe('forbidden');
    for (const action of ['', '/approve', '/claim']) {
      const method = action === '' ? 'GET' : 'POST';
      const answer = await harness.call(
        outsider,
        method,
        `/admin/api/kyc/submissions/${id}${action}`,
        {},
      );
      expect(answer.statusCode).toBe(404);
      expect(answer.body.data).toBe('kyc_submission_not_found');
    }
    const panel = await harness.call(outsider, 'GET', `/admin/api/members/${member.memberId}/kyc`);
    expect(panel.body.data).toBe('member_not_found');
    expect((await submissionRow(id))?.status).toBe('pending');
  });
});

describe('private images', () => {
  it('serves documents to their owner and the signed address only', async () => {
    const owner = await harness.register({ brand: home });
    const stranger = await harness.register({ brand: home });
    const uploadId = await harness.uploadDocument(owner);
    const bare = `/api/f/v1/upload/${uploadId}`;
    const hostOf = harness.hostOf(home);

    expect((await fetchImage(bare, hostOf)).statusCode).toBe(404);
    expect((await fetchImage(bare, stranger.headers)).statusCode).toBe(404);
    expect((await fetchImage(bare, owner.headers)).statusCode).toBe(200);

    await harness.submitDocuments(owner);
    const { submission } = await harness.kycOf(owner);
    const url = submission!.images.idFront!;
    expect((await fetchImage(url)).statusCode).toBe(200);
    // The signature is bound to the image and its brand.
    const tampered = url.replace(
      /signature=([^&]+)/,
      (_, value: string) => `signature=${value.slice(0, -2)}AA`,
    );
    expect((await fetchImage(tampered)).statusCode).toBe(404);
    expect((await fetchImage(url.replace(`brand=${home}`, `brand=${other}`))).statusCode).toBe(404);
    const withoutBrand = url.replace(`brand=${home}&`, '');
    expect((await fetchImage(withoutBrand, hostOf)).statusCode).toBe(404);
  });

  it('signs document addresses for minutes, bound to the brand', () => {
    const signer = new UploadUrlSigner(randomBytes(32));
    const id = 'a'.repeat(32);
    const now = new Date('2026-11-27T12:00:00Z');
    const url = new URL(signer.signDocument(id, 'home', now), 'http://x');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(Number(expires) * 1000 - now.getTime()).toBeLessThanOrEqual(10 * 60_000);
    expect(signer.verifyDocument(id, 'home', expires, signature, now)).toBe(true);
    expect(signer.verifyDocument(id, 'away', expires, signature, now)).toBe(false);
    expect(signer.verify(id, expires, signature, now)).toBe(false);
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(signer.verifyDocument(id, 'home', expires, signature, later)).toBe(false);
    // An hour-long address of a feedback image does not open a document.
    const hourly = new URL(signer.sign(id, now), 'http://x');
    expect(
      signer.verifyDocument(
        id,
        'home',
        hourly.searchParams.get('expires')!,
        hourly.searchParams.get('signature')!,
        now,
      ),
    ).toBe(false);
  });
});
