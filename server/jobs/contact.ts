import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { contactMessages, users } from '../db/schema.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME } from '../platform/mail/compose.ts';
import type { contactInputSchema } from '../../src/contract/contact.ts';
import { escapeHtml } from '../platform/html.ts';

type ContactInput = z.output<typeof contactInputSchema>;

const escape = escapeHtml;

/** The support team's copy of a contact form message; replying goes to the sender's address. */
export function contactMail(ctx: AppContext, m: ContactInput): Mail {
  const subject = `Contact form: ${m.subject ?? `message from ${m.name}`}`.slice(0, 250);
  const reply = `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject ?? BRAND_NAME}`)}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<p><strong>${escape(m.name)}</strong> (<a href="${escape(reply)}">${escape(m.email)}</a>) wrote through the ${BRAND_NAME} contact form:</p>
${m.subject ? `<p><strong>Subject:</strong> ${escape(m.subject)}</p>` : ''}
<p style="white-space:pre-wrap">${escape(m.message)}</p>
</body></html>`;
  const text = [
    `${m.name} <${m.email}> wrote through the ${BRAND_NAME} contact form:`,
    '',
    ...(m.subject ? [`Subject: ${m.subject}`, ''] : []),
    m.message,
  ].join('\n');
  return { to: ctx.config.supportEmail, subject, html, text, links: [reply] };
}

/** ConnectWithUs: the message is kept (with the signed-in sender, while that account exists), then mailed to the support address. */
export async function sendContactMessage(ctx: AppContext, input: ContactInput, userId: string | null): Promise<void> {
  const { website: _honeypot, ...message } = input;
  const sender = userId ? sql`(select ${users.id} from ${users} where ${users.id} = ${userId})` : null;
  await ctx.db.insert(contactMessages).values({ ...message, userId: sender });
  await ctx.mailer.enqueue(contactMail(ctx, input));
}

/** A message whose hidden field was filled in: a form-filling bot, not a person. */
export const isBotMessage = (input: ContactInput) => input.website !== '';
