import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../db/schema.ts';
import type { AppContext } from '../context.ts';
import { escapeHtml } from '../platform/html.ts';

const escape = escapeHtml;

/**
 * The local inbox: every mail the server sent, newest first, with its links and codes.
 * Registered only outside production.
 */
export function devMailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (req, res) => {
    const to = typeof (req.query as { to?: unknown }).to === 'string' ? (req.query as { to: string }).to.toLowerCase() : '';
    const rows = await ctx.db
      .select()
      .from(outbox)
      .where(to ? eq(outbox.to, to) : undefined)
      .orderBy(desc(outbox.createdAt))
      .limit(100);
    const items = rows
      .map(
        (m) => `<article class="mail" aria-labelledby="m-${m.id}">
  <h2 id="m-${m.id}">${escape(m.subject)}</h2>
  <p class="meta">To <span class="to">${escape(m.to)}</span> · <time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p>
  ${
    m.headers && Object.keys(m.headers).length
      ? `<dl class="headers">${Object.entries(m.headers)
          .map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`)
          .join('')}</dl>`
      : ''
  }
  <pre>${escape(m.text)}</pre>
  ${m.links.length ? `<ul>${m.links.map((l) => (/^https?:/.test(l) ? `<li><a href="${escape(l)}">${escape(l)}</a></li>` : `<li><code>${escape(l)}</code></li>`)).join('')}</ul>` : ''}
</article>`,
      )
      .join('\n');
    return res.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{color:#1DA425}.mail{border:1px solid #d0d7de;border-radius:4px;padding:1rem;margin:1rem 0}
.meta{color:#52606d;font-size:.9rem}.headers{font-family:monospace;font-size:.85rem;display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}.headers dt{font-weight:600}.headers dd{margin:0;word-break:break-all}pre{white-space:pre-wrap;background:#f6f8fa;padding:.75rem;border-radius:4px}
a{color:#0b6b10}a:focus-visible{outline:3px solid #1DA425;outline-offset:2px}
</style></head>
<body><main>
<h1>Dev mailbox</h1>
<p>Every mail this server has sent${to ? ` to ${escape(to)}` : ''}, newest first. This page exists only outside production.</p>
<form method="get"><label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escape(to)}"> <button type="submit">Filter</button></form>
${items || '<p>No mail yet.</p>'}
</main></body></html>`);
  });
}
