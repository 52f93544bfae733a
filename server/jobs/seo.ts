import { asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies, jobPosts } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { compensationLabel, jobPageTitle, locationLabel } from '../../src/lib/job-display.ts';
import { richTextToPlain } from '../../src/contract/posting.ts';
import type { JobDetail } from '../../src/contract/jobs.ts';
import { jobDetail, jobOpen } from './detail.ts';
import { escapeHtml } from '../platform/html.ts';
import { sanitizeRichText } from '../posting/index.ts';
import { blogPosts } from '../blog/index.ts';
import { PUBLIC_PAGES } from '../../src/lib/public-site.ts';
import { blogPostPath } from '../../src/lib/blog.ts';

/**
 * What search engines read of jobs: the page of /jobs/:id carries the job's title, a meta
 * description and schema.org JobPosting data (only while the job is open: closed and expired
 * jobs keep their page but are marked noindex), /sitemap.xml lists the open jobs, and
 * /robots.txt points to it.
 */

// ---------- escaping ----------

export { jsonForScript } from '../../src/lib/json-script.ts';
import { jsonForScript, pageDataScript } from '../../src/lib/json-script.ts';

/** At most `max` characters, cut at a word with an ellipsis. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

// ---------- schema.org JobPosting ----------

/**
 * schema.org employmentType of each job type (server/lookups/data/lists.ts ids): Google's
 * values; seasonal work is temporary.
 */
export const EMPLOYMENT_TYPES: Readonly<Record<number, string>> = {
  1: 'FULL_TIME',
  2: 'PART_TIME',
  3: 'CONTRACTOR',
  4: 'TEMPORARY',
  5: 'INTERN',
  6: 'TEMPORARY',
  7: 'PER_DIEM',
};

/** schema.org unitText of each pay period. */
export const PAY_UNITS: Readonly<Record<string, string>> = {
  Hourly: 'HOUR',
  Daily: 'DAY',
  Weekly: 'WEEK',
  Monthly: 'MONTH',
  Yearly: 'YEAR',
};

export const jobPageUrl = (publicUrl: string, id: string) => `${publicUrl}/jobs/${id}`;

function baseSalaryOf(job: JobDetail) {
  const { minimumAmount: min, maximumAmount: max, rate } = job.compensation;
  if (!(min > 0 || max > 0)) return undefined;
  const unitText = rate ? PAY_UNITS[rate] : undefined;
  let amount: Record<string, number>;
  switch (job.compensationType) {
    case 'Exact':
      amount = { value: max || min };
      break;
    case 'Starting':
      amount = { minValue: min || max };
      break;
    case 'Maximum':
      amount = { maxValue: max || min };
      break;
    default:
      amount = min > 0 && max > 0 && min !== max ? { minValue: min, maxValue: max } : { value: max || min };
  }
  return {
    '@type': 'MonetaryAmount',
    currency: job.currency,
    value: { '@type': 'QuantitativeValue', ...amount, ...(unitText ? { unitText } : {}) },
  };
}

/** The job as schema.org JobPosting structured data (Google's job posting fields). */
export function jobPostingJsonLd(job: JobDetail, publicUrl: string): Record<string, unknown> {
  const types = [...new Set(job.jobType.map((t) => EMPLOYMENT_TYPES[t.id] ?? 'OTHER'))];
  const remote = job.type === 'remote';
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: job.companyName, value: job.id },
    datePosted: job.dateOfPosted ?? job.createdDate,
    validThrough: job.validThrough,
    url: jobPageUrl(publicUrl, job.id),
    directApply: true,
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company.name,
      ...(job.company.website ? { sameAs: job.company.website } : {}),
    },
  };
  if (types.length) data.employmentType = types.length === 1 ? types[0] : types;
  if (remote) {
    data.jobLocationType = 'TELECOMMUTE';
    data.applicantLocationRequirements = job.remoteStates.length
      ? job.remoteStates.map((s) => ({ '@type': 'State', name: s.name }))
      : { '@type': 'Country', name: 'USA' };
  } else if (job.address || job.location) {
    data.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(job.address?.street ? { streetAddress: job.address.street } : {}),
        ...((job.address?.city ?? job.location?.city) ? { addressLocality: job.address?.city ?? job.location?.city } : {}),
        ...((job.address?.state ?? job.location?.state) ? { addressRegion: job.address?.state ?? job.location?.state } : {}),
        ...(job.address?.postalCode ? { postalCode: job.address.postalCode } : {}),
        addressCountry: 'US',
      },
    };
  }
  const salary = baseSalaryOf(job);
  if (salary) data.baseSalary = salary;
  if (job.minimumExperience && job.minimumExperience > 0) {
    data.experienceRequirements = { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: job.minimumExperience * 12 };
  }
  if (job.industries.length) data.industry = job.industries.map((i) => i.name).join(', ');
  if (job.skills.length) data.skills = job.skills.map((s) => s.name).join(', ');
  return data;
}

