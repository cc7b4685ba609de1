import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_LIMIT_BYTES } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { members } from '../member/member.schema.ts';
import { createTestApp, form, type TestApp } from '../../../test/app.ts';
import { UploadUrlSigner } from './upload-url-signer.ts';
import { UploadService } from './upload.service.ts';
import { countMemberUploads } from './upload.repository.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP////////////////////////////////////////////////////////' +
    '//////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);

const TOKEN = 'member-1';

let harness: TestApp;
let memberId: bigint;

/** A member row to upload as: unique names, so parallel test files never collide. */
async function insertMember(db: Database): Promise<bigint> {
  const suffix = randomBytes(5).toString('hex');
  const rows = await db
    .insert(members)
    .values({
      brandCode: 'jinsheng',
      username: `Up${suffix}`,
      usernameKey: `up${suffix}`,
      passwordHash: 'x',
      inviteCode: `UP${suffix}`.toUpperCase(),
    })
    .returning({ id: members.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('member not inserted');
  return id;
}

beforeAll(async () => {
  // buildApp registers uploadRoutes; the fake resolver makes TOKEN a session of the test member.
  harness = await createTestApp({
    sessions: {
      async resolve(token, { brand }) {
        return token === TOKEN
          ? {
              session: {
                sessionId: 's',
                memberId: String(memberId),
                brandCode: brand.config.code,
                username: 'uploader',
              },
            }
          : null;
      },
    },
  });
  memberId = await insertMember(harness.database.db);
});
afterAll(async () => {
  await harness.close();
});

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; content: Buffer };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lobby${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  content: Buffer,
  options: {
    purpose?: string;
    filename?: string;
    contentType?: string;
    token?: string | null;
  } = {},
) {
  const parts: Part[] = [
    {
      name: 'file',
      filename: options.filename ?? 'picture.png',
      contentType: options.contentType ?? 'image/png',
      content,
    },
  ];
  if (options.purpose !== undefined) parts.push({ name: 'purpose', value: options.purpose });
  const body = multipart(parts);
  const token = options.token === undefined ? TOKEN : options.token;
  return harness.app.inject({
    method: 'POST',
    url: '/api/f/v1/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(token === null ? {} : { t: token }) },
  });
}

type Stored = { id: string; url: string; contentType: string };

async function storedCount(): Promise<number> {
  return countMemberUploads(harness.database.db, memberId);
}

describe('POST /api/f/v1/upload', () => {
  it('stores a PNG and serves it back byte for byte, with safe headers', async () => {
    const before = await storedCount();
    const response = await upload(PNG, { purpose: 'avatar' });
    expect(response.statusCode).toBe(200);
    const { status, data } = response.json<{ status: boolean; data: Stored }>();
    expect(status).toBe(true);
    expect(data.id).toMatch(/^[0-9a-f]{32}$/);
    expect(data.url).toBe(`/api/f/v1/upload/${data.id}`);
    expect(data.contentType).toBe('image/png');
    expect(await storedCount()).toBe(before + 1);

    const served = await harness.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it.each([
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a GIF', GIF, 'image/gif'],
    ['a WebP', WEBP, 'image/webp'],
  ])('accepts %s, typed by its content', async (_label, content, type) => {
    // The declared type and name are wrong on purpose: only the content counts.
    const response = await upload(content, {
      purpose: 'avatar',
      filename: 'x.bin',
      contentType: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Stored }>();
    expect(data.contentType).toBe(type);
    const served = await harness.app.inject({ method: 'GET', url: data.url });
    expect(served.headers['content-type']).toBe(type);
    expect(served.rawPayload.equals(content)).toBe(true);
  });

  it('accepts the file up to exactly the limit', async () => {
    const padded = Buffer.concat([PNG, Buffer.alloc(UPLOAD_IMAGE_LIMIT_BYTES - PNG.length)]);
    const response = await upload(padded, { purpose: 'feedback' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['an SVG', SVG, 'a.svg', 'image/svg+xml'],
    ['a text file named .png', Buffer.from('just some text, not an image'), 'a.png', 'image/png'],
    [
      'an HTML page named .gif',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'a.gif',
      'image/gif',
    ],
    ['an empty file', Buffer.alloc(0), 'a.png', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'a.png', 'image/png'],
  ])('refuses %s with upload_type and stores nothing', async (_label, content, filename, type) => {
    const before = await storedCount();
    const response = await upload(content, { purpose: 'feedback', filename, contentType: type });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      status: false,
      data: 'upload_type',
      message: '仅支持 PNG、JPG、WEBP、GIF 格式的图片',
    });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over the limit with body_too_large and stores nothing', async () => {
    const before = await storedCount();
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_IMAGE_LIMIT_BYTES + 1 - PNG.length)]);
    const response = await upload(big, { purpose: 'avatar' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: false, data: 'body_too_large' });
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['no purpose', undefined, 'purpose'],
    ['an unknown purpose', 'banner', 'purpose'],
  ])('refuses %s with validation', async (_label, purpose, field) => {
    const before = await storedCount();
    const response = await upload(PNG, purpose === undefined ? {} : { purpose });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ data: string; fields: { path: string }[] }>();
    expect(body.data).toBe('validation');
    expect(body.fields.map((issue) => issue.path)).toContain(field);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a form without a file with validation', async () => {
    const body = multipart([{ name: 'purpose', value: 'avatar' }]);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: body.payload,
      headers: { ...body.headers, t: TOKEN },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: false,
      data: 'validation',
      fields: [{ path: 'file', code: 'required' }],
    });
  });

  it('refuses a file under another name with validation', async () => {
    const before = await storedCount();
    const body = multipart([
      { name: 'purpose', value: 'avatar' },
      { name: 'picture', filename: 'a.png', contentType: 'image/png', content: PNG },
    ]);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: body.payload,
      headers: { ...body.headers, t: TOKEN },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, data: 'validation' });
    expect(await storedCount()).toBe(before);
  });

  it('reads the purpose whether it comes before or after the file', async () => {
    const body = multipart([
      { name: 'purpose', value: 'feedback' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', content: PNG },
    ]);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: body.payload,
      headers: { ...body.headers, t: TOKEN },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses two files', async () => {
    const before = await storedCount();
    const body = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', content: PNG },
      { name: 'file', filename: 'b.png', contentType: 'image/png', content: PNG },
      { name: 'purpose', value: 'feedback' },
    ]);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload: body.payload,
      headers: { ...body.headers, t: TOKEN },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: false, data: 'body_too_large' });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a body that is not multipart with unsupported_media_type', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      ...form({ purpose: 'avatar', file: 'x' }),
      headers: { ...form({}).headers, t: TOKEN },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: false, data: 'unsupported_media_type' });
  });

  it('answers a guest with token and stores nothing', async () => {
    const before = await storedCount();
    for (const token of [null, 'not-a-session']) {
      const response = await upload(PNG, { purpose: 'avatar', token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: false, data: 'token' });
    }
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /api/f/v1/upload/:id', () => {
  it('serves a file only on its own brand', async () => {
    const { data } = (await upload(PNG, { purpose: 'avatar' })).json<{ data: Stored }>();
    const elsewhere = await harness.app.inject({
      method: 'GET',
      url: data.url,
      headers: { site_code: 'longteng' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ status: false, data: 'not_found' });
    const byHost = await harness.app.inject({
      method: 'GET',
      url: data.url,
      headers: { host: 'www.longteng.lobby.test' },
    });
    expect(byHost.statusCode).toBe(404);
    const home = await harness.app.inject({
      method: 'GET',
      url: data.url,
      headers: { host: 'jinsheng.lobby.test' },
    });
    expect(home.statusCode).toBe(200);
  });

  it('serves a feedback image only to its owner or on a signed address, privately', async () => {
    const { data } = (await upload(PNG, { purpose: 'feedback' })).json<{ data: Stored }>();
    const anonymous = await harness.app.inject({ method: 'GET', url: data.url });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toMatchObject({ status: false, data: 'not_found' });
    const stranger = await harness.app.inject({
      method: 'GET',
      url: data.url,
      headers: { t: 'not-a-session' },
    });
    expect(stranger.statusCode).toBe(404);

    const owner = await harness.app.inject({ method: 'GET', url: data.url, headers: { t: TOKEN } });
    expect(owner.statusCode).toBe(200);
    expect(owner.rawPayload.equals(PNG)).toBe(true);
    expect(owner.headers['cache-control']).toBe('private, max-age=3600');

    const signer = new UploadUrlSigner(Buffer.alloc(32, 7));
    expect(signer.verify(data.id, undefined, undefined)).toBe(false);
    const signed = new URL(signer.sign(data.id), 'http://x');
    const expires = signed.searchParams.get('expires') ?? '';
    const signature = signed.searchParams.get('signature') ?? '';
    expect(signer.verify(data.id, expires, signature)).toBe(true);
    expect(signer.verify('0'.repeat(32), expires, signature)).toBe(false);
    expect(signer.verify(data.id, String(Number(expires) + 3600), signature)).toBe(false);
    // One character changed (never to itself: a signature may already end in A).
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify(data.id, expires, tampered)).toBe(false);
    // Past its expiry a signed address reads nothing.
    expect(signer.verify(data.id, expires, signature, new Date(Number(expires) * 1000))).toBe(
      false,
    );
    // The app's own key is not this test key: a signature made with another key is refused.
    const forged = await harness.app.inject({
      method: 'GET',
      url: signed.pathname + signed.search,
    });
    expect(forged.statusCode).toBe(404);
  });

  it.each([
    ['an unknown id', '0123456789abcdef0123456789abcdef'],
    ['a malformed id', 'not-an-id'],
    ['an id in capitals', 'ABCDEF0123456789ABCDEF0123456789'],
  ])('answers not_found for %s', async (_label, id) => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/f/v1/upload/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ status: false, data: 'not_found' });
  });
});

describe('UploadService', () => {
  it('reports avatars, and only avatars, to onAvatarUploaded', async () => {
    const avatars: { memberId: bigint; url: string }[] = [];
    const service = new UploadService({
      db: harness.database.db,
      async onAvatarUploaded(id, url) {
        avatars.push({ memberId: id, url });
      },
    });
    const avatar = await service.store({
      brandCode: 'jinsheng',
      memberId,
      purpose: 'avatar',
      bytes: PNG,
    });
    expect(avatars).toEqual([{ memberId, url: avatar.url }]);
    await service.store({ brandCode: 'jinsheng', memberId, purpose: 'feedback', bytes: PNG });
    expect(avatars).toHaveLength(1);
    const read = await service.read('jinsheng', avatar.id);
    expect(read.contentType).toBe('image/png');
    expect(read.data.equals(PNG)).toBe(true);
  });

  it('answers an avatar upload through the route with its address', async () => {
    const response = await upload(PNG, { purpose: 'avatar' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Stored }>();
    expect(data.url).toBe(`/api/f/v1/upload/${data.id}`);
  });
});
