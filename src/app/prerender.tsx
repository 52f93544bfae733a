// The server-rendering entry: the same App the browser hydrates, rendered to HTML at build for the
// public pages, so a phone paints their content before any JavaScript has run.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './App.tsx';
import { routeTable } from './route-table.ts';

/** The HTML of the app at `path`, every lazy page loaded (what goes inside #root). */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
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
  ...routeTable.filter((r) => r.access === 'anyone' && r.page === 'public/coming-soon.view').map((r) => r.path),
];

/**
 * Pages whose content the server fills in per request: prerendered once as a shell (the layout and
 * the page while it loads) for the server to write the head into. Route → a path to render it at.
 */
export const prerenderedShells: Record<string, string> = { '/jobs/:id': '/jobs/0' };

/** The file of a prerendered page under the client build, e.g. /jobs → pages/jobs.html. */
export const prerenderedFile = (path: string) => `pages/${path === '/' ? 'home' : path.slice(1).replace(/[/:]/g, '_')}.html`;
