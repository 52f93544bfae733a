import type { FastifyReply } from 'fastify';
import type { StoredObject } from '../platform/file-store.ts';

/**
 * `Content-Disposition` for a stored file's name: a plain ASCII `filename` for old clients and
 * the exact name in `filename*` (RFC 6266, RFC 8187), so no quote, semicolon or line break in a
 * name can end the header early.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * Sends a stored file's bytes with headers that keep a browser from treating them as anything
 * but the type the server decided: never sniffed, never run as a page (a sandbox with nothing
 * allowed, should it be opened directly).
 */
export function sendStoredFile(
  res: FastifyReply,
  object: StoredObject,
  file: { contentType: string; name: string; disposition: 'attachment' | 'inline'; cacheControl?: string },
): FastifyReply {
  res
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(object.size))
    .header('Content-Disposition', contentDisposition(file.disposition, file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (file.cacheControl) res.header('Cache-Control', file.cacheControl);
  return res.send(object.body);
}
