import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompanyMessages,
  type CompanyDetails,
  type CompanyImage,
  type FeaturedImage,
  type PublicCompany,
} from '../../src/contract/company.ts';
import { FileMessages } from '../../src/contract/files.ts';
import { makePdf, type FilesApp } from './files-support.ts';
import {
  companyApp,
  companyFiles,
  companyWorld,
  expectRefused,
  fetchImage,
  getJson,
  picture,
  postJson,
  uploadFile,
  type Caller,
  type World,
} from './company-support.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';

let f: FilesApp;
let w: World;
let jpeg: Buffer;
beforeAll(async () => {
  f = await companyApp();
  w = await companyWorld(f);
  jpeg = await picture(1200, 900);
});
afterAll(async () => f?.stop());

type Upload = { data: Buffer; filename?: string; contentType?: string };
const image = (data: Buffer, filename = 'logo.jpg', contentType = 'image/jpeg'): Upload => ({ data, filename, contentType });

const uploadLogo = (caller: Caller, file: Upload) =>
  uploadFile<{ logo: CompanyImage }>(f.app, '/api/Account/CompanyLogo', caller.token, file);
const uploadFeatured = (caller: Caller, file: Upload) =>
  uploadFile<{ image: FeaturedImage; images: FeaturedImage[] }>(f.app, '/api/Employer/UploadFeaturedImage', caller.token, file);
const featured = (caller: Caller) => getJson<{ images: FeaturedImage[] }>(f, '/api/Employer/GetFeaturedImages', caller.token);
const deleteFeatured = (caller: Caller, id: unknown) =>
  postJson<{ images: FeaturedImage[] }>(f, '/api/Employer/DeleteFeaturedImages', { id }, caller.token);
const reorder = (caller: Caller, ids: unknown) =>
  postJson<{ images: FeaturedImage[] }>(f, '/api/Employer/ReorderFeaturedImages', { ids }, caller.token);

/** A JPEG's first bytes followed by 6 MB: over the limit whatever it holds. */
const sixMegabytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024)]);

async function decoded(url: string) {
  const answer = await fetchImage(f, url);
  expect(answer.status).toBe(200);
  return { type: answer.type, ...(await sharp(answer.data).metadata()) };
}

