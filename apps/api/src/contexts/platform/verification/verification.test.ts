import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OutboxMessage } from '@lobby/contracts';
import { MemoryCache } from '../../../cache/memory-cache.ts';
import { AppError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { createTestApp, form, type TestApp } from '../../../test/app.ts';
import {
  createMessageProviders,
  defaultSender,
  OutboxProvider,
  SmtpProvider,
  type MessageProvider,
  type OutgoingMessage,
} from './message-providers.ts';
import { insertOutboxMessage, listOutboxMessages } from './verification.repository.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  CODES_PER_DAY,
  DEV_OUTBOX_LIMIT,
  outboxRecipient,
  VerificationService,
  type VerificationTarget,
} from './verification.service.ts';

let harness: TestApp;
let verification: VerificationService;

beforeAll(async () => {
  harness = await createTestApp({
    beforeReady(app) {
      // A stand-in for the send-code route, to see this module's failures in the envelope.
      app.withTypeProvider<ZodTypeProvider>().post(
        '/api/test/send-code',
        {
          schema: {
            body: z.object({ phone: z.string() }),
            response: envelopeResponses(z.object({ sentTo: z.string() })),
          },
        },
        async (request) =>
          ok(
            await verification.send({
              brandCode: request.brand.config.code,
              siteName: request.brand.config.siteName,
              purpose: 'register',
              target: { channel: 'sms', areaCode: '86', phone: request.body.phone },
              language: request.language,
            }),
          ),
      );
    },
  });
  verification = new VerificationService({
    db: harness.database.db,
    cache: harness.cache,
    providers: createMessageProviders(harness.database.db, {}),
  });
});
afterAll(async () => {
  await harness.close();
});

/** A mainland mobile number no other test (or test file) uses. */
function newPhone(): string {
  return `13${randomInt(100_000_000, 999_999_999)}`;
}
function newEmail(): string {
  return `Ab${randomUUID().slice(0, 8)}@Example.com`;
}

const sms = (phone: string): VerificationTarget => ({ channel: 'sms', areaCode: '86', phone });

async function outbox(recipient: string, brandCode = 'jinsheng') {
  return listOutboxMessages(harness.database.db, { brandCode, recipient, limit: 50 });
}

