import type { Db } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Links and codes the mail carries, listed by the dev mailbox. */
  links?: string[];
}

/** Delivers a recorded mail; the embedded default delivers nowhere (the dev mailbox reads the outbox). */
export interface MailTransport {
  readonly name: string;
  deliver(mail: Mail): Promise<void>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Every mail is written to the outbox first, then handed to the transport. */
export function createMailer(db: Db, transport: MailTransport | null, log: { error(obj: unknown, msg: string): void }): Mailer {
  return {
    async send(mail) {
      const [row] = await db
        .insert(outbox)
        .values({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, links: mail.links ?? [] })
        .returning({ id: outbox.id });
      if (!transport) return;
      try {
        await transport.deliver(mail);
        await markSent(db, row!.id, null);
      } catch (err) {
        log.error({ err, to: mail.to, subject: mail.subject }, 'mail delivery failed');
        await markSent(db, row!.id, err instanceof Error ? err.message : String(err));
        throw err;
      }
    },
  };
}

async function markSent(db: Db, id: string, error: string | null) {
  await db.update(outbox).set(error ? { error } : { sentAt: new Date() }).where(eq(outbox.id, id));
}
