import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Answers that a browser or proxy may keep: each successful answer gets a strong ETag (a hash of
 * its bytes), and a request whose If-None-Match names it is answered 304 with no body. The route
 * sets its own Cache-Control; app.ts leaves a route's Cache-Control as it is.
 */
export function revalidatable(scope: FastifyInstance) {
  scope.addHook('onSend', async (req, res, payload) => {
    if (res.statusCode !== 200 || (req.method !== 'GET' && req.method !== 'HEAD')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `"${createHash('sha256').update(payload).digest('base64url')}"`;
    res.header('ETag', etag);
    if (!matches(req.headers['if-none-match'], etag)) return payload;
    res.code(304);
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    return null;
  });
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x"; "*" matches any. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
