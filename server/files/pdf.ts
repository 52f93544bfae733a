import { Worker } from 'node:worker_threads';
import { FileMessages } from '../../src/contract/files.ts';
import { badRequest } from '../http/errors.ts';

/** What reading a PDF's text may cost. */
export interface PdfLimitSet {
  maxPages: number;
  maxTextChars: number;
  timeoutMs: number;
  maxHeapMb: number;
  concurrency: number;
}

export const PdfLimits: PdfLimitSet = {
  maxPages: 20,
  maxTextChars: 200_000,
  timeoutMs: 8000,
  /** Heap of the worker that parses it. */
  maxHeapMb: 256,
  /** PDFs parsed at once; others wait their turn. */
  concurrency: 2,
};

const HEADER = Buffer.from('%PDF-', 'latin1');
const SNIFF_BYTES = 1024;

/**
 * What browsers and old sniffers read as a web page or an XML document at the start of a
 * file (the WHATWG MIME Sniffing patterns, with `<?xml` and `<svg`), found anywhere in the
 * first KB. A PDF needs none of them there: its header, a binary comment and the first
 * object's dictionary (`<<`, hex strings) come first.
 */
const MARKUP = /<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|\?xml|!--)(?=[\s>/])/i;

export type PdfTextResult =
  | { status: 'ok'; text: string; pages: number }
  /** The PDF could not be opened at all: damaged, not a PDF, or needs a password. */
  | { status: 'unreadable' }
  /** Too slow or too large to read: the file is kept, without suggestions. */
  | { status: 'skipped' };

/**
 * The rule for accepting a PDF: it starts with `%PDF-` at byte 0 (not merely somewhere in
 * its first KB, as PDF readers tolerate), and its first KB holds no HTML or XML markup, so
 * the same bytes cannot also pass for a web page (a PDF/HTML polyglot). The bytes are then
 * opened as a PDF by `extractPdfText`; one that cannot be opened is refused too.
 */
export function checkPdfHeader(bytes: Buffer): void {
  if (bytes.length < HEADER.length || !bytes.subarray(0, HEADER.length).equals(HEADER)) {
    throw badRequest(FileMessages.documentType);
  }
  if (MARKUP.test(bytes.subarray(0, SNIFF_BYTES).toString('latin1'))) throw badRequest(FileMessages.pdfWithMarkup);
}

let running = 0;
const waiting: Array<() => void> = [];

async function turn<T>(work: () => Promise<T>, concurrency: number): Promise<T> {
  if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * The text of a PDF's first pages, read by pdf.js in a worker thread with a heap limit and a
 * time limit: a PDF built to take forever or to fill memory ends the worker, not the server.
 */
export function extractPdfText(bytes: Buffer, limits: PdfLimitSet = PdfLimits): Promise<PdfTextResult> {
  return turn(
    () =>
      new Promise<PdfTextResult>((resolve) => {
        // A copy is handed over, so the upload's own buffer stays usable.
        const data = new Uint8Array(bytes);
        const worker = new Worker(new URL('./pdf-text.worker.mjs', import.meta.url), {
          workerData: { data, maxPages: limits.maxPages, maxChars: limits.maxTextChars },
          transferList: [data.buffer],
          resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
          stdout: true,
          stderr: true,
        });
        let done = false;
        const finish = (result: PdfTextResult) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          void worker.terminate();
          resolve(result);
        };
        const timer = setTimeout(() => finish({ status: 'skipped' }), limits.timeoutMs);
        worker.once('message', (msg: { ok: boolean; text?: string; pages?: number; reason?: string }) => {
          if (msg.ok) finish({ status: 'ok', text: msg.text ?? '', pages: msg.pages ?? 0 });
          else finish(msg.reason === 'failed' ? { status: 'skipped' } : { status: 'unreadable' });
        });
        // Out of memory, or a crash inside pdf.js.
        worker.once('error', () => finish({ status: 'skipped' }));
        worker.once('exit', () => finish({ status: 'skipped' }));
        // pdf.js may print warnings; they are not the server's log.
        worker.stdout.resume();
        worker.stderr.resume();
      }),
    limits.concurrency,
  );
}
