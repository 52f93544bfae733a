// `npm run bench:web`: builds the web app, starts the server as `npm start` does (fresh data folder,
// demo marketplace, its own port), and runs Lighthouse (mobile, default throttling) on the public
// pages a visitor lands on: home, the job search, a job's page and the employers' page.
// Lighthouse comes through `npx -y lighthouse@13`, never from the lockfile.
//
//   npm run bench:web                 build, then measure
//   npm run bench:web -- --no-build   measure the build that is there
//   npm run bench:web -- --public     also every other public page the sitemap lists (not each job or post)
//   BENCH_WEB_PORT=3105 npm run bench:web
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, root } from './lib/build.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3105);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const STARTUP_TIMEOUT_MS = 300_000;

if (!fs.existsSync(CHROME_PATH)) {
  console.error(`No Chromium at ${CHROME_PATH} (apt-get install -y chromium, or set CHROME_PATH).`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  const status = build();
  if (status !== 0) process.exit(status);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-bench-web-'));
// The server must see what `npm start` sees: no test runner's variables, no external database.
const { DATABASE_URL: _db, NODE_ENV: _env, ...env } = process.env;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: BASE, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

try {
  await waitForServer();
  const pages = [
    { name: 'home', url: `${BASE}/` },
    { name: '/jobs', url: `${BASE}/jobs` },
    { name: 'a job', url: `${BASE}${await aJobPath()}` },
    { name: '/employers', url: `${BASE}/employers` },
  ];
  if (process.argv.includes('--public')) {
    const listed = pages.map((p) => new URL(p.url).pathname);
    for (const pathname of await sitemapPaths())
      if (!listed.includes(pathname) && !/^\/(jobs|blogs)\/./.test(pathname)) pages.push({ name: pathname, url: `${BASE}${pathname}` });
    const post = (await sitemapPaths()).find((p) => p.startsWith('/blogs/'));
    if (post) pages.push({ name: 'a blog post', url: `${BASE}${post}` });
  }
  const rows = [];
  for (const page of pages) {
    console.log(`Lighthouse: ${page.url}`);
    rows.push({ page: page.name, ...lighthouse(page.url) });
  }
  console.log(`\n${table(rows)}`);
} finally {
  stop();
}

async function waitForServer() {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode})`);
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.status < 500) {
        // The demo marketplace is seeded on the first start: wait until a job is listed.
        const map = await fetch(`${BASE}/sitemap.xml`);
        if (map.ok && (await map.text()).includes('/jobs/')) return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start in time');
}

/** Every path the sitemap lists. */
async function sitemapPaths() {
  const xml = await (await fetch(`${BASE}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** The path of an open job, from the sitemap. */
async function aJobPath() {
  const found = (await sitemapPaths()).find((p) => p.startsWith('/jobs/'));
  if (!found) throw new Error('The sitemap lists no job');
  return found;
}

function lighthouse(url) {
  const out = path.join(dataDir, 'report.json');
  const result = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@13',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: `${(audit('first-contentful-paint') / 1000).toFixed(1)} s`,
    lcp: `${(audit('largest-contentful-paint') / 1000).toFixed(1)} s`,
    tbt: `${Math.round(audit('total-blocking-time'))} ms`,
    cls: audit('cumulative-layout-shift').toFixed(3),
  };
}

function table(rows) {
  const head = ['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'];
  const body = rows.map((r) => [r.page, r.performance, r.accessibility, r.bestPractices, r.seo, r.fcp, r.lcp, r.tbt, r.cls].map(String));
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...body.map(line)].join('\n');
}
