// Writes the prerendered public pages (run by build.mjs after the client and server builds): each is
// index.html with the page's HTML inside #root, then precompressed like every other built file.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientDir, root } from './build.mjs';
import { precompress } from './precompress.mjs';

const { renderPage, prerenderedPaths, prerenderedShells, prerenderedFile, withHead } = await import(
  pathToFileURL(path.join(root, 'dist/ssr/prerender.js')).href
);
const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);

const written = [];
const paths = {};
const pages = [...prerenderedPaths.map((page) => [page, page]), ...Object.entries(prerenderedShells)];
for (const [page, renderAt] of pages) {
  const body = await renderPage(renderAt);
  // The page's head (title, description, canonical address, Open Graph), then its content; a
  // function as the replacement, so a `$` in either is taken as it is.
  const html = withHead(template, page).replace(ROOT, () => `<div id="root">${body}</div>`);
  const file = path.join(clientDir, prerenderedFile(page));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  written.push(file);
  paths[page] = prerenderedFile(page);
}
precompress(clientDir, written);
// The server reads which path has which file from here.
fs.writeFileSync(path.join(clientDir, 'pages/paths.json'), `${JSON.stringify(paths, null, 2)}\n`);
