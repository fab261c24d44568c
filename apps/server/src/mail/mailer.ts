import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { eq } from 'drizzle-orm';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
  }

  async send(message: MailMessage): Promise<void> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ recipient: message.to, subject: message.subject, body: message.text })
      .returning({ id: mailOutbox.id });
    if (!this.transport) {
      this.logger.info(
        { outboxId: row.id, to: message.to, subject: message.subject },
        'mail stored in outbox',
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
