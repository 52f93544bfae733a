import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/lib/precompress.mjs';
import { chooseEncoding } from '../../server/http/compression.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';

// What a phone's browser is sent: the build's files precompressed and cached for good, the server's
// own answers compressed when they are worth it, and no source maps.

function decode(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;
const bigJson = { success: true, data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Job ${i}`, city: 'Austin' })) };

describe('static files and answers on the wire', () => {
  let app: TestApp;
  let clientDir: string;
  const indexHtml = `<!doctype html><html lang="en"><head><title>Job Marketplace</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

  const employersHtml = indexHtml.replace('<div id="root"></div>', '<div id="root"><main><h1>Employers</h1></main></div>');

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), bigScript);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
    fs.mkdirSync(path.join(clientDir, 'pages'));
    fs.writeFileSync(path.join(clientDir, 'pages', 'employers.html'), employersHtml);
    fs.writeFileSync(path.join(clientDir, 'pages', 'paths.json'), JSON.stringify({ '/employers': 'pages/employers.html' }));
    precompress(clientDir);
    app = await createTestApp({
      config: { clientDir },
      extend(scope) {
        scope.get('/api/test/big', async () => bigJson);
        scope.get('/api/test/small', async () => ({ success: true }));
        scope.get('/api/test/download', async (_req, res) =>
          res.header('Content-Disposition', 'attachment; filename="list.json"').type('application/json').send(JSON.stringify(bigJson)),
        );
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes a brotli and a gzip copy of every text file at build', () => {
    expect(fs.existsSync(path.join(clientDir, 'assets', 'app-1234.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, 'assets', 'app-1234.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, 'assets', 'app-1234.js.map.br'))).toBe(false);
  });

  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    it(`sends a built script ${encoding ?? 'as it is'} to a browser accepting "${accept}", cached for good`, async () => {
      const res = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload, encoding)).toBe(bigScript);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(bigScript.length / 2);
    });
  }

  it('sends the page compressed but never caches it for good', async () => {
    for (const url of ['/', '/jobs']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode(res.rawPayload, 'br'), url).toBe(indexHtml);
    }
  });

  it('sends a prerendered page with its content, compressed, for its path', async () => {
    for (const url of ['/employers', '/employers/', '/employers?from=home']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(decode(res.rawPayload, 'gzip'), url).toContain('<h1>Employers</h1>');
    }
    // Other paths still get the app's page, empty until the browser renders it.
    const other = await app.inject({ method: 'GET', url: '/login' });
    expect(other.body).toBe(indexHtml);
  });

  it('does not serve source maps', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });

  it('compresses an API answer above 1 kB for a client that accepts it', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip;q=1, br;q=0', 'gzip'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/api/test/big', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload, encoding))).toEqual(bigJson);
    }
  });

  it('sends an API answer as it is to a client that accepts no compression, or when it is small', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/test/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(bigJson);
    const small = await app.inject({ method: 'GET', url: '/api/test/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ success: true });
  });

  it('leaves downloads as they are', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/download', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(bigJson);
  });

  it('compresses a real API answer: the lookups', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/Master/FieldOfStudy', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(decode(res.rawPayload, 'gzip'));
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(10);
  });
});

describe('choosing the encoding', () => {
  it('prefers brotli, then gzip, and respects a refusal', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
