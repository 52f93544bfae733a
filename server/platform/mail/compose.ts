import type { Mail } from './mailer.ts';
import { escapeHtml } from '../html.ts';

export const BRAND_NAME = 'Job Marketplace';
export const BRAND_GREEN = '#1DA425';

const escape = escapeHtml;

export interface Layout {
  to: string;
  subject: string;
  greetingName: string | null;
  intro: string;
  /** A button with its link, or a code shown large. */
  action: { kind: 'link'; label: string; url: string } | { kind: 'code'; code: string };
  outro: string;
  supportEmail: string;
  /** A list under the intro (a job alert's digest): each a linked title with short lines under it. */
  items?: Array<{ title: string; url: string; lines: string[] }>;
  /**
   * A mail of a list the reader subscribed to (job alerts): a visible unsubscribe link in the
   * footer, and the List-Unsubscribe headers (RFC 8058 one-click, and a mail to support) that mail
   * programs show as their own unsubscribe button.
   */
  unsubscribe?: { url: string; oneClickUrl: string };
}

/** The List-Unsubscribe headers of a list mail: a one-click POST address (RFC 8058) and a mail to support. */
export function listUnsubscribeHeaders(oneClickUrl: string, supportEmail: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>, <mailto:${supportEmail}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** One layout for every mail the product sends: brand header, one action, a plain text twin. */
export function compose(m: Layout): Mail {
  const hello = m.greetingName ? `Hi ${m.greetingName},` : 'Hi,';
  const actionHtml =
    m.action.kind === 'link'
      ? `<p style="margin:24px 0"><a href="${escape(m.action.url)}" style="background:${BRAND_GREEN};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:4px;display:inline-block;font-weight:600">${escape(m.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">If the button does not work, copy this address into your browser:<br><a href="${escape(m.action.url)}" style="color:#0b6b10;word-break:break-all">${escape(m.action.url)}</a></p>`
      : `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:monospace;color:#1f2933">${escape(m.action.code)}</p>`;
  const items = m.items ?? [];
  const itemsHtml = items.length
    ? `<ul style="list-style:none;padding:0;margin:16px 0">${items
        .map(
          (i) =>
            `<li style="padding:12px 0;border-top:1px solid #e4e7eb"><a href="${escape(i.url)}" style="color:#0b6b10;font-weight:600;font-size:16px">${escape(i.title)}</a>${i.lines.map((l) => `<br><span style="color:#52606d">${escape(l)}</span>`).join('')}</li>`,
        )
        .join('')}</ul>\n`
    : '';
  const unsubscribeHtml = m.unsubscribe
    ? `\n<p style="font-size:13px;color:#52606d">You get this mail because you subscribed to it. <a href="${escape(m.unsubscribe.url)}" style="color:#0b6b10">Unsubscribe</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(m.subject)}</title></head>
<body style="margin:0;background:#f5f7f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:4px;overflow:hidden">
<tr><td style="background:${BRAND_GREEN};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700">${BRAND_NAME}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${escape(hello)}</p>
<p>${escape(m.intro)}</p>
${itemsHtml}${actionHtml}
<p>${escape(m.outro)}</p>
<p style="font-size:13px;color:#52606d">Questions? Write to <a href="mailto:${escape(m.supportEmail)}" style="color:#0b6b10">${escape(m.supportEmail)}</a>.</p>${unsubscribeHtml}
</td></tr></table></td></tr></table>
</body></html>`;
  const actionText = m.action.kind === 'link' ? `${m.action.label}: ${m.action.url}` : `Your code: ${m.action.code}`;
  const itemsText = items.flatMap((i) => [i.title, ...i.lines, i.url, '']);
  const text = [
    hello,
    '',
    m.intro,
    '',
    ...itemsText,
    actionText,
    '',
    m.outro,
    '',
    `Questions? Write to ${m.supportEmail}.`,
    ...(m.unsubscribe ? ['', `Unsubscribe: ${m.unsubscribe.url}`] : []),
    '',
    `— ${BRAND_NAME}`,
  ].join('\n');
  return {
    to: m.to,
    subject: m.subject,
    html,
    text,
    links: [
      m.action.kind === 'link' ? m.action.url : m.action.code,
      ...items.map((i) => i.url),
      ...(m.unsubscribe ? [m.unsubscribe.url] : []),
    ],
    ...(m.unsubscribe ? { headers: listUnsubscribeHeaders(m.unsubscribe.oneClickUrl, m.supportEmail) } : {}),
  };
}
