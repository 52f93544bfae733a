import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compresses the answers the server writes itself (API JSON, the pages it renders) for clients that
 * accept it. Static files are not handled here: the build precompresses them and the static
 * serving sends the .br or .gz beside each file. Streams (downloads, sendFile) pass untouched.
 */

/** Below about one packet, compressing saves nothing worth the work. */
export const COMPRESS_THRESHOLD = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Fast settings: an answer is compressed on every request, so speed matters more than the last bytes.
// Brotli 4 is about as fast as gzip 6 and smaller.
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

const COMPRESSIBLE = /^(?:application\/(?:json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript)|text\/|image\/svg\+xml)/i;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with from an Accept-Encoding header: brotli first, then gzip, each unless
 * refused with q=0; `*` stands for either.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Adds Accept-Encoding to the Vary header once. */
export function varyOnEncoding(res: FastifyReply) {
  const current = res.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (value.trim() === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(value)) return;
  res.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

function compressible(req: FastifyRequest, res: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (req.headers.upgrade) return false;
  if (res.statusCode === 204 || res.statusCode === 304 || res.statusCode < 200) return false;
  if (res.hasHeader('content-encoding')) return false;
  const disposition = res.getHeader('content-disposition');
  if (typeof disposition === 'string' && disposition.toLowerCase().startsWith('attachment')) return false;
  const type = res.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return false;
  if (/no-transform/i.test(String(res.getHeader('cache-control') ?? ''))) return false;
  return true;
}

export function compressAnswers(app: FastifyInstance, { threshold = COMPRESS_THRESHOLD } = {}) {
  app.addHook('onSend', async (req, res, payload) => {
    if (!compressible(req, res, payload)) return payload;
    // The answer could have been compressed for another client: caches must keep them apart.
    varyOnEncoding(res);
    if (Buffer.byteLength(payload) < threshold) return payload;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload, GZIP_OPTIONS);
    res.header('content-encoding', encoding);
    res.removeHeader('content-length');
    return body;
  });
}
