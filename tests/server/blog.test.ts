import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogPostError, blogPosts, loadPosts, parsePost } from '../../server/blog/index.ts';
import { tiersOnSale } from '../../server/billing/tiers.ts';
import { BOOST_TIERS_ON_SALE } from '../../src/contract/boost-tier-table.ts';
import { PUBLIC_PAGES } from '../../src/lib/public-site.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';

// The blog's posts are Markdown files with front matter, read at build (a wrong one fails the build,
// naming the file and the field) and by the server for the feed and the sitemap.

const PUBLIC_URL = 'https://jobs.example.com';

const good = {
  title: 'A good post',
  date: '2026-03-02',
  author: 'Job Marketplace team',
  tags: '[resumes, first-job]',
  summary: 'A summary long enough to be a meta description and the summary of the feed item.',
};

function postText(front: Record<string, string | undefined> = {}, body = 'Some text.\n\n## A section\n\nMore text.\n') {
  const fields = { ...good, ...front };
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

function errorOf(run: () => unknown): BlogPostError {
  try {
    run();
  } catch (err) {
    if (err instanceof BlogPostError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('the blog loader', () => {
  it('reads a post: its slug from the file, its front matter, and its body as HTML', () => {
    const post = parsePost('a-good-post.md', postText());
    expect(post).toMatchObject({
      slug: 'a-good-post',
      title: 'A good post',
      date: '2026-03-02',
      tags: ['resumes', 'first-job'],
      readingMinutes: 1,
    });
    expect(post.html).toBe('<p>Some text.</p>\n<h2>A section</h2>\n<p>More text.</p>');
  });

  for (const [what, front, field, problem] of [
    ['no title', { title: undefined }, 'field "title"', 'is missing'],
    ['an empty author', { author: '""' }, 'field "author"', 'must not be empty'],
    ['a date that is no date', { date: '2026-02-30' }, 'field "date"', 'must be a real calendar day'],
    ['a date written otherwise', { date: 'March 2, 2026' }, 'field "date"', 'YYYY-MM-DD'],
    ['tags that are not a list', { tags: 'resumes' }, 'field "tags"', 'must be a list of tags'],
    ['a tag with capitals', { tags: '[Resumes]' }, 'field "tags.0"', 'lower case'],
    ['a short summary', { summary: 'Too short.' }, 'field "summary"', 'at least 50 characters'],
    ['a field the blog does not know', { image: 'cover.png' }, 'field "image"', 'is not one the blog knows'],
  ] as const) {
    it(`refuses a post with ${what}, naming the file and the field`, () => {
      const err = errorOf(() => parsePost('broken-post.md', postText(front)));
      expect(err.file).toBe('content/blog/broken-post.md');
      expect(err.field).toBe(field);
      expect(err.message).toContain('content/blog/broken-post.md: ' + field);
      expect(err.message).toContain(problem);
    });
  }

  it('refuses a file without front matter, with front matter that is not YAML, or with a bad name', () => {
    expect(errorOf(() => parsePost('plain.md', '# Hello\n')).field).toBe('front matter');
    const yaml = errorOf(() => parsePost('bad-yaml.md', '---\ntitle: [unclosed\n---\nText.\n'));
    expect(yaml.field).toBe('front matter');
    expect(yaml.message).toContain('is not valid YAML');
    expect(errorOf(() => parsePost('Bad_Name.md', postText())).field).toBe('file name');
  });

  it('refuses a level-1 heading in the body: the title is the page’s only one', () => {
    expect(errorOf(() => parsePost('two-titles.md', postText({}, '# Another title\n\nText.\n'))).field).toBe('body');
  });

  it('keeps a post’s HTML safe: no scripts, handlers or javascript: links; outside links hand over no opener', () => {
    const post = parsePost(
      'unsafe.md',
      postText(
        {},
        'Hi <script>alert(1)</script><img src=x onerror="alert(1)">\n\n[bad](javascript:alert(1)) [out](https://example.com/x) [in](/jobs)\n\n<iframe src="https://evil.example"></iframe>\n',
      ),
    );
    expect(post.html).not.toMatch(/script|onerror|<img|iframe|javascript:/i);
    expect(post.html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">out</a>');
    expect(post.html).toContain('<a href="/jobs">in</a>');
  });

  it('fails the whole load on one broken file, naming it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-blog-'));
    try {
      fs.writeFileSync(path.join(dir, 'fine.md'), postText());
      fs.writeFileSync(path.join(dir, 'undated.md'), postText({ date: undefined }));
      expect(() => loadPosts(dir)).toThrow('content/blog/undated.md: field "date" is missing');
      fs.rmSync(path.join(dir, 'undated.md'));
      expect(loadPosts(dir).map((p) => p.slug)).toEqual(['fine']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes the repository’s posts: at least six, each several hundred words', () => {
    const posts = blogPosts();
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const p of posts) {
      const words = p.html
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, p.slug).toBeGreaterThan(450);
    }
    // Newest first.
    expect(posts.map((p) => p.date)).toEqual([...posts.map((p) => p.date)].sort().reverse());
  });
});

describe('the feed, the sitemap and the prerendered pages', () => {
  let app: TestApp;
  let clientDir: string;
  const indexHtml = '<!doctype html><html lang="en"><head><title>Job Marketplace</title></head><body><div id="root"></div></body></html>';
  const aboutHtml = indexHtml
    .replace(
      '<title>Job Marketplace</title>',
      '<title>About us – Job Marketplace</title><link rel="canonical" href="%PUBLIC_URL%/about-us" />',
    )
    .replace('<div id="root"></div>', '<div id="root"><h1>About us</h1></div>');

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
    fs.mkdirSync(path.join(clientDir, 'pages'));
    fs.writeFileSync(path.join(clientDir, 'pages', 'about-us.html'), aboutHtml);
    fs.writeFileSync(path.join(clientDir, 'pages', 'paths.json'), JSON.stringify({ '/about-us': 'pages/about-us.html' }));
    app = await createTestApp({ env: { PUBLIC_URL }, config: { clientDir } });
  });
  afterAll(async () => {
    await app?.stop();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves /blogs/rss.xml: every post, newest first, with its address, day, author, tags and summary', async () => {
    const res = await app.inject({ method: 'GET', url: '/blogs/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain(`<atom:link href="${PUBLIC_URL}/blogs/rss.xml" rel="self" type="application/rss+xml" />`);
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    const posts = blogPosts();
    expect(items).toHaveLength(posts.length);
    posts.forEach((p, i) => {
      expect(items[i]).toContain(`<link>${PUBLIC_URL}/blogs/${p.slug}</link>`);
      expect(items[i]).toContain(`<pubDate>${new Date(`${p.date}T12:00:00Z`).toUTCString()}</pubDate>`);
      expect(items[i]).toContain(`<dc:creator>${p.author}</dc:creator>`);
      for (const t of p.tags) expect(items[i]).toContain(`<category>${t}</category>`);
    });
  });

  it('lists the public pages and every post (with its day) in the sitemap', async () => {
    const xml = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const page of PUBLIC_PAGES) expect(xml).toContain(`<loc>${PUBLIC_URL}${page.path}</loc>`);
    for (const p of blogPosts())
      expect(xml).toContain(`<loc>${PUBLIC_URL}/blogs/${p.slug}</loc><lastmod>${p.date}T00:00:00.000Z</lastmod>`);
    // Past one file, the site's pages have a file of their own in the index.
    const site = await app.inject({ method: 'GET', url: '/sitemaps/site.xml' });
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain(`<loc>${PUBLIC_URL}/hiringMinors</loc>`);
  });

  it('writes the site’s address into a prerendered page’s head', async () => {
    const res = await app.inject({ method: 'GET', url: '/about-us' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/about-us" />`);
    expect(res.body).toContain('<h1>About us</h1>');
    expect(res.body).not.toContain('%PUBLIC_URL%');
  });

  it('shows on the public pages the boost tiers and prices the tier table charges', async () => {
    const tiers = await tiersOnSale(app.ctx.db);
    expect(
      tiers.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        placements: t.placements,
        prices: t.prices.map((p) => ({ lengthDays: p.lengthDays, priceCents: p.priceCents })),
      })),
    ).toEqual(BOOST_TIERS_ON_SALE);
  });
});
