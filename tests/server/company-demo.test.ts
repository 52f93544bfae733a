import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import type { CompanyDetails, FeaturedImage, PublicCompany } from '../../src/contract/company.ts';
import { passwordLogin } from './account-support.ts';
import { fetchImage, getJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
}, 120_000);
afterAll(async () => f?.stop());

describe("the demo employer's company", () => {
  it('has the details seekers see: name, Vancouver, WA, an https website, about, industry; the legal name as verified', async () => {
    const login = await passwordLogin(f.app, DEMO_ACCOUNTS.employer, DEMO_PASSWORD);
    expect(login.status).toBe(200);
    const token = login.body.data.accessToken;
    const details = (await getJson<CompanyDetails>(f, '/api/Account/CompanyDetails', token)).body.data;
    expect(details).toMatchObject({
      companyName: 'Demo Hiring Co',
      legalName: 'Demo Hiring Co',
      tinKind: 'EIN',
      tinLast4: '7893',
      address: 'Vancouver, WA',
      city: 'Vancouver',
      state: 'WA',
      website: 'https://demohiring.example.com',
      industry: 'Retail Trade',
      canEdit: true,
    });
    expect(details.about).toMatch(/Clark County/);

    // A square logo and four wide office pictures, drawn at seed time.
    const logo = await fetchImage(f, details.logo!.url);
    expect(await sharp(logo.data).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const images = (await getJson<{ images: FeaturedImage[] }>(f, '/api/Employer/GetFeaturedImages', token)).body.data.images;
    expect(images.map((i) => i.position)).toEqual([0, 1, 2, 3]);
    for (const image of images) {
      expect(await sharp((await fetchImage(f, image.url)).data).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 900 });
    }

    // Its public page shows it as a verified business.
    const page = (await getJson<PublicCompany>(f, `/api/Company/${details.id}`)).body.data;
    expect(page).toMatchObject({ name: 'Demo Hiring Co', city: 'Vancouver', state: 'WA', verified: true });
    expect(page.featuredImages).toHaveLength(4);
  });
});
