import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { eq } from 'drizzle-orm';
import { storedFiles } from '../../server/db/schema.ts';
import { filesApp, makeDocx, makePdf, multipart, type FilesApp } from '../server/files-support.ts';
import { percentile } from './support/load.ts';

// Time and memory of one 5 MB resume upload through the whole app: multipart parsing, type
// check, text extraction (pdf.js in its worker, or the streamed DOCX), skill matching, the
// store and the row. Memory is sampled every 2 ms while the request runs; RSS includes the
// PDF worker's heap, which lives in this process.

const FIVE_MB = 5 * 1024 * 1024;

let f: FilesApp;
let token: string;
let userId: string;
/** RSS once the app runs, before any upload (mostly the in-memory database). */
let rssBefore = 0;
const figures = new Map<string, { ms: number[]; rss: number[]; heap: number[] }>();

const TEXT = ['Dana Fields', 'TypeScript, Node.js, SQL and project management'];
const pdf = makePdf(TEXT, { padTo: FIVE_MB - 2048 });
// A DOCX of the same size: its text, and a photo stored uncompressed, as a real one carries.
const docx = makeDocx(TEXT, { extra: [{ name: 'word/media/photo.jpg', data: randomBytes(FIVE_MB - 8192), stored: true }] });

beforeAll(async () => {
  f = await filesApp();
  const user = await f.user();
  token = user.token;
  userId = user.id;
  for (const [i, name] of ['TypeScript', 'Node.js', 'SQL', 'Project Management'].entries()) await f.skill(8000 + i, name);
  rssBefore = process.memoryUsage().rss;
}, 120_000);

afterAll(async () => {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const lines = [...figures].map(
    ([name, s]) =>
      `${name}: n=${s.ms.length} p50=${percentile(s.ms, 50).toFixed(0)} ms p99=${percentile(s.ms, 99).toFixed(0)} ms; ` +
      `peak RSS over the start of the request p50=${mb(percentile(s.rss, 50))} MB max=${mb(Math.max(...s.rss))} MB; ` +
      `peak heap+external over the start p50=${mb(percentile(s.heap, 50))} MB max=${mb(Math.max(...s.heap))} MB`,
  );
  const whole = `process RSS before the first upload ${mb(rssBefore)} MB, process peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB`;
  console.log(`\nupload figures (5 MB resume through the app)\n  ${lines.join('\n  ')}\n  ${whole}\n`);
  await f?.stop();
});

async function uploadOnce(name: string, data: Buffer, filename: string) {
  const form = multipart([{ name: 'file', filename, contentType: 'application/octet-stream', data }]);
  // Buffers live outside the JS heap, so "heap" here is the heap plus external memory.
  const heapOf = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = heapOf(start);
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, heapOf(now));
  }, 2);
  const t = performance.now();
  const res = await f.app.inject({
    method: 'POST',
    url: '/api/JobSeeker/UploadResume',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
  const ms = performance.now() - t;
  clearInterval(sampler);
  const end = process.memoryUsage();
  peakRss = Math.max(peakRss, end.rss);
  peakHeap = Math.max(peakHeap, heapOf(end));
  if (res.statusCode !== 201) throw new Error(`status ${res.statusCode}: ${res.body}`);
  const entry = figures.get(name) ?? { ms: [], rss: [], heap: [] };
  entry.ms.push(ms);
  entry.rss.push(peakRss - start.rss);
  entry.heap.push(peakHeap - heapOf(start));
  figures.set(name, entry);
  // Keep under the ten-resume limit.
  await f.app.database.db.delete(storedFiles).where(eq(storedFiles.ownerId, userId));
}

describe('resume upload', () => {
  bench('POST /api/JobSeeker/UploadResume, 5 MB PDF', () => uploadOnce('5 MB PDF', pdf, 'resume.pdf'), {
    iterations: 20,
    time: 0,
    warmupIterations: 2,
  });
  bench('POST /api/JobSeeker/UploadResume, 5 MB DOCX', () => uploadOnce('5 MB DOCX', docx, 'resume.docx'), {
    iterations: 20,
    time: 0,
    warmupIterations: 2,
  });
});
