import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../support/server/test-app.ts';
import { accountApp, jobSeekerBody, lastMail, linkIn, post, uniqueEmail } from './account-support.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Headers of a raw message, unfolded; the decoded text of each text/* part. */
function parseMessage(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const decodeWord = (s: string) =>
    s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
  const parts: string[] = [];
  const body = rest.join('\n\n');
  for (const part of body.split(/--[^\r\n]+\r?\n/)) {
    const m = /^([\s\S]*?)\r?\n\r?\n([\s\S]*)$/.exec(part);
    if (!m || !/Content-Type: text\//i.test(m[1]!)) continue;
    const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(m[1]!)?.[1]?.toLowerCase();
    const content = m[2]!.replace(/\r?\n--[^\r\n]*--\s*$/, '');
    parts.push(
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQp(content)
          : content,
    );
  }
  return { subject: decodeWord(subject), headers, parts };
}

function decodeQp(s: string): string {
  // Literal % signs first, so the decoding below only turns =XX sequences into bytes.
  const escaped = s
    .replace(/=\r?\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
  return decodeURIComponent(escaped);
}

describe('SMTP delivery', () => {
  let server: SMTPServer;
  let app: TestApp;
  const received: Received[] = [];
  let waiters: Array<() => void> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          waiters.forEach((w) => w());
          waiters = [];
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    app = await accountApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Job Marketplace <no-reply@jobs.example.com>',
        PUBLIC_URL: 'https://jobs.example.com',
      },
    });
  });
  afterAll(async () => {
    await app.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function nextMessage(count: number) {
    const deadline = Date.now() + 15_000;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error('no mail reached the SMTP server');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
    return received[count - 1]!;
  }

  it('delivers the verification mail to a real SMTP server, with the link in both parts', async () => {
    const email = uniqueEmail('smtp');
    const answer = await post(app, '/api/Account/Register', jobSeekerBody(email));
    expect(answer.status).toBe(201);

    const message = await nextMessage(1);
    expect(message.to).toEqual([email]);
    expect(message.from).toBe('no-reply@jobs.example.com');
    const parsed = parseMessage(message.raw);
    expect(parsed.subject).toBe('Verify your email for Job Marketplace');
    expect(parsed.headers).toMatch(/^To: .*smtp\./im);

    const { href } = linkIn(await lastMail(app, email));
    expect(href.startsWith('https://jobs.example.com/verify-email?token=')).toBe(true);
    const [text, html] = parsed.parts;
    expect(text).toContain(href);
    expect(html).toContain(href.replace(/&/g, '&amp;'));
    expect(html).toContain('#1DA425');

    // The outbox records the delivery.
    const deadline = Date.now() + 5000;
    while (!(await lastMail(app, email)).sentAt && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const row = await lastMail(app, email);
    expect(row.sentAt).not.toBeNull();
    expect(row.error).toBeNull();
  });
  it('sends a job alert mail with its List-Unsubscribe headers (one-click, RFC 8058)', async () => {
    const email = uniqueEmail('alert');
    const before = received.length;
    expect((await post(app, '/api/job/Subscribe', { email, keyword: 'welder' })).status).toBe(200);
    const message = await nextMessage(before + 1);
    expect(message.to).toEqual([email]);
    const { headers } = parseMessage(message.raw);
    expect(headers.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
      /^List-Unsubscribe: <https:\/\/jobs\.example\.com\/api\/job\/Unsubscribe\/one-click\?token=[^>]+>, <mailto:[^>]+>$/im,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
  });
});
