import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileImage } from '../../src/contract/common.ts';
import { FileMessages } from '../../src/contract/files.ts';
import { processImage, ImageError, ImageSizes } from '../../server/platform/images.ts';
import { readAll } from '../../server/platform/file-store.ts';
import { testClock } from './account-support.ts';
import { filesApp, makePdf, rowsOf, send, uploadFile, type Answer, type FilesApp } from './files-support.ts';

const clock = testClock();
let f: FilesApp;
let photo: Buffer;
beforeAll(async () => {
  f = await filesApp({ adapters: { now: clock.now } });
  photo = await jpegWithGps(1200, 900);
});
afterAll(async () => f?.stop());

/** A camera-style JPEG: EXIF with the maker and the GPS position of where it was taken. */
function jpegWithGps(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9', Copyright: 'Dana Fields' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 37/1 4068/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 2604/100' },
    })
    .toBuffer();
}

/** A PNG header claiming 20000 × 20000 pixels (a "pixel flood"), with a token of data. */
function pixelFloodPng() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const uploadImage = (token: string | undefined, data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  uploadFile<{ image: ProfileImage }>(f.app, '/api/Common/UploadProfileImage', token, { data, filename, contentType });

const listImages = (token?: string) =>
  send<{ images: ProfileImage[] }>(f.app, 'GET', '/api/Common/GetProfileImages', token ? { token } : {});

async function storedBytes(ownerId: string) {
  const [row] = await rowsOf(f.app, ownerId);
  return { row: row!, data: await readAll((await f.app.ctx.adapters.files.get(row!.storageKey))!) };
}

function expectRefused(answer: Answer, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.body.message).toBe(message);
}

