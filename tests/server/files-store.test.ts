import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createAdapters } from '../../server/adapters.ts';
import { createLocalFileStore, createS3FileStore, newStorageKey, readAll, type FileStore } from '../../server/platform/file-store.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { makePdf, send, uploadFile } from './files-support.ts';
import type { UploadedDocument } from '../../src/contract/documents.ts';
import { storedFiles, users } from '../../server/db/schema.ts';

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** What every FileStore must do, run against each adapter. */
function storeContract(name: string, open: () => FileStore) {
  describe(`${name} file store`, () => {
    it('puts, reads as a stream, tells whether a key exists, and deletes', async () => {
      const store = open();
      const key = newStorageKey('resume');
      const data = Buffer.from('%PDF-1.4 a small file');
      expect(await store.exists(key)).toBe(false);
      await store.put(key, data, { contentType: 'application/pdf' });
      expect(await store.exists(key)).toBe(true);
      const object = await store.get(key);
      expect(object?.size).toBe(data.length);
      expect((await readAll(object!)).equals(data)).toBe(true);
      await store.delete(key);
      expect(await store.exists(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
      // Deleting what is gone is not an error.
      await store.delete(key);
    });

    it('keeps binary content exactly, and overwrites a key', async () => {
      const store = open();
      const key = newStorageKey('profile-image');
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
      await store.put(key, Buffer.from('first'), { contentType: 'application/octet-stream' });
      await store.put(key, bytes, { contentType: 'application/octet-stream' });
      expect((await readAll((await store.get(key))!)).equals(bytes)).toBe(true);
      await store.delete(key);
    });

    it('refuses keys it did not generate', async () => {
      const store = open();
      for (const key of ['../etc/passwd', 'resume/../../x', '/resume/ab', 'resume/AB/x', 'resume//x', 'résumé', 'resume/a.pdf', '']) {
        await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Invalid storage key/);
        await expect(store.get(key)).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}

describe('storage keys', () => {
  it('are random, under their prefix, never derived from a name', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newStorageKey('resume')));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^resume\/([0-9a-f]{2})\/\1[0-9a-f]{30}$/);
  });
});

const localDir = tempDir('jm-store-');
afterAll(() => fs.rmSync(localDir, { recursive: true, force: true }));
storeContract('local folder', () => createLocalFileStore(localDir));

describe('the local folder store', () => {
  it('creates its folder on the first write only, and leaves no partial files', async () => {
    const dir = path.join(localDir, 'later');
    const store = createLocalFileStore(dir);
    expect(fs.existsSync(dir)).toBe(false);
    const key = newStorageKey('resume');
    await store.put(key, Buffer.from('x'), { contentType: 'application/pdf' });
    const written = fs.readdirSync(path.join(dir, ...key.split('/').slice(0, 2)));
    expect(written).toEqual([key.split('/')[2]]);
  });
});

// ---------- S3, against a real S3-protocol server started here ----------

let s3server: S3rver;
let s3Store: FileStore;
let s3Dir: string;
let endpoint: string;
const BUCKET = 'job-marketplace-files';
const s3Env = () => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: '1',
});

beforeAll(async () => {
  s3Dir = tempDir('jm-s3-');
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', ...s3Env() });
  if (config.files.kind !== 's3') throw new Error('expected S3 configuration');
  s3Store = await createS3FileStore(config.files);
});
afterAll(async () => {
  await s3server?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('the S3 store', () => {
  it('is chosen by configuration when S3_BUCKET is set', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ...s3Env() });
    expect(config.files).toEqual({
      kind: 's3',
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    const adapters = await createAdapters(config, {
      db: null as never,
      kind: 'pglite',
      listen: async () => async () => {},
      notify: async () => {},
      close: async () => {},
    });
    expect(adapters.files.kind).toBe('s3');
    const local = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/data' });
    expect(local.files).toEqual({ kind: 'local', dir: '/srv/data/files' });
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id-only' })).toThrow(ConfigError);
  });
});
storeContract('S3', () => s3Store);

describe('uploads through the app into S3', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: s3Env() });
  });
  afterAll(async () => app?.stop());

  it('stores a resume in the bucket, downloads it back, and deletes it from the bucket', async () => {
    expect(app.ctx.adapters.files.kind).toBe('s3');
    const [user] = await app.database.db
      .insert(users)
      .values({ email: `s3.${Date.now()}@example.com`, firstName: 'Sam', lastName: 'Three', role: 'JobSeeker' })
      .returning();
    const token = await app.ctx.tokens.sign({ userId: user!.id, role: 'JobSeeker' });
    const pdf = makePdf(['Sam Three'], { padTo: 300_000 });
    const uploaded = await uploadFile<UploadedDocument>(app, '/api/JobSeeker/UploadResume', token, { data: pdf, filename: 'sam.pdf' });
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.data.document.id!;
    const download = await send(app, 'GET', `/api/JobSeeker/documents/${id}/download`, { token });
    expect(download.status).toBe(200);
    expect(download.raw.equals(pdf)).toBe(true);

    const [row] = await app.database.db.select().from(storedFiles);
    expect(await s3Store.exists(row!.storageKey)).toBe(true);
    expect((await send(app, 'POST', `/api/JobSeeker/DeleteFile?blobFilename=${id}`, { token })).status).toBe(200);
    expect(await s3Store.exists(row!.storageKey)).toBe(false);
  });
});
