import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { desc, eq, sql } from 'drizzle-orm';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What an administrator may see of a mail: whom, what about, when, and whether it left; never its text. */
export interface OutgoingMail {
  id: number;
  subject: string;
  createdAt: Date;
  status: 'sent' | 'not-sent' | 'log-only';
}

/** The latest mails to one address (the outbox keeps recipients, not user ids). */
export async function recentMailsTo(
  db: Database,
  email: string,
  smtpConfigured: boolean,
  limit = 20,
): Promise<OutgoingMail[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = lower(${email})`)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    createdAt: row.createdAt,
    status: row.sentAt ? 'sent' : smtpConfigured ? 'not-sent' : 'log-only',
  }));
}

/**
 * Every mail is stored in the outbox table first. With SMTP_URL it is then sent and marked sent;
 * without it, the log says where it went (development and tests read the outbox).
 */
export class OutboxMailer implements Mailer {
  private readonly transport?: Transporter;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly from: string,
    smtpUrl?: string,
  ) {
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
    else
      logger.warn(
        'SMTP_URL is not set: no mail leaves this server; each one is written to this log (with its links) and kept in the outbox',
      );
  }

  /** True when mails are really sent (SMTP_URL set); false when they only reach the log and the outbox. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  async send(message: MailMessage): Promise<void> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ recipient: message.to, subject: message.subject, body: message.text })
      .returning({ id: mailOutbox.id });
    if (!this.transport) {
      // No SMTP: the log is the only way the mail reaches anyone, so it carries the whole text.
      this.logger.warn(
        { outboxId: row.id, to: message.to, subject: message.subject, text: message.text },
        `mail not sent (no SMTP_URL): to ${message.to}: ${message.subject}\n${message.text}`,
      );
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      // The request still succeeds: the mail stays in the outbox, unsent, for an operator to retry.
      this.logger.error({ err: error, outboxId: row.id }, 'sending mail failed');
    }
  }
}