/** The code in the latest message to a recipient. */
async function latestCode(recipient: string, brandCode = 'jinsheng'): Promise<string> {
  const [latest] = await outbox(recipient, brandCode);
  const code = /\d{6}/.exec(latest?.body ?? '')?.[0];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

async function failure(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

function send(
  target: VerificationTarget,
  options: {
    service?: VerificationService;
    brandCode?: string;
    language?: 'zh-CN' | 'zh-TW' | 'en';
    purpose?: 'register' | 'forget' | 'bindPhone' | 'bindEmail';
  } = {},
) {
  return (options.service ?? verification).send({
    brandCode: options.brandCode ?? 'jinsheng',
    siteName: '金盛娱乐',
    purpose: options.purpose ?? 'register',
    target,
    language: options.language ?? 'zh-CN',
  });
}

function consume(
  target: VerificationTarget,
  code: string,
  options: {
    service?: VerificationService;
    brandCode?: string;
    purpose?: 'register' | 'forget' | 'bindPhone' | 'bindEmail';
  } = {},
) {
  return (options.service ?? verification).consume({
    brandCode: options.brandCode ?? 'jinsheng',
    purpose: options.purpose ?? 'register',
    target,
    code,
  });
}

describe('VerificationService.send', () => {
  it('sends a six-digit code by SMS in Chinese, naming the site and the expiry', async () => {
    const phone = newPhone();
    const result = await send(sms(phone));
    expect(result).toEqual({
      sentTo: `+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
      resendAfterSeconds: CODE_RESEND_SECONDS,
      expiresInSeconds: CODE_TTL_SECONDS,
    });
    const messages = await outbox(`+86${phone}`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      brandCode: 'jinsheng',
      channel: 'sms',
      recipient: `+86${phone}`,
      purpose: 'register',
      provider: 'outbox',
      subject: '【金盛娱乐】验证码',
    });
    expect(messages[0]?.body).toMatch(
      /^【金盛娱乐】您的验证码是 \d{6}，5 分钟内有效，请勿告诉他人。$/,
    );
  });

  it('writes the message in zh-TW and English', async () => {
    const traditional = newPhone();
    await send(sms(traditional), { language: 'zh-TW' });
    expect((await outbox(`+86${traditional}`))[0]?.body).toMatch(
      /^【金盛娱乐】您的驗證碼是 \d{6}，5 分鐘內有效，請勿告訴他人。$/,
    );
    const english = newPhone();
    await send(sms(english), { language: 'en' });
    expect((await outbox(`+86${english}`))[0]).toMatchObject({
      subject: '[金盛娱乐] Verification code',
      body: expect.stringMatching(
        /^\[金盛娱乐\] Your verification code is \d{6}\. It is valid for 5 minutes\. Do not share it with anyone\.$/,
      ),
    });
  });

  it('sends e-mail to the lower-cased address and masks it', async () => {
    const email = newEmail();
    const result = await send({ channel: 'email', email }, { purpose: 'bindEmail' });
    expect(result.sentTo).toBe(`ab***@example.com`);
    const [message] = await outbox(email.toLowerCase());
    expect(message).toMatchObject({ channel: 'email', provider: 'outbox', purpose: 'bindEmail' });
    await consume(
      { channel: 'email', email: email.toUpperCase() },
      await latestCode(email.toLowerCase()),
      {
        purpose: 'bindEmail',
      },
    );
  });

  it('keeps the code hashed, never as it was sent', async () => {
    const cache = new MemoryCache();
    const service = new VerificationService({
      db: harness.database.db,
      cache,
      providers: createMessageProviders(harness.database.db, {}),
    });
    const phone = newPhone();
    await send(sms(phone), { service });
    const code = await latestCode(`+86${phone}`);
    const stored = await cache.get(`verify:code:jinsheng:register:+86${phone}`);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code);
    expect(await cache.ttlMs(`verify:code:jinsheng:register:+86${phone}`)).toBeGreaterThan(
      (CODE_TTL_SECONDS - 5) * 1000,
    );
    await cache.close();
  });

  it('refuses a second code within a minute, with the seconds left', async () => {
    const phone = newPhone();
    await send(sms(phone));
    const refused = await failure(send(sms(phone)));
    expect(refused.code).toBe('code_resend_too_soon');
    expect(refused.httpStatus).toBe(429);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(CODE_RESEND_SECONDS);
    // The wait is per purpose: another purpose may send at once (the daily cap counts all).
    await send(sms(phone), { purpose: 'forget' });
    expect(await outbox(`+86${phone}`)).toHaveLength(2);
  });

  it('keeps the wait per target whatever brand asks: one phone is not flooded through brands', async () => {
    const phone = newPhone();
    await send(sms(phone), { brandCode: 'jinsheng' });
    for (const brandCode of ['longteng', 'lumen', 'tianyu']) {
      const refused = await failure(send(sms(phone), { brandCode }));
      expect(refused.code).toBe('code_resend_too_soon');
      expect(await outbox(`+86${phone}`, brandCode)).toHaveLength(0);
    }
    expect(await outbox(`+86${phone}`)).toHaveLength(1);
  });

  it('answers too-soon in the envelope with the seconds, and a Retry-After header', async () => {
    const phone = newPhone();
    const first = await harness.app.inject({
      method: 'POST',
      url: '/api/test/send-code',
      ...form({ phone }),
    });
    expect(first.json()).toMatchObject({ status: true, data: { sentTo: expect.any(String) } });
    const second = await harness.app.inject({
      method: 'POST',
      url: '/api/test/send-code',
      ...form({ phone }),
    });
    expect(second.statusCode).toBe(429);
    const body = second.json<{ data: string; message: string; retryAfterSeconds: number }>();
    expect(body.data).toBe('code_resend_too_soon');
    expect(body.retryAfterSeconds).toBeGreaterThan(55);
    expect(body.message).toBe(`验证码已发送，请 ${body.retryAfterSeconds} 秒后再试`);
    expect(second.headers['retry-after']).toBe(String(body.retryAfterSeconds));
  });

  it(`allows ${CODES_PER_DAY} codes a day per target, then code_daily_limit`, async () => {
    let now = Date.now();
    const cache = new MemoryCache({ now: () => now });
    const service = new VerificationService({
      db: harness.database.db,
      cache,
      providers: createMessageProviders(harness.database.db, {}),
    });
    const phone = newPhone();
    for (let index = 0; index < CODES_PER_DAY; index++) {
      await send(sms(phone), { service });
      now += (CODE_RESEND_SECONDS + 1) * 1000;
    }
    const refused = await failure(send(sms(phone), { service }));
    expect(refused.code).toBe('code_daily_limit');
    expect(refused.httpStatus).toBe(429);
    expect(refused.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    // Asking again at once gives the same answer rather than "too soon".
    expect((await failure(send(sms(phone), { service }))).code).toBe('code_daily_limit');
    expect(await outbox(`+86${phone}`)).toHaveLength(CODES_PER_DAY);
    // Nor through another brand: the cap is the target's.
    expect((await failure(send(sms(phone), { service, brandCode: 'longteng' }))).code).toBe(
      'code_daily_limit',
    );
    expect(await outbox(`+86${phone}`, 'longteng')).toHaveLength(0);
    // Another target is not affected; a day later the target may ask again.
    await send(sms(newPhone()), { service });
    now += 24 * 3600 * 1000;
    await send(sms(phone), { service });
    await cache.close();
  });

  it('answers code_send_failed when the provider fails, and lets the member retry at once', async () => {
    let failing = true;
    const flaky: MessageProvider = {
      name: 'flaky',
      async send() {
        if (failing) throw new Error('gateway down');
      },
    };
    const service = new VerificationService({
      db: harness.database.db,
      cache: harness.cache,
      providers: { sms: flaky, email: flaky },
    });
    const phone = newPhone();
    const refused = await failure(send(sms(phone), { service }));
    expect(refused.code).toBe('code_send_failed');
    expect(refused.httpStatus).toBe(502);
    expect(refused.cause).toBeInstanceOf(Error);
    // The code of the failed send was removed, and nothing was recorded.
    expect(await harness.cache.get(`verify:code:jinsheng:register:+86${phone}`)).toBeNull();
    expect(await outbox(`+86${phone}`)).toHaveLength(0);
    failing = false;
    await send(sms(phone), { service });
    // A provider other than the outbox is recorded with its name.
    expect(await outbox(`+86${phone}`)).toMatchObject([{ provider: 'flaky', channel: 'sms' }]);
  });
});

describe('VerificationService.consume', () => {
  it('accepts the code once', async () => {
    const phone = newPhone();
    await send(sms(phone));
    const code = await latestCode(`+86${phone}`);
    await consume(sms(phone), ` ${code} `);
    expect((await failure(consume(sms(phone), code))).code).toBe('code_wrong');
  });

  it('refuses a wrong code with code_wrong, and still takes the right one', async () => {
    const phone = newPhone();
    await send(sms(phone));
    const code = await latestCode(`+86${phone}`);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
      const refused = await failure(consume(sms(phone), wrongCode));
      expect(refused.code).toBe('code_wrong');
      expect(refused.httpStatus).toBe(400);
    }
    await consume(sms(phone), code);
  });

  it(`burns the code after ${CODE_MAX_ATTEMPTS} wrong tries`, async () => {
    const phone = newPhone();
    await send(sms(phone));
    const code = await latestCode(`+86${phone}`);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < CODE_MAX_ATTEMPTS; attempt++) {
      expect((await failure(consume(sms(phone), wrongCode))).code).toBe('code_wrong');
    }
    expect((await failure(consume(sms(phone), code))).code).toBe('code_wrong');
  });

  it('lets parallel guesses make no more than the allowed comparisons', async () => {
    const phone = newPhone();
    await send(sms(phone));
    const code = await latestCode(`+86${phone}`);
    const guesses = Array.from({ length: 30 }, (_, index) =>
      String(index).padStart(6, '0') === code ? '999999' : String(index).padStart(6, '0'),
    );
    const results = await Promise.allSettled(guesses.map((guess) => consume(sms(phone), guess)));
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect((await failure(consume(sms(phone), code))).code).toBe('code_wrong');
  });

  it('binds a code to its brand, purpose and target', async () => {
    const phone = newPhone();
    await send(sms(phone));
    const code = await latestCode(`+86${phone}`);
    expect((await failure(consume(sms(phone), code, { purpose: 'forget' }))).code).toBe(
      'code_wrong',
    );
    expect((await failure(consume(sms(phone), code, { brandCode: 'longteng' }))).code).toBe(
      'code_wrong',
    );
    expect((await failure(consume(sms(newPhone()), code))).code).toBe('code_wrong');
    expect((await failure(consume({ channel: 'sms', areaCode: '852', phone }, code))).code).toBe(
      'code_wrong',
    );
    await consume(sms(phone), code);
  });

  it('refuses an unknown or expired code', async () => {
    expect((await failure(consume(sms(newPhone()), '123456'))).code).toBe('code_wrong');
    let now = Date.now();
    const cache = new MemoryCache({ now: () => now });
    const service = new VerificationService({
      db: harness.database.db,
      cache,
      providers: createMessageProviders(harness.database.db, {}),
    });
    const phone = newPhone();
    await send(sms(phone), { service });
    const code = await latestCode(`+86${phone}`);
    now += CODE_TTL_SECONDS * 1000 + 1;
    expect((await failure(consume(sms(phone), code, { service }))).code).toBe('code_wrong');
    await cache.close();
  });
});

/** A minimal SMTP server that accepts every message and keeps the raw data. */
function startSmtpServer(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 localhost\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        messages,
      });
    });
  });
}

describe('SmtpProvider', () => {
  it('delivers e-mail over SMTP and records it in the outbox as smtp', async () => {
    const smtp = await startSmtpServer();
    try {
      const providers = createMessageProviders(harness.database.db, {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        smtpFrom: 'codes@lobby.test',
      });
      expect(providers.sms).toBeInstanceOf(OutboxProvider);
      expect(providers.email).toBeInstanceOf(SmtpProvider);
      const service = new VerificationService({
        db: harness.database.db,
        cache: harness.cache,
        providers,
      });
      const email = newEmail();
      await send({ channel: 'email', email }, { service, language: 'en', purpose: 'forget' });
      const [record] = await outbox(email.toLowerCase());
      expect(record).toMatchObject({ provider: 'smtp', channel: 'email', purpose: 'forget' });
      const code = /\d{6}/.exec(record?.body ?? '')?.[0] ?? '';
      expect(smtp.messages).toHaveLength(1);
      const raw = smtp.messages[0] ?? '';
      expect(raw).toContain(`To: ${email.toLowerCase()}`);
      expect(raw).toContain('From: codes@lobby.test');
      expect(raw).toContain(code);
      await consume({ channel: 'email', email }, code, { service, purpose: 'forget' });
    } finally {
      smtp.server.close();
    }
  });

  it('answers code_send_failed when the SMTP server cannot be reached', async () => {
    const smtp = await startSmtpServer();
    smtp.server.close();
    const service = new VerificationService({
      db: harness.database.db,
      cache: harness.cache,
      providers: createMessageProviders(harness.database.db, {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      }),
    });
    const email = newEmail();
    const refused = await failure(send({ channel: 'email', email }, { service }));
    expect(refused.code).toBe('code_send_failed');
    expect(await outbox(email.toLowerCase())).toHaveLength(0);
  });

  it('never carries SMS', async () => {
    const provider = new SmtpProvider({ url: 'smtp://127.0.0.1:1', from: 'a@b.test' });
    const message: OutgoingMessage = {
      brandCode: 'jinsheng',
      channel: 'sms',
      to: '+8613800000000',
      purpose: 'register',
      subject: 's',
      body: 'b',
    };
    await expect(provider.send(message)).rejects.toThrow(/cannot send sms/);
  });

  it('sends from the account address or no-reply at the server domain by default', () => {
    expect(defaultSender('smtps://codes%40mail.example.com:pw@smtp.example.com')).toBe(
      'codes@mail.example.com',
    );
    expect(defaultSender('smtp://user:pw@smtp.mail.example.com:587')).toBe('no-reply@example.com');
  });

  it('sends everything to the outbox without SMTP_URL', () => {
    const providers = createMessageProviders(harness.database.db, {});
    expect(providers.sms).toBeInstanceOf(OutboxProvider);
    expect(providers.email).toBe(providers.sms);
  });
});

describe('GET /api/dev/outbox', () => {
  function readOutbox(to: string, headers: Record<string, string> = {}) {
    return harness.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
      headers,
    });
  }

  it('lists the messages to a phone, newest first, by either form of the number', async () => {
    const phone = newPhone();
    await send(sms(phone), { purpose: 'register' });
    // Another purpose: the wait between sends is per purpose (and per target across brands).
    await send(sms(phone), { brandCode: 'longteng', purpose: 'forget' });
    for (const to of [`+86${phone}`, `86${phone}`]) {
      const response = await readOutbox(to);
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: OutboxMessage[] }>();
      expect(data).toHaveLength(1);
      expect(data[0]).toEqual({
        channel: 'sms',
        to: `+86${phone}`,
        purpose: 'register',
        subject: '【金盛娱乐】验证码',
        body: expect.stringMatching(/您的验证码是 \d{6}/),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    }
    // Only the request's brand.
    const other = (await readOutbox(`+86${phone}`, { site_code: 'longteng' })).json<{
      data: OutboxMessage[];
    }>();
    expect(other.data).toHaveLength(1);
  });

  it('lists e-mail by address in any case', async () => {
    const email = newEmail();
    await send({ channel: 'email', email }, { purpose: 'bindEmail' });
    const { data } = (await readOutbox(email.toUpperCase())).json<{ data: OutboxMessage[] }>();
    expect(data).toMatchObject([
      { channel: 'email', to: email.toLowerCase(), purpose: 'bindEmail' },
    ]);
  });

  it(`answers the latest ${DEV_OUTBOX_LIMIT}, newest first`, async () => {
    const recipient = `+86${newPhone()}`;
    for (let index = 0; index < DEV_OUTBOX_LIMIT + 3; index++) {
      await insertOutboxMessage(harness.database.db, {
        brandCode: 'jinsheng',
        channel: 'sms',
        recipient,
        purpose: 'register',
        subject: 's',
        body: `message ${index}`,
        provider: 'outbox',
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, index)),
      });
    }
    const { data } = (await readOutbox(recipient)).json<{ data: OutboxMessage[] }>();
    expect(data).toHaveLength(DEV_OUTBOX_LIMIT);
    expect(data[0]?.body).toBe(`message ${DEV_OUTBOX_LIMIT + 2}`);
    expect(data.at(-1)?.body).toBe('message 3');
  });

  it('answers an empty list for an unknown or unreadable target, validation for none', async () => {
    expect((await readOutbox('+8610000000000')).json()).toEqual({ status: true, data: [] });
    expect((await readOutbox('not a target')).json()).toEqual({ status: true, data: [] });
    const none = await harness.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: false, data: 'validation' });
  });
});

describe('outboxRecipient', () => {
  it('reads phones with or without the plus, and e-mail in any case', () => {
    expect(outboxRecipient('+8613812345678')).toBe('+8613812345678');
    expect(outboxRecipient(' 8613812345678 ')).toBe('+8613812345678');
    expect(outboxRecipient('Ab@Example.COM')).toBe('ab@example.com');
    expect(outboxRecipient('13a')).toBeNull();
    expect(outboxRecipient('++86138')).toBeNull();
  });
});
