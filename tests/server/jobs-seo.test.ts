import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobPosts } from '../../server/db/schema.ts';
import { jsonForScript, sitemapPart, sitemapXml } from '../../server/jobs/seo.ts';
import { boiseId } from './posting-support.ts';
import { expectOk, jobsApp, type JobsWorld } from './jobs-support.ts';

const PUBLIC_URL = 'https://jobs.example.com';
const INDEX_HTML = fs.readFileSync(path.resolve('index.html'), 'utf8');

let t: JobsWorld;
let clientDir = '';

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await jobsApp({ env: { PUBLIC_URL }, config: { clientDir } });
  await t.setCompany(t.w.x.id, { displayName: 'Hale Logistics', website: 'https://hale.example.com' });
});
afterAll(async () => {
  await t?.f.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

async function page(url: string) {
  const res = await t.f.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: res.body, headers: res.headers };
}

/** The JSON-LD blocks of a page, read back as a search engine reads them. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('the page of /jobs/:id', () => {
  it('carries the job’s title, a meta description and schema.org JobPosting data', async () => {
    const id = await t.jobs.create('Warehouse Associate', {
      jobDetails: { positionType: [1, 2] },
      payDetails: { minSalary: 21.5, maxSalary: 25, rate: 'Hourly' },
    });
    const { status, html, headers } = await page(`/jobs/${id}`);
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('text/html');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(titleOf(html)).toBe('Warehouse Associate at Hale Logistics – Job Marketplace');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const description = decode(descriptionOf(html)!);
    expect(
      description.startsWith(
        'Hale Logistics is hiring: Warehouse Associate, Vancouver, WA. $21.50–$25.00 an hour. Join our warehouse team',
      ),
    ).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/jobs/${id}" />`);
    expect(html).not.toContain('noindex');
    // The app still boots: its root and script are there.
    expect(html).toContain('<div id="root"></div>');

    const [ld] = jsonLdOf(html);
    const job = expectOk(await t.calls.jobPost(t.w.anonymous, id));
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Warehouse Associate',
      description: job.description,
      datePosted: job.dateOfPosted,
      validThrough: job.validThrough,
      employmentType: ['FULL_TIME', 'PART_TIME'],
      hiringOrganization: { '@type': 'Organization', name: 'Hale Logistics', sameAs: 'https://hale.example.com' },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1200 Main St, Vancouver, WA 98660',
          addressLocality: 'Vancouver',
          addressRegion: 'WA',
          postalCode: '98660',
          addressCountry: 'US',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 21.5, maxValue: 25, unitText: 'HOUR' },
      },
      url: `${PUBLIC_URL}/jobs/${id}`,
    });
    expect(ld).not.toHaveProperty('jobLocationType');
  });

  it('describes a remote job as TELECOMMUTE with the states it is open to', async () => {
    const statesJob = await t.jobs.create('Remote Dispatcher', {
      jobDetails: { locationType: 'remote', address: null, geoLocation: null, remoteStates: ['WA', 'OR'], positionType: [3] },
      payDetails: { minSalary: 60000, maxSalary: 60000, rate: 'Yearly', compensationType: 'Exact' },
    });
    const [ld] = jsonLdOf((await page(`/jobs/${statesJob}`)).html);
    expect(ld).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [
        { '@type': 'State', name: 'Washington' },
        { '@type': 'State', name: 'Oregon' },
      ],
      employmentType: 'CONTRACTOR',
      baseSalary: { currency: 'USD', value: { '@type': 'QuantitativeValue', value: 60000, unitText: 'YEAR' } },
    });
    expect(ld).not.toHaveProperty('jobLocation');

    const anywhere = await t.jobs.create('Remote Anywhere', {
      jobDetails: { locationType: 'remote', address: null, geoLocation: null, positionType: [5, 7] },
    });
    const [ld2] = jsonLdOf((await page(`/jobs/${anywhere}`)).html);
    expect(ld2).toMatchObject({
      applicantLocationRequirements: { '@type': 'Country', name: 'USA' },
      employmentType: ['INTERN', 'PER_DIEM'],
    });
  });

  it('maps every pay period to its unit and leaves out a salary that is not given', async () => {
    const units: Array<[string, string]> = [
      ['Daily', 'DAY'],
      ['Weekly', 'WEEK'],
      ['Monthly', 'MONTH'],
      ['Yearly', 'YEAR'],
    ];
    for (const [rate, unit] of units) {
      const id = await t.jobs.create(`Paid ${rate}`, { payDetails: { minSalary: 900, maxSalary: 1200, rate } });
      expect(jsonLdOf((await page(`/jobs/${id}`)).html)[0]).toMatchObject({
        baseSalary: { value: { minValue: 900, maxValue: 1200, unitText: unit } },
      });
    }
    // Idaho asks for no pay range.
    const competitive = await t.jobs.create('Competitive Pay Job', {
      jobDetails: { address: boiseId.address, geoLocation: boiseId },
      payDetails: { minSalary: 0, maxSalary: 0, rate: null, isCompetitiveSalary: true },
    });
    const { html } = await page(`/jobs/${competitive}`);
    expect(jsonLdOf(html)[0]).not.toHaveProperty('baseSalary');
    expect(decode(descriptionOf(html)!)).toContain('Competitive pay.');
  });

  it('keeps an XSS attempt in a title inert: escaped in the head, no </script> breakout in the JSON-LD', async () => {
    const evil = '</script><script>alert(1)</script> & "Lead" $&';
    const id = await t.jobs.create(evil, {
      jobDetails: {
        description: `<p>${'Honest work in a warehouse with a friendly team and fair pay. '.repeat(2)}</p><p>&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;</p>`,
      },
    });
    const { html } = await page(`/jobs/${id}`);
    // The page's own scripts and one data block: the data opened no element.
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script>',
      '<script type="application/ld+json">',
      '<script type="module" src="/src/main.tsx">',
    ]);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<script>alert(2)');
    expect(titleOf(html)).toBe(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Lead&quot; $&amp; at Hale Logistics – Job Marketplace',
    );
    const [ld] = jsonLdOf(html);
    expect(ld!.title).toBe(evil);
    expect(ld!.description).toContain('&lt;/script&gt;');
  });

  it('escapes for scripts exactly what could end or change the element', () => {
    const value = { a: '</script><!-- x -->', b: 'R&D', c: 'line\u2028sep\u2029end' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('keeps the page of a closed or expired job, marked noindex and without JobPosting data', async () => {
    for (const id of [await t.jobs.closed('Closed Role'), await t.jobs.expired('Expired Role')]) {
      const { status, html } = await page(`/jobs/${id}`);
      expect(status).toBe(200);
      expect(titleOf(html)).toMatch(/^(Closed|Expired) Role at Hale Logistics/);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(jsonLdOf(html)).toEqual([]);
    }
  });

  it('answers 404 with the app’s page, marked noindex, for a deleted or unknown job', async () => {
    for (const id of [await t.jobs.deleted('Deleted Role'), randomUUID()]) {
      const { status, html } = await page(`/jobs/${id}`);
      expect(status).toBe(404);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('noindex');
      expect(titleOf(html)).toBe('Job Marketplace');
    }
  });

  it('leaves every other page as it is', async () => {
    for (const url of ['/jobs', '/jobs/not-an-id', '/user/dashboard']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html, url).toBe(INDEX_HTML);
    }
  });
});

describe("a job's page drawn by the app's server rendering", () => {
  // The build's server rendering stands beside the client as dist/ssr/prerender.js; here a small
  // one that draws the job's title and description as it was given them, and counts its drawings.
  const RENDERER = `
let drawn = 0;
export async function renderPage(path, data) {
  if (data.job.title.startsWith('Undrawable')) throw new Error('cannot draw');
  drawn += 1;
  return '<main data-drawn="' + drawn + '" data-path="' + path + '"><h1 id="page-title">' + data.job.title + '</h1>' + data.job.description + '</main>';
}
`;
  let d: JobsWorld;
  let buildDir = '';

  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-build-'));
    fs.mkdirSync(path.join(buildDir, 'client'));
    fs.mkdirSync(path.join(buildDir, 'ssr'));
    fs.writeFileSync(path.join(buildDir, 'client', 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(buildDir, 'ssr', 'prerender.js'), RENDERER);
    d = await jobsApp({ env: { PUBLIC_URL }, config: { clientDir: path.join(buildDir, 'client') } });
    await d.setCompany(d.w.x.id, { displayName: 'Hale Logistics' });
  });
  afterAll(async () => {
    await d?.f.stop();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await d.f.app.inject({ method: 'GET', url });
    return { status: res.statusCode, html: res.body };
  };
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\n/.exec(html)?.[1] ?? '';
  const pageDataOf = (html: string) => {
    const text = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    return text === undefined ? undefined : (JSON.parse(text) as { job: Record<string, unknown> });
  };
  const setJob = (id: string, change: Partial<typeof jobPosts.$inferInsert>) =>
    d.f.app.database.db.update(jobPosts).set(change).where(eq(jobPosts.id, id));

  it('sends the job drawn into the page, and the job as the page’s data for the browser to take over', async () => {
    const id = await d.jobs.create('Forklift Driver');
    const { status, html } = await get(`/jobs/${id}`);
    expect(status).toBe(200);
    expect(rootOf(html)).toMatch(
      new RegExp(`^<main data-drawn="\\d+" data-path="/jobs/${id}"><h1 id="page-title">Forklift Driver</h1><p>`),
    );
    // What the browser would have asked for as a visitor, sent with the page instead.
    expect(pageDataOf(html)).toEqual({ job: expectOk(await d.calls.jobPost(d.w.anonymous, id)) });
    expect(titleOf(html)).toBe('Forklift Driver at Hale Logistics – Job Marketplace');
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script>',
      '<script type="application/ld+json">',
      '<script type="application/json" id="page-data">',
      '<script type="module" src="/src/main.tsx">',
    ]);
  });

  it('draws an unchanged job once, and again once it has changed', async () => {
    const id = await d.jobs.create('Night Stocker');
    const first = rootOf((await get(`/jobs/${id}`)).html);
    expect(rootOf((await get(`/jobs/${id}`)).html)).toBe(first);
    await setJob(id, { title: 'Night Stocker (weekends)' });
    const changed = rootOf((await get(`/jobs/${id}`)).html);
    expect(changed).toContain('<h1 id="page-title">Night Stocker (weekends)</h1>');
    expect(changed).not.toBe(first);
  });

  it('sanitises the description again before drawing it, whatever stored it', async () => {
    const id = await d.jobs.create('Line Cook');
    await setJob(id, {
      descriptionHtml: '<p>Prep and grill.</p><img src=x onerror="alert(1)"><script>alert(2)</script><p onclick="alert(3)">Fair pay.</p>',
    });
    const { html } = await get(`/jobs/${id}`);
    expect(rootOf(html)).toContain('<p>Prep and grill.</p><p>Fair pay.</p></main>');
    expect(html).not.toMatch(/onerror|onclick|alert\(2\)/);
    expect(pageDataOf(html)!.job.description).toBe('<p>Prep and grill.</p><p>Fair pay.</p>');
  });

  it('sends the page for the browser to draw when the job cannot be drawn here', async () => {
    const id = await d.jobs.create('Undrawable Role');
    const { status, html } = await get(`/jobs/${id}`);
    expect(status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(pageDataOf(html)).toBeUndefined();
    expect(titleOf(html)).toBe('Undrawable Role at Hale Logistics – Job Marketplace');
  });
});

describe('the sitemap and robots.txt', () => {
  it('robots.txt points to the sitemap and keeps crawlers out of the API and signed-in pages', async () => {
    const res = await t.f.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /user/');
  });

  it('lists open jobs with their last change; closed, expired and deleted jobs and blacklisted companies’ jobs leave it', async () => {
    const open = await t.jobs.create('Listed Role');
    const closing = await t.jobs.create('Soon Closed Role');
    const deleting = await t.jobs.create('Soon Deleted Role');
    const expired = await t.jobs.expired('Already Expired Role');
    const other = await t.w.company('Sketchy Jobs LLC', '278881234');
    const owner = await t.w.person('Employer', other.id, 'employer soon blacklisted');
    const blocked = (await t.api.newJob(owner)).id;

    const before = await t.f.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('application/xml');
    expect(
      before.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    for (const id of [open, closing, deleting, blocked]) expect(before.body).toContain(`<loc>${PUBLIC_URL}/jobs/${id}</loc>`);
    expect(before.body).not.toContain(expired);
    expect(before.body).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    const job = expectOk(await t.api.job(t.w.recruiterX, open));
    expect(before.body).toContain(`<loc>${PUBLIC_URL}/jobs/${open}</loc><lastmod>${job.modified}</lastmod>`);

    expectOk(await t.api.setStatus(t.w.recruiterX, closing, 'Closed'));
    expectOk(await t.api.remove(t.w.recruiterX, deleting));
    await t.setCompany(other.id, { blacklisted: true });
    const after = (await t.f.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(after).toContain(`/jobs/${open}</loc>`);
    for (const id of [closing, deleting, blocked, expired]) expect(after).not.toContain(id);
  });

  it('becomes an index of numbered files past the size of one file', async () => {
    for (let i = 0; i < 3; i++) await t.jobs.create(`Indexed Role ${i}`);
    const ctx = t.f.app.ctx;
    const index = await sitemapXml(ctx, 2);
    expect(index).toContain('<sitemapindex');
    const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    // The site's own pages and posts first, then the jobs.
    expect(locs[0]).toBe(`${PUBLIC_URL}/sitemaps/site.xml`);
    const files = locs.slice(1);
    expect(files[0]).toBe(`${PUBLIC_URL}/sitemaps/jobs-1.xml`);
    const listed: string[] = [];
    for (let part = 1; part <= files.length; part++) {
      const xml = (await sitemapPart(ctx, part, 2))!;
      listed.push(...[...xml.matchAll(/\/jobs\/([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!));
    }
    const all = [...(await sitemapXml(ctx)).matchAll(/\/jobs\/([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
    expect(listed).toEqual(all);
    expect(await sitemapPart(ctx, files.length + 1, 2)).toBeNull();
    const served = await t.f.app.inject({ method: 'GET', url: '/sitemaps/jobs-1.xml' });
    expect(served.statusCode).toBe(200);
    expect((await t.f.app.inject({ method: 'GET', url: '/sitemaps/other.xml' })).statusCode).toBe(404);
  });
});