// ---------- the page ----------

/** "Warehouse Associate at Hale Logistics – Job Marketplace". */

/** One line for search results: who, what, where, the pay, then the description. */
export function jobMetaDescription(job: JobDetail): string {
  const place = locationLabel(job);
  const pay = compensationLabel(job.compensation, { compensationType: job.compensationType, isCompetitiveSalary: job.isCompetitiveSalary });
  const head = `${job.companyName} is hiring: ${job.title}${place ? `, ${place}` : ''}. ${pay}.`;
  return clip(`${head} ${richTextToPlain(job.description)}`, 160);
}

/** Replaces the first match of `pattern`, or adds `tag` before </head>; the replacement is taken as it is (no $ patterns). */
function setHeadTag(html: string, pattern: RegExp, tag: string): string {
  if (pattern.test(html)) return html.replace(pattern, () => tag);
  return html.replace(/<\/head>/i, () => `${tag}\n</head>`);
}

/** The SPA's page with the job's title, description and structured data written into its head. */
export function renderJobPage(indexHtml: string, job: JobDetail, publicUrl: string): string {
  const url = jobPageUrl(publicUrl, job.id);
  const title = escapeHtml(jobPageTitle(job));
  const description = escapeHtml(jobMetaDescription(job));
  let html = setHeadTag(indexHtml, /<title>[\s\S]*?<\/title>/i, `<title>${title}</title>`);
  html = setHeadTag(html, /<meta\s+name=["']description["'][^>]*>/i, `<meta name="description" content="${description}" />`);
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(job.isOpen
      ? [`<script type="application/ld+json">${jsonForScript(jobPostingJsonLd(job, publicUrl))}</script>`]
      : // Closed and expired jobs keep their page for those who have the link, out of search results.
        ['<meta name="robots" content="noindex" />']),
  ].join('\n    ');
  return html.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}

/** The page of a job that is not (or no longer) there: the SPA shows its own message; engines drop it. */
export function renderMissingJobPage(indexHtml: string): string {
  return indexHtml.replace(/<\/head>/i, () => '  <meta name="robots" content="noindex" />\n  </head>');
}

const JOB_PAGE = /^\/jobs\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/?$/;

const ROOT = '<div id="root"></div>';

/** The app's server rendering (src/app/prerender.tsx renderPage): the HTML inside #root of `path`, drawn from `data`. */
export type PageRenderer = (path: string, data: { job: JobDetail }) => Promise<string>;

/** How many jobs' drawn content a process keeps: the most visited pages are sent without drawing them again. */
export const JOB_PAGE_CACHE_SIZE = 256;

/**
 * Draws a job's content with the app's own views, as a visitor sees it, keeping the last
 * JOB_PAGE_CACHE_SIZE pages: the same job, unchanged, is not drawn twice.
 */
function jobPageDrawer(render: PageRenderer) {
  const kept = new Map<string, { data: string; html: string }>();
  return async (job: JobDetail): Promise<string> => {
    const data = JSON.stringify(job);
    const hit = kept.get(job.id);
    kept.delete(job.id);
    const html = hit && hit.data === data ? hit.html : await render(`/jobs/${job.id}`, { job });
    kept.set(job.id, { data, html });
    // A Map keeps its insertion order: the first key is the page least recently sent.
    if (kept.size > JOB_PAGE_CACHE_SIZE) kept.delete(kept.keys().next().value!);
    return html;
  };
}

/** What a job's page is made from, settled once when the app starts. */
export interface JobPageSources {
  /** index.html as built, #root empty. */
  template: string;
  /** The page as the build prerendered it with the job loading: sent when the job is not drawn here. */
  shell: string;
  /** Draws a job's content; null without the app's server rendering (or a template it can fill). */
  draw: ((job: JobDetail) => Promise<string>) | null;
}

export const jobPageSources = (template: string, shell: string, render: PageRenderer | null): JobPageSources => ({
  template,
  shell,
  draw: render && template.includes(ROOT) ? jobPageDrawer(render) : null,
});

/**
 * The page of /jobs/:id: the job's content drawn into the HTML (so a phone paints it before any
 * script runs) with the job as data for the browser to take it over, and its head for search
 * engines. Null for every other path (the history fallback serves the page as it is).
 */
export async function serverPage(ctx: AppContext, path: string, sources: JobPageSources): Promise<{ status: number; html: string } | null> {
  const match = JOB_PAGE.exec(path);
  if (!match) return null;
  let job: JobDetail;
  try {
    job = await jobDetail(ctx, match[1]!.toLowerCase(), null);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return { status: 404, html: renderMissingJobPage(sources.shell) };
    throw err;
  }
  // Drawn as HTML on our own address: sanitised here again, whatever wrote it.
  job = { ...job, description: sanitizeRichText(job.description) ?? '' };
  let content: string | null = null;
  if (sources.draw) {
    try {
      content = await sources.draw(job);
    } catch (err) {
      // The page still works: the browser draws the job itself.
      ctx.log.error({ err, jobId: job.id }, "drawing a job's page failed; its page was sent to be drawn in the browser");
    }
  }
  const page =
    content === null
      ? sources.shell
      : sources.template.replace(ROOT, () => `<div id="root">${content}</div>\n    ${pageDataScript({ job })}`);
  return { status: 200, html: renderJobPage(page, job, ctx.config.publicUrl) };
}

// ---------- sitemap and robots ----------

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const urlEntry = (loc: string, lastmod?: Date) =>
  `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

async function openJobs(ctx: AppContext, offset: number, limit: number) {
  return ctx.db
    .select({ id: jobPosts.id, modifiedAt: jobPosts.modifiedAt })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(jobOpen(ctx.adapters.now()))
    .orderBy(asc(jobPosts.postedAt), asc(jobPosts.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The site's own pages: home, the job search, the public pages and every blog post (with the day it
 * was published as its last change).
 */
function siteEntries(base: string): string[] {
  return [
    urlEntry(`${base}/`),
    urlEntry(`${base}/jobs`),
    ...PUBLIC_PAGES.map((p) => urlEntry(`${base}${p.path}`)),
    ...blogPosts().map((p) => urlEntry(`${base}${blogPostPath(p.slug)}`, new Date(`${p.date}T00:00:00Z`))),
  ];
}

/**
 * /sitemap.xml: the site's pages (siteEntries) and every open job (Active, before its last day, of a
 * company in good standing) with its last change. Past 50,000 addresses it is an index of the site's
 * file (/sitemaps/site.xml) and numbered job files (/sitemaps/jobs-1.xml …).
 */
export async function sitemapXml(ctx: AppContext, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const base = ctx.config.publicUrl;
  const [total] = await ctx.db
    .select({ n: count() })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(jobOpen(ctx.adapters.now()));
  const n = total?.n ?? 0;
  const site = siteEntries(base);
  if (n + site.length <= perFile) {
    const jobs = await openJobs(ctx, 0, perFile);
    return urlset([...site, ...jobs.map((j) => urlEntry(jobPageUrl(base, j.id), j.modifiedAt))]);
  }
  const files = Math.ceil(n / perFile);
  const now = ctx.adapters.now().toISOString();
  const entry = (loc: string) => `  <sitemap><loc>${xmlEscape(loc)}</loc><lastmod>${now}</lastmod></sitemap>`;
  const entries = [
    entry(`${base}/sitemaps/site.xml`),
    ...Array.from({ length: files }, (_, i) => entry(`${base}/sitemaps/jobs-${i + 1}.xml`)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The site's file of a sitemap index: its own pages and posts. */
export const sitemapSite = (publicUrl: string) => urlset(siteEntries(publicUrl));

/** One numbered file of a sitemap index; null past the last one. */
export async function sitemapPart(ctx: AppContext, part: number, perFile = SITEMAP_MAX_URLS): Promise<string | null> {
  if (!Number.isInteger(part) || part < 1 || part > 10_000) return null;
  const jobs = await openJobs(ctx, (part - 1) * perFile, perFile);
  if (jobs.length === 0 && part > 1) return null;
  return urlset(jobs.map((j) => urlEntry(jobPageUrl(ctx.config.publicUrl, j.id), j.modifiedAt)));
}

/** /robots.txt: everything public may be crawled, the signed-in areas and the API not; the sitemap's address. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /user/',
    'Disallow: /dashboard/',
    'Disallow: /back-office/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