describe('the image pipeline', () => {
  it('re-encodes a JPEG as WebP within the size, with its EXIF (GPS position included) gone', async () => {
    const input = await sharp(photo).metadata();
    expect(input.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const out = await processImage(photo, ImageSizes.profile);
    expect(out).toMatchObject({ contentType: 'image/webp', width: 512, height: 384 });
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.data.includes(Buffer.from('Exif'))).toBe(false);
    expect(out.data.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('turns a photo upright from its EXIF orientation before dropping it', async () => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processImage(sideways, ImageSizes.profile);
    expect([out.width, out.height]).toEqual([200, 300]);
  });

  it('keeps transparency, never enlarges, and takes the size as a parameter', async () => {
    const png = await sharp({ create: { width: 100, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const out = await processImage(png, ImageSizes.profile);
    expect([out.width, out.height]).toEqual([100, 80]);
    expect((await sharp(out.data).metadata()).hasAlpha).toBe(true);
    const featured = await processImage(photo, ImageSizes.featured);
    expect([featured.width, featured.height]).toEqual([1200, 900]);
    const tiny = await processImage(photo, { maxWidth: 64, maxHeight: 64 });
    expect([tiny.width, tiny.height]).toEqual([64, 48]);
  });

  it('refuses what is not a JPEG, PNG or WebP by its bytes, and what cannot be decoded', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    for (const bytes of [gif, svg, makePdf(['x']), Buffer.from('<html><script>alert(1)</script></html>')]) {
      await expect(processImage(bytes, ImageSizes.profile)).rejects.toEqual(new ImageError('type'));
    }
    await expect(processImage(photo.subarray(0, photo.length / 2), ImageSizes.profile)).rejects.toEqual(new ImageError('unreadable'));
    await expect(processImage(pixelFloodPng(), ImageSizes.profile)).rejects.toEqual(new ImageError('unreadable'));
    await expect(processImage(Buffer.alloc(6 * 1024 * 1024), ImageSizes.profile)).rejects.toEqual(new ImageError('too-large'));
  });
});

describe('UploadProfileImage', () => {
  it('stores the re-encoded image, without its EXIF, and answers a signed address', async () => {
    const user = await f.user();
    const answer = await uploadImage(user.token, photo, 'beach.jpg');
    expect(answer.status).toBe(201);
    const image = answer.body.data.image;
    expect(image).toMatchObject({ contentType: 'image/webp' });
    expect(image.url).toMatch(new RegExp(`^/api/Common/images/${image.id}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));

    const { row, data } = await storedBytes(user.id);
    expect(row).toMatchObject({ purpose: 'profile-image', originalName: 'beach.webp', contentType: 'image/webp', sizeBytes: data.length });
    expect(row.storageKey).toMatch(/^profile-image\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    const meta = await sharp(data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(data.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('accepts PNG and WebP, and any signed-in role (Common)', async () => {
    const employer = await f.user('Employer');
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    expect((await uploadImage(employer.token, png, 'logo.png', 'image/png')).status).toBe(201);
    const webp = await sharp(photo).webp().toBuffer();
    expect((await uploadImage(employer.token, webp, 'me.webp', 'image/webp')).status).toBe(201);
  });

  it('keeps one image per user: a new one replaces the old, whose file is deleted', async () => {
    const user = await f.user();
    const first = (await uploadImage(user.token, photo)).body.data.image;
    const firstKey = (await rowsOf(f.app, user.id))[0]!.storageKey;
    const second = (await uploadImage(user.token, await jpegWithGps(300, 300))).body.data.image;
    const rows = await rowsOf(f.app, user.id);
    expect(rows.map((r) => r.id)).toEqual([second.id]);
    expect(await f.app.ctx.adapters.files.exists(firstKey)).toBe(false);
    expect((await listImages(user.token)).body.data.images.map((i) => i.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
  });

  describe('refuses, storing nothing,', () => {
    let user: { id: string; token: string };
    let before: { rows: number; files: number };
    beforeEach(async () => {
      user = await f.user();
      before = { rows: await f.rowCount(), files: f.storedFileCount() };
    });
    const nothingStored = async () => expect({ rows: await f.rowCount(), files: f.storedFileCount() }).toEqual(before);

    it('what is not an image by its bytes, whatever its name says', async () => {
      expectRefused(
        await uploadImage(user.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.jpg'),
        400,
        FileMessages.imageType,
      );
      expectRefused(await uploadImage(user.token, makePdf(['x']), 'me.png', 'image/png'), 400, FileMessages.imageType);
      await nothingStored();
    });
    it('an image that cannot be decoded', async () => {
      expectRefused(await uploadImage(user.token, photo.subarray(0, 2000)), 400, FileMessages.imageUnreadable);
      expectRefused(await uploadImage(user.token, pixelFloodPng(), 'flood.png', 'image/png'), 400, FileMessages.imageUnreadable);
      await nothingStored();
    });
    it('a 0-byte file, a 6 MB file, a bad name, two files', async () => {
      expectRefused(await uploadImage(user.token, Buffer.alloc(0)), 400, FileMessages.empty);
      expectRefused(await uploadImage(user.token, Buffer.concat([photo, Buffer.alloc(6 * 1024 * 1024)])), 413, FileMessages.tooLarge);
      expectRefused(await uploadImage(user.token, photo, '../me.jpg'), 400, FileMessages.badName);
      const two = await send(f.app, 'POST', '/api/Common/UploadProfileImage', {
        token: user.token,
        parts: [
          { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: photo },
          { name: 'file', filename: 'b.jpg', contentType: 'image/jpeg', data: photo },
        ],
      });
      expectRefused(two, 400, FileMessages.oneFile);
      await nothingStored();
    });
  });
});

describe('signed image addresses', () => {
  let user: { id: string; token: string };
  let image: ProfileImage;
  beforeAll(async () => {
    user = await f.user();
    image = (await uploadImage(user.token, photo)).body.data.image;
  });

  it('serve the image to an <img> without a bearer token, cached privately until they expire', async () => {
    const res = await send(f.app, 'GET', image.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="photo.webp"; filename*=UTF-8''photo.webp`);
    const cache = String(res.headers['cache-control']);
    const maxAge = Number(/^private, max-age=(\d+), immutable$/.exec(cache)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(6 * 3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    expect(Date.parse(image.urlExpiresAt) - clock.now().getTime()).toBeCloseTo(maxAge * 1000, -4);
    const { data } = await storedBytes(user.id);
    expect(res.raw.equals(data)).toBe(true);
  });

  it('stay the same within a window, so the browser cache is used', async () => {
    const again = (await listImages(user.token)).body.data.images[0]!;
    expect(again.url).toBe(image.url);
  });

  it('refuse a changed signature, another image’s signature, or a changed expiry', async () => {
    const url = new URL(image.url, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expectRefused(await send(f.app, 'GET', image.url.replace(signature, flipped)), 403, FileMessages.linkExpired);
    const other = (await uploadImage((await f.user()).token, photo)).body.data.image;
    const otherSignature = new URL(other.url, 'http://x').searchParams.get('signature')!;
    expectRefused(await send(f.app, 'GET', image.url.replace(signature, otherSignature)), 403, FileMessages.linkExpired);
    const expires = url.searchParams.get('expires')!;
    expectRefused(await send(f.app, 'GET', image.url.replace(expires, String(Number(expires) + 21600))), 403, FileMessages.linkExpired);
    expect((await send(f.app, 'GET', `/api/Common/images/${image.id}`)).status).toBe(400);
  });

  it('expire, and a fresh list gives a new address', async () => {
    const expiresAt = Date.parse(image.urlExpiresAt);
    clock.advance(expiresAt - clock.now().getTime() + 1000);
    expectRefused(await send(f.app, 'GET', image.url), 403, FileMessages.linkExpired);
    const fresh = (await listImages(user.token)).body.data.images[0]!;
    expect(fresh.url).not.toBe(image.url);
    expect((await send(f.app, 'GET', fresh.url)).status).toBe(200);
    image = fresh;
  });

  it('stop working once the image is deleted', async () => {
    expect((await send(f.app, 'POST', `/api/Common/DeleteProfileImages?blobFilename=${image.id}`, { token: user.token })).status).toBe(200);
    expectRefused(await send(f.app, 'GET', image.url), 404, FileMessages.imageNotFound);
  });
});

describe('who may do what with profile images', () => {
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let aImage: ProfileImage;
  beforeAll(async () => {
    a = await f.user();
    b = await f.user();
    aImage = (await uploadImage(a.token, photo)).body.data.image;
  });

  it('GetProfileImages lists only the caller’s image; anonymous 401', async () => {
    expect((await listImages(a.token)).body.data.images.map((i) => i.id)).toEqual([aImage.id]);
    expect((await listImages(b.token)).body.data.images).toEqual([]);
    expect((await listImages()).status).toBe(401);
  });

  it('UploadProfileImage: anonymous 401 before the body is read', async () => {
    expect((await uploadImage(undefined, Buffer.alloc(6 * 1024 * 1024))).status).toBe(401);
  });

  it('DeleteProfileImages: another user’s image 404 and kept; anonymous 401; own 200 with the file gone', async () => {
    const url = `/api/Common/DeleteProfileImages?blobFilename=${aImage.id}`;
    expectRefused(await send(f.app, 'POST', url, { token: b.token }), 404, FileMessages.imageNotFound);
    expect((await send(f.app, 'POST', url)).status).toBe(401);
    const [row] = await rowsOf(f.app, a.id);
    expect(row?.id).toBe(aImage.id);
    const own = await send(f.app, 'POST', url, { token: a.token });
    expect(own.status).toBe(200);
    expect(own.body.message).toBe(FileMessages.imageDeleted);
    expect(await rowsOf(f.app, a.id)).toEqual([]);
    expect(await f.app.ctx.adapters.files.exists(row!.storageKey)).toBe(false);
    expectRefused(await send(f.app, 'POST', url, { token: a.token }), 404, FileMessages.imageNotFound);
    expectRefused(
      await send(f.app, 'POST', '/api/Common/DeleteProfileImages?blobFilename=me.jpg', { token: a.token }),
      404,
      FileMessages.imageNotFound,
    );
  });

  it('the signed address route answers the same for an unknown id as for a bad signature', async () => {
    const url = new URL(aImage.url, 'http://x');
    const unknown = `/api/Common/images/00000000-0000-4000-8000-000000000000${url.search}`;
    expectRefused(await send(f.app, 'GET', unknown), 403, FileMessages.linkExpired);
  });
});
