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
  /** Extra headers (List-Unsubscribe…): kept in the outbox, sent by the transport, shown by the dev mailbox. */
  headers?: Record<string, string>;
}

/** Delivers a recorded mail; the embedded default delivers nowhere (the dev mailbox reads the outbox). */
export interface MailTransport {
  readonly name: string;
  deliver(mail: Mail): Promise<void>;
}

export interface Mailer {
  /** Records the mail and waits for its delivery (delivery errors are thrown). */
  send(mail: Mail): Promise<void>;
  /**
   * Records the mail and delivers it in the background: the caller's answer does not wait
   * for (or reveal, by its timing) the mail server. Failures are logged and kept in the outbox.
   */
  enqueue(mail: Mail): Promise<void>;
  /**
   * Records the mail with the caller's transaction (so it is kept only if that commits) and
   * answers how to hand it to the transport: call that once the transaction committed. A run that
   * stops before its commit leaves no mail behind, and one that committed never records it twice.
   */
  recordWith(tx: Db, mail: Mail): Promise<() => void>;
  /** Waits for background deliveries still under way (shutdown, tests). */
  drain(): Promise<void>;
}

/** Every mail is written to the outbox first, then handed to the transport. */
export function createMailer(db: Db, transport: MailTransport | null, log: { error(obj: unknown, msg: string): void }): Mailer {
  const pending = new Set<Promise<void>>();
  const record = async (mail: Mail, into: Db = db) => {
    const [row] = await into
      .insert(outbox)
      .values({
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        links: mail.links ?? [],
        headers: mail.headers ?? null,
      })
      .returning({ id: outbox.id });
    return row!.id;
  };
  const inBackground = (id: string, mail: Mail) => {
    if (!transport) return;
    const job = deliver(id, mail)
      .catch(() => {})
      .finally(() => pending.delete(job));
    pending.add(job);
  };
  const deliver = async (id: string, mail: Mail) => {
    if (!transport) return;
    try {
      await transport.deliver(mail);
      await markSent(db, id, null);
    } catch (err) {
      log.error({ err, to: mail.to, subject: mail.subject }, 'mail delivery failed');
      await markSent(db, id, err instanceof Error ? err.message : String(err));
      throw err;
    }
  };
  return {
    async send(mail) {
      await deliver(await record(mail), mail);
    },
    async enqueue(mail) {
      inBackground(await record(mail), mail);
    },
    async recordWith(tx, mail) {
      const id = await record(mail, tx);
      return () => inBackground(id, mail);
    },
    async drain() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

async function markSent(db: Db, id: string, error: string | null) {
  await db
    .update(outbox)
    .set(error ? { error } : { sentAt: new Date() })
    .where(eq(outbox.id, id));
}
