// Extracts the text of a PDF in a worker thread, so the server can stop it (time) and bound it
// (memory) from outside. Plain JavaScript: a worker does not inherit the TypeScript loader the
// server runs under.
import { parentPort, workerData } from 'node:worker_threads';

const { data, maxPages, maxChars } = workerData;

try {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  if (doc.numPages < 1) {
    parentPort.postMessage({ ok: false, reason: 'invalid' });
  } else {
    let text = '';
    const pages = Math.min(doc.numPages, maxPages);
    for (let n = 1; n <= pages && text.length < maxChars; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (typeof item.str === 'string') text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      text += '\n';
      page.cleanup();
    }
    parentPort.postMessage({ ok: true, text: text.slice(0, maxChars), pages: doc.numPages });
  }
  await doc.destroy();
} catch (err) {
  const name = err && typeof err === 'object' ? err.name : '';
  const reason = name === 'PasswordException' ? 'password' : name === 'InvalidPDFException' ? 'invalid' : 'failed';
  parentPort.postMessage({ ok: false, reason });
}
