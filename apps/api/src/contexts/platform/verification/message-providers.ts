import { createTransport, type Transporter } from 'nodemailer';
import type { VerificationPurpose } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { insertOutboxMessage } from './verification.repository.ts';

/** One message to one member. `to` is `+<area code><phone>` for SMS, the address for e-mail. */
export type OutgoingMessage = {
  brandCode: string;
  channel: 'sms' | 'email';
  to: string;
  purpose: VerificationPurpose;
  subject: string;
  body: string;
};

/**
 * Delivers messages, and throws when one was not accepted. VerificationService records every
 * message another provider delivered in `outbox_messages` under the provider's name.
 */
export interface MessageProvider {
  name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/** Records a message in the outbox table, with the provider that carried it. */
export async function recordOutboxMessage(
  db: Database,
  message: OutgoingMessage,
  provider: string,
): Promise<void> {
  await insertOutboxMessage(db, {
    brandCode: message.brandCode,
    channel: message.channel,
    recipient: message.to,
    purpose: message.purpose,
    subject: message.subject,
    body: message.body,
    provider,
  });
}

/**
 * Keeps messages in the `outbox_messages` table instead of delivering them: the default for SMS
 * and e-mail until a real provider is configured. Operators (and, outside production, tests via
 * GET /api/dev/outbox) read them there.
 */
export class OutboxProvider implements MessageProvider {
  readonly name = 'outbox';
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async send(message: OutgoingMessage): Promise<void> {
    await recordOutboxMessage(this.db, message, this.name);
  }
}

/**
 * The sender when none is configured: the SMTP account's user name when it is an address, else
 * no-reply at the SMTP server's domain.
 */
export function defaultSender(url: string): string {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  if (user.includes('@')) return user;
  const domain = parsed.hostname.split('.').slice(-2).join('.') || 'localhost';
  return `no-reply@${domain}`;
}

/**
 * E-mail through an SMTP server (`SMTP_URL`, a nodemailer URL such as
 * `smtps://user:pass@smtp.example.com`), from `SMTP_FROM` (or `defaultSender`).
 */
export class SmtpProvider implements MessageProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(options: { url: string; from?: string | undefined }) {
    this.transport = createTransport(options.url);
    this.from = options.from || defaultSender(options.url);
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') {
      throw new Error(`the SMTP provider cannot send ${message.channel} messages`);
    }
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.body,
    });
  }

  /** Closes pooled connections (the transport is not pooled by default). */
  close(): void {
    this.transport.close();
  }
}

/**
 * The providers of the settings: SMS to the outbox (there is no SMS gateway yet); e-mail through
 * SMTP when `smtpUrl` is set, else to the outbox.
 */
export function createMessageProviders(
  db: Database,
  settings: { smtpUrl?: string | undefined; smtpFrom?: string | undefined },
): { sms: MessageProvider; email: MessageProvider } {
  const outbox = new OutboxProvider(db);
  const email = settings.smtpUrl
    ? new SmtpProvider({ url: settings.smtpUrl, from: settings.smtpFrom })
    : outbox;
  return { sms: outbox, email };
}
