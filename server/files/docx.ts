import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { FileMessages } from '../../src/contract/files.ts';
import { badRequest } from '../http/errors.ts';

/** What reading a DOCX may cost, whatever its entries claim. */
export interface DocxLimitSet {
  maxEntries: number;
  maxContentTypesBytes: number;
  maxDocumentBytes: number;
  maxTextChars: number;
}

export const DocxLimits: DocxLimitSet = {
  /** Entries in the archive; a résumé has a few dozen. */
  maxEntries: 2000,
  /** `[Content_Types].xml`, unpacked. */
  maxContentTypesBytes: 256 * 1024,
  /** The main document part, unpacked: a zip bomb is cut off here. */
  maxDocumentBytes: 16 * 1024 * 1024,
  /** Text kept for skill matching. */
  maxTextChars: 200_000,
};

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

const unreadable = () => badRequest(FileMessages.docxUnreadable);
const tooLarge = () => badRequest(FileMessages.docxTooLarge);

/**
 * Checks that the bytes are a real Office Open XML word document (not a template, not
 * macro-enabled: `[Content_Types].xml` names the main part as a wordprocessingml document and
 * that part exists) and returns its text. The archive is read from its central directory and
 * the main part is inflated as a stream, counting bytes, so an archive that unpacks to far
 * more than it claims (a zip bomb) is refused once the count passes the limit.
 */
export async function readDocx(bytes: Buffer, limits: DocxLimitSet = DocxLimits): Promise<string> {
  const zip = await openZip(bytes);
  try {
    if (zip.entryCount > limits.maxEntries) throw unreadable();
    const entries = await listEntries(zip);
    const types = entries.get('[Content_Types].xml');
    if (!types) throw unreadable();
    const typesXml = await readEntryText(zip, types, limits.maxContentTypesBytes, unreadable);
    const partName = mainPartName(typesXml);
    const main = partName ? entries.get(partName) : undefined;
    if (!main) throw unreadable();
    if (main.uncompressedSize > limits.maxDocumentBytes) throw tooLarge();
    const collector = new WordTextCollector(limits.maxTextChars);
    // Read to the end even once enough text is kept: a part that unpacks past its claim or the limit is refused.
    await streamEntry(zip, main, limits.maxDocumentBytes, tooLarge, (chunk) => collector.push(chunk));
    return collector.end();
  } finally {
    zip.close();
  }
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(unreadable()) : resolve(zip),
    ),
  );
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => reject(unreadable()));
    zip.readEntry();
  });
}

/** Inflates one entry chunk by chunk, refusing with `overLimit` once more than `maxBytes` came out. */
function streamEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
  overLimit: () => Error,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream?: Readable) => {
      if (err || !stream) return reject(unreadable());
      let total = 0;
      let settled = false;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        if (error) reject(error);
        else resolve();
      };
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) return finish(overLimit());
        onChunk(chunk);
      });
      stream.once('end', () => finish());
      // Inflate errors, and yauzl's check that an entry is no longer than it claimed.
      stream.once('error', () => finish(total > maxBytes ? overLimit() : unreadable()));
    });
  });
}

async function readEntryText(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number, overLimit: () => Error): Promise<string> {
  if (entry.uncompressedSize > maxBytes) throw overLimit();
  const chunks: Buffer[] = [];
  await streamEntry(zip, entry, maxBytes, overLimit, (chunk) => {
    chunks.push(chunk);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/** The zip entry name of the part `[Content_Types].xml` declares as a word document's main part. */
export function mainPartName(contentTypesXml: string): string | null {
  for (const [tag] of contentTypesXml.matchAll(/<(?:\w+:)?Override\b[^>]*>/g)) {
    const type = /\bContentType\s*=\s*"([^"]*)"/.exec(tag)?.[1];
    const part = /\bPartName\s*=\s*"([^"]*)"/.exec(tag)?.[1];
    if (type === WORD_MAIN && part) return decodeURIComponent(part.replace(/^\//, ''));
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name] ?? whole;
  });
}

/**
 * The text of a WordprocessingML main part, from its XML given in pieces: the characters of
 * `<w:t>` runs, tabs and breaks as whitespace, a line per paragraph. Memory stays bounded by
 * the text kept and one tag or text run at a time.
 */
export class WordTextCollector {
  private decoder = new TextDecoder('utf-8');
  private pending = '';
  private inText = false;
  private out: string[] = [];
  private length = 0;

  constructor(private readonly maxChars: number) {}

  push(chunk: Buffer): void {
    this.pending += this.decoder.decode(chunk, { stream: true });
    this.drain(false);
  }

  end(): string {
    this.pending += this.decoder.decode();
    this.drain(true);
    return this.out.join('').slice(0, this.maxChars);
  }

  private emit(text: string) {
    if (this.length >= this.maxChars || !text) return;
    this.out.push(text);
    this.length += text.length;
  }

  private drain(final: boolean) {
    let at = 0;
    const s = this.pending;
    while (at < s.length) {
      const open = s.indexOf('<', at);
      if (open === -1) {
        // A long run of text with no tag yet: keep its tail, which may end inside an entity.
        const keepFrom = final ? s.length : Math.max(at, s.length - 16);
        if (this.inText) this.emit(decodeEntities(s.slice(at, keepFrom)));
        at = keepFrom;
        break;
      }
      if (this.inText && open > at) this.emit(decodeEntities(s.slice(at, open)));
      const close = s.indexOf('>', open);
      if (close === -1) {
        at = open;
        // A "tag" this long is not WordprocessingML; drop it rather than hold it.
        if (s.length - open > 64 * 1024) at = s.length;
        break;
      }
      this.tag(s.slice(open + 1, close));
      at = close + 1;
    }
    this.pending = s.slice(at);
  }

  private tag(body: string) {
    if (/^w:t(?:\s[^]*)?$/.test(body)) this.inText = true;
    else if (body === '/w:t') this.inText = false;
    else if (/^w:(?:tab|br|cr)\b/.test(body)) this.emit(body.startsWith('w:tab') ? '\t' : '\n');
    else if (body === '/w:p') this.emit('\n');
  }
}