describe('CompanyLogo', () => {
  it('who may upload: anonymous 401, job seeker 403, recruiter 403; nothing is stored for them', async () => {
    expectRefused(await uploadLogo(w.anonymous, image(jpeg)), 401, EXPIRED);
    expectRefused(await uploadLogo(w.seeker, image(jpeg)), 403, NO_ACCESS);
    expectRefused(await uploadLogo(w.recruiterX, image(jpeg)), 403, NO_ACCESS);
    expect(await companyFiles(f, w.x.id)).toEqual([]);
    expect(f.storedFileCount()).toBe(0);
  });

  it("stores the employer's logo re-encoded as WebP within 512 px, for the company, and shows it by a signed address anyone can load", async () => {
    const answer = await uploadLogo(w.employerX, image(jpeg));
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(CompanyMessages.logoSaved);
    const logo = answer.body.data.logo;
    expect(logo).toMatchObject({ contentType: 'image/webp' });
    expect(logo.url).toMatch(new RegExp(`^/api/Common/images/${logo.id}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    const rows = await companyFiles(f, w.x.id);
    expect(rows.map((r) => [r.purpose, r.companyId, r.ownerId])).toEqual([['company-logo', w.x.id, null]]);
    expect(await decoded(logo.url)).toMatchObject({ type: 'image/webp', format: 'webp', width: 512, height: 384 });
    // The company's recruiter sees it with the details.
    const seen = await getJson<CompanyDetails>(f, '/api/Account/CompanyDetails', w.recruiterX.token);
    expect(seen.body.data.logo?.id).toBe(logo.id);
  });

  it('replaces the logo: the old row and file are gone', async () => {
    const first = (await getJson<CompanyDetails>(f, '/api/Account/CompanyDetails', w.employerX.token)).body.data.logo!;
    const png = await picture(300, 300, 'png', '#1da425');
    const answer = await uploadLogo(w.employerX, image(png, 'mark.png', 'image/png'));
    expect(answer.status).toBe(201);
    const rows = await companyFiles(f, w.x.id);
    expect(rows.map((r) => r.id)).toEqual([answer.body.data.logo.id]);
    expect((await fetchImage(f, first.url)).status).toBe(404);
    expect(f.storedFileCount()).toBe(1);
  });

  it.each([
    ['a PDF', () => makePdf(['Not a logo']), 'logo.jpg', 400, FileMessages.imageType],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.svg', 400, FileMessages.imageType],
    ['half a JPEG', () => jpeg.subarray(0, jpeg.length / 2), 'logo.jpg', 400, FileMessages.imageUnreadable],
    ['6 MB', sixMegabytes, 'logo.jpg', 413, FileMessages.tooLarge],
  ])('refuses %s and keeps the current logo', async (_, bytes, filename, status, message) => {
    const before = await companyFiles(f, w.x.id);
    const count = f.storedFileCount();
    expectRefused(await uploadLogo(w.employerX, image(bytes(), filename)), status, message);
    expect(await companyFiles(f, w.x.id)).toEqual(before);
    expect(f.storedFileCount()).toBe(count);
  });

  it("Y's employer uploads to Y, and cannot delete X's logo", async () => {
    const x = await companyFiles(f, w.x.id);
    expect((await uploadLogo(w.employerY, image(jpeg))).status).toBe(201);
    expect(await companyFiles(f, w.x.id)).toEqual(x);
    expect((await companyFiles(f, w.y.id)).map((r) => r.purpose)).toEqual(['company-logo']);
    expect((await postJson(f, '/api/Account/DeleteCompanyLogo', {}, w.employerY.token)).status).toBe(200);
    expect(await companyFiles(f, w.x.id)).toEqual(x);
  });

  it('DeleteCompanyLogo removes the row and the file; a second delete is 404', async () => {
    const deleted = await postJson(f, '/api/Account/DeleteCompanyLogo', {}, w.employerX.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(CompanyMessages.logoDeleted);
    expect(await companyFiles(f, w.x.id)).toEqual([]);
    expectRefused(await postJson(f, '/api/Account/DeleteCompanyLogo', {}, w.employerX.token), 404, FileMessages.imageNotFound);
    expect((await getJson<CompanyDetails>(f, '/api/Account/CompanyDetails', w.employerX.token)).body.data.logo).toBeNull();
  });
});

describe('featured images', () => {
  it('who may add: anonymous 401, job seeker 403, recruiter 403', async () => {
    expectRefused(await uploadFeatured(w.anonymous, image(jpeg)), 401, EXPIRED);
    expectRefused(await uploadFeatured(w.seeker, image(jpeg)), 403, NO_ACCESS);
    expectRefused(await uploadFeatured(w.recruiterX, image(jpeg)), 403, NO_ACCESS);
    expect((await featured(w.employerX)).body.data.images).toEqual([]);
  });

  it('adds JPEG, PNG and WebP images last, each 1600 px wide at most with a 480 px copy', async () => {
    const big = await picture(2400, 1200);
    const answer = await uploadFeatured(w.employerX, image(big, 'office.jpg'));
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(CompanyMessages.featuredSaved);
    const first = answer.body.data.image;
    expect(first.position).toBe(0);
    expect(first.thumbnailUrl).toBe(`${first.url}&size=thumb`);
    expect(await decoded(first.url)).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(await decoded(first.thumbnailUrl)).toMatchObject({ format: 'webp', width: 480, height: 240 });

    await uploadFeatured(w.employerX, image(await picture(800, 600, 'png', '#aa3300'), 'team.png', 'image/png'));
    const third = await uploadFeatured(w.employerX, image(await picture(640, 480, 'webp', '#0033aa'), 'desk.webp', 'image/webp'));
    expect(third.body.data.images.map((i) => i.position)).toEqual([0, 1, 2]);
    const rows = await companyFiles(f, w.x.id);
    expect(rows.every((r) => r.purpose === 'featured-image' && r.companyId === w.x.id && r.contentType === 'image/webp')).toBe(true);
    // The company's recruiter reads them in order; another company sees none of them.
    expect((await featured(w.recruiterX)).body.data.images.map((i) => i.id)).toEqual(third.body.data.images.map((i) => i.id));
    expect((await featured(w.employerY)).body.data.images).toEqual([]);
  });

  it('keeps at most 6: the 7th is refused and leaves nothing behind', async () => {
    while ((await featured(w.employerX)).body.data.images.length < 6) {
      expect((await uploadFeatured(w.employerX, image(jpeg))).status).toBe(201);
    }
    const files = f.storedFileCount();
    const rows = await companyFiles(f, w.x.id);
    expectRefused(await uploadFeatured(w.employerX, image(jpeg)), 400, CompanyMessages.tooManyFeatured);
    expect(await companyFiles(f, w.x.id)).toEqual(rows);
    expect(f.storedFileCount()).toBe(files);
  });

  it.each([
    ['a PDF', () => makePdf(['Brochure']), 400, FileMessages.imageType],
    ['6 MB', sixMegabytes, 413, FileMessages.tooLarge],
  ])("refuses %s (Y's own images stay as they are)", async (_, bytes, status, message) => {
    expectRefused(await uploadFeatured(w.employerY, image(bytes())), status, message);
    expect(await companyFiles(f, w.y.id)).toEqual([]);
  });

  it('reorders: every image once, in the new order', async () => {
    const ids = (await featured(w.employerX)).body.data.images.map((i) => i.id);
    const reversed = [...ids].reverse();
    const answer = await reorder(w.employerX, reversed);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(CompanyMessages.featuredReordered);
    expect(answer.body.data.images.map((i) => [i.id, i.position])).toEqual(reversed.map((id, i) => [id, i]));
    expect((await featured(w.recruiterX)).body.data.images.map((i) => i.id)).toEqual(reversed);
  });

  it("refuses an order with another company's, an unknown, a missing or a repeated id, and changes nothing", async () => {
    await uploadFeatured(w.employerY, image(jpeg));
    const yId = (await featured(w.employerY)).body.data.images[0]!.id;
    const ids = (await featured(w.employerX)).body.data.images.map((i) => i.id);
    const cases = [
      [...ids.slice(0, 5), yId],
      [...ids.slice(0, 5), '6b0c2a36-7d55-4c53-9a55-2d7a0a5a1f10'],
      ids.slice(0, 5),
      [...ids.slice(0, 5), ids[0]],
      [...ids, yId],
      [...ids.slice(0, 5), 'not-an-id'],
      'all of them',
    ];
    for (const given of cases) {
      expectRefused(await reorder(w.employerX, given), 400, CompanyMessages.reorderMismatch);
    }
    // Y may not order X's images either: to Y they are unknown.
    expectRefused(await reorder(w.employerY, ids), 400, CompanyMessages.reorderMismatch);
    expect((await featured(w.employerX)).body.data.images.map((i) => i.id)).toEqual(ids);
    expect((await featured(w.employerY)).body.data.images.map((i) => i.id)).toEqual([yId]);
  });

  it("deletes one image; the others keep their order; another company's id or an unknown one is 404", async () => {
    const before = (await featured(w.employerX)).body.data.images;
    const yId = (await featured(w.employerY)).body.data.images[0]!.id;
    expectRefused(await deleteFeatured(w.employerX, yId), 404, FileMessages.imageNotFound);
    expectRefused(await deleteFeatured(w.employerY, before[0]!.id), 404, FileMessages.imageNotFound);
    expectRefused(await deleteFeatured(w.employerX, '6b0c2a36-7d55-4c53-9a55-2d7a0a5a1f10'), 404, FileMessages.imageNotFound);
    expectRefused(await deleteFeatured(w.employerX, 'not-an-id'), 400, FileMessages.imageNotFound);
    expectRefused(await deleteFeatured(w.recruiterX, before[0]!.id), 403, NO_ACCESS);
    expect((await featured(w.employerY)).body.data.images.map((i) => i.id)).toEqual([yId]);

    const files = f.storedFileCount();
    const gone = before[2]!;
    const answer = await deleteFeatured(w.employerX, gone.id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(CompanyMessages.featuredDeleted);
    const left = before.filter((i) => i.id !== gone.id).map((i) => i.id);
    expect(answer.body.data.images.map((i) => [i.id, i.position])).toEqual(left.map((id, i) => [id, i]));
    expect(f.storedFileCount()).toBe(files - 2);
    expect((await fetchImage(f, gone.url)).status).toBe(404);
    // A place is free again.
    expect((await uploadFeatured(w.employerX, image(jpeg))).body.data.image.position).toBe(5);
  });

  it('a thumbnail is only for featured images', async () => {
    await uploadLogo(w.employerX, image(jpeg));
    const logo = (await getJson<CompanyDetails>(f, '/api/Account/CompanyDetails', w.employerX.token)).body.data.logo!;
    expect((await fetchImage(f, `${logo.url}&size=thumb`)).status).toBe(404);
    expect((await fetchImage(f, `${logo.url}&size=huge`)).status).toBe(400);
  });
});

describe('the public page shows the images', () => {
  it('the logo and the featured images in their order, loaded without a token', async () => {
    const page = await getJson<PublicCompany>(f, `/api/Company/${w.x.id}`);
    expect(page.status).toBe(200);
    const images = (await featured(w.employerX)).body.data.images;
    expect(page.body.data.featuredImages.map((i) => i.id)).toEqual(images.map((i) => i.id));
    expect(page.body.data.logoUrl).not.toBeNull();
    expect((await decoded(page.body.data.logoUrl!)).format).toBe('webp');
    for (const i of page.body.data.featuredImages) {
      expect((await fetchImage(f, i.url)).status).toBe(200);
      expect((await fetchImage(f, i.thumbnailUrl)).status).toBe(200);
    }
  });
});
