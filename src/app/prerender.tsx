// The server-rendering entry: the same App the browser hydrates, rendered to HTML at build for the
// public pages, so a phone paints their content before any JavaScript has run.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './App.tsx';
import type { PageData } from './page-data.tsx';
import { blogPosts } from './blog-content.ts';
import { routeTable } from './route-table.ts';
import { headElements, publicHeadOf } from './page-head.ts';
import { PUBLIC_PAGES, type PageHead } from '../lib/public-site.ts';
import { blogPostPath } from '../lib/blog.ts';

/**
 * The HTML of the app at `path`, every lazy page loaded (what goes inside #root): at build for the
 * pages that are the same for everyone, and by the server for a job's page, drawn from `pageData`.
 */
export async function renderPage(path: string, pageData?: PageData): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App ssrPath={path} pageData={pageData} />
    </StrictMode>,
    // Every boundary inline, in document order: a long page (a blog post, the FAQs) would otherwise
    // be sent as hidden parts revealed by inline scripts, which the pages' CSP rightly blocks.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/**
 * The pages prerendered at build: the ones a visitor lands on from a search engine or a link, whose
 * content is the same for every visitor (what depends on the visitor fills in after hydration).
 */
export const prerenderedPaths: string[] = [
  '/',
  '/jobs',
  ...routeTable.filter((r) => r.access === 'anyone' && PUBLIC_PAGES.some((p) => p.path === r.path)).map((r) => r.path),
  ...blogPosts.map((p) => blogPostPath(p.slug)),
];

/** What the build writes where a page names the site's own address; the server writes the address in. */
const PUBLIC_URL_MARK = '%PUBLIC_URL%';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with the head of the page at `path`: its title, description, canonical address and Open Graph tags. */
export function withHead(html: string, path: string): string {
  const head: PageHead | null = publicHeadOf(path);
  if (!head) return html;
  const tags = headElements(head, PUBLIC_URL_MARK);
  let out = html;
  for (const tag of tags) {
    const attrs = Object.entries(tag.attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(' ');
    const element = tag.name === 'title' ? `<title>${escapeHtml(tag.text!)}</title>` : `<${tag.name} ${attrs} />`;
    if (tag.name === 'title') out = out.replace(/<title>[\s\S]*?<\/title>/, () => element);
    else if (tag.name === 'meta' && tag.attrs.name === 'description') out = out.replace(/<meta\s+name="description"[^>]*>/, () => element);
    else out = out.replace('</head>', () => `  ${element}\n  </head>`);
  }
  return out;
}

/**
 * Pages whose content the server draws per request (server/jobs/seo.ts), prerendered once as a
 * shell too (the layout and the page while it loads), sent with the head written in when the server
 * cannot draw the content itself. Route → a path to render it at.
 */
export const prerenderedShells: Record<string, string> = { '/jobs/:id': '/jobs/0' };

/** The file of a prerendered page under the client build, e.g. /jobs → pages/jobs.html. */
export const prerenderedFile = (path: string) => `pages/${path === '/' ? 'home' : path.slice(1).replace(/[/:]/g, '_')}.html`;
