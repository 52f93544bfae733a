import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  CompanyMessages,
  type CompanyDetails,
  type CompanyDetailsInput,
  type CompanyImage,
  type FeaturedImage,
} from '../../src/contract/company.ts';
import { FileMessages } from '../../src/contract/files.ts';
import type { LocationResult } from '../../src/contract/location.ts';
import { companyDetailsMachine, type LoadedCompany } from '../../src/machines/company/company-details.machine.ts';
import { companyLogoMachine } from '../../src/machines/company/company-logo.machine.ts';
import { featuredImagesMachine, moved } from '../../src/machines/company/featured-images.machine.ts';
import { locationSearchMachine, type SearchType } from '../../src/machines/location/location-search.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import CompanyDetailsPage, { type CompanyDetailsPageProps } from '../../src/views/company/company-details.view.tsx';
import { sampleDetails, sampleFeatured, sampleIndustries, sampleLogo } from '../../src/views/company/stories-support.tsx';
import { SUPPORT_EMAIL, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const employer = storedSessionFor({ id: 'em-1', email: 'robin@example.com', firstName: 'Robin', lastName: 'Hale', role: 'Employer' });
const recruiter = storedSessionFor({ id: 'rc-1', email: 'casey@example.com', firstName: 'Casey', lastName: 'Hale', role: 'Recruiter' });
const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });

const PORTLAND: LocationResult = {
  id: 'city:5746545',
  address: { freeformAddress: 'Portland, OR', countrySubdivisionName: 'Oregon' },
  position: { lat: 45.52345, lng: -122.67621 },
};

/** Every server call of the page in the test's hands. */
function server(options: { details?: CompanyDetails; images?: FeaturedImage[] } = {}) {
  const details = options.details ?? sampleDetails;
  const calls = {
    saves: [] as CompanyDetailsInput[],
    logoUploads: [] as File[],
    logoAborts: 0,
    logoRemoves: 0,
    featuredUploads: [] as File[],
    reorders: [] as string[][],
    removes: [] as string[],
  };
  const load = deferred<LoadedCompany>();
  let save = deferred<{ details: CompanyDetails; message: string }>();
  let logoLine: ((e: { type: string; [key: string]: unknown }) => void) | null = null;
  let reorder = deferred<{ images: FeaturedImage[]; message: string }>();
  let remove = deferred<{ images: FeaturedImage[]; message: string }>();
  const props: CompanyDetailsPageProps = {
    logic: companyDetailsMachine.provide({
      actors: {
        load: fromPromise(() => load.promise),
        save: fromPromise<{ details: CompanyDetails; message: string }, CompanyDetailsInput>(({ input }) => {
          calls.saves.push(input);
          save = deferred();
          return save.promise;
        }),
      },
    }),
    logoLogic: companyLogoMachine.provide({
      actors: {
        upload: fromCallback<EventObject, { file: File }>(({ sendBack, input }) => {
          calls.logoUploads.push(input.file);
          logoLine = sendBack;
          return () => {
            logoLine = null;
            calls.logoAborts++;
          };
        }),
        remove: fromPromise<string>(async () => {
          calls.logoRemoves++;
          return CompanyMessages.logoDeleted;
        }),
      },
    }),
    featuredLogic: featuredImagesMachine.provide({
      actors: {
        load: fromPromise(async () => options.images ?? sampleFeatured(3)),
        upload: fromCallback<EventObject, { file: File }>(({ input }) => {
          calls.featuredUploads.push(input.file);
        }),
        reorder: fromPromise<{ images: FeaturedImage[]; message: string }, { ids: string[] }>(({ input }) => {
          calls.reorders.push(input.ids);
          reorder = deferred();
          return reorder.promise;
        }),
        remove: fromPromise<{ images: FeaturedImage[]; message: string }, { id: string }>(({ input }) => {
          calls.removes.push(input.id);
          remove = deferred();
          return remove.promise;
        }),
      },
    }),
    locationLogic: locationSearchMachine.provide({
      actors: { search: fromPromise<LocationResult[], { text: string; type: SearchType }>(async () => [PORTLAND]) },
      delays: { searchDelay: 0 },
    }),
  };
  return {
    props,
    calls,
    loaded: async () => act(async () => load.resolve({ details, industries: sampleIndustries })),
    failLoad: async () => act(async () => load.reject(new ApiError('server', 500, 'Something went wrong!!!'))),
    answerSave: async (value: { details: CompanyDetails; message: string } | Error) =>
      act(async () => (value instanceof Error ? save.reject(value) : save.resolve(value))),
    logo: async (event: { type: string; [key: string]: unknown }) => act(async () => logoLine!(event)),
    answerReorder: async (value: { images: FeaturedImage[]; message: string } | Error) =>
      act(async () => (value instanceof Error ? reorder.reject(value) : reorder.resolve(value))),
    answerRemove: async (value: { images: FeaturedImage[]; message: string }) => act(async () => remove.resolve(value)),
  };
}

function open(path = '/user/settings/company-details', stored = employer, options: Parameters<typeof server>[0] = {}) {
  const s = server(options);
  const app = renderInApp(<CompanyDetailsPage {...s.props} />, { path, stored });
  return { ...s, ...app };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the company details page', () => {
  it('shows the details, the legal name and TIN read only with what changing them takes, and a list of its sections', async () => {
    const page = open();
    expect(await screen.findByText('Loading your company…')).toBeInTheDocument();
    await page.loaded();
    const details = section('Company details');
    expect(within(details).getByLabelText('Company name')).toHaveValue('Hale Freight');
    expect(within(details).getByLabelText('Website')).toHaveValue('https://halefreight.example.com');
    expect(within(details).getByLabelText('About the company')).toHaveValue('We move freight across the Pacific Northwest.');
    expect(within(details).getByRole('combobox', { name: 'Address' })).toHaveValue('Vancouver, WA');
    expect(within(details).getByText('Job seekers see Vancouver, WA.')).toBeInTheDocument();
    expect(within(details).getByText('Hale Logistics LLC')).toBeInTheDocument();
    expect(within(details).getByText('EIN ending in 4567')).toBeInTheDocument();
    expect(within(details).getByText(/^03-0[56]-2024$/)).toBeInTheDocument();
    expect(within(details).getByText(new RegExp(CompanyMessages.legalNameNote.slice(0, 40)))).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(within(details).getByRole('button', { name: 'Industry' })).toHaveTextContent('Transportation and Warehousing');

    const nav = screen.getByRole('navigation', { name: 'Company settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Company details', '/user/settings/company-details?section=company-details'],
      ['Company logo', '/user/settings/company-details?section=company-logo'],
      ['Featured images', '/user/settings/company-details?section=feature-images'],
      ['View public page', `/companies/${sampleDetails.id}`],
    ]);
    expect(screen.getByRole('link', { name: 'Company Details', current: 'page' })).toBeInTheDocument();
  });

  it('opens at the section its address names: the heading takes the focus', async () => {
    const page = open('/user/settings/company-details?section=company-logo');
    await page.loaded();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Company logo' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Company logo', current: 'location' })).toBeInTheDocument();
  });

  it('moves to a section from the list, by keyboard too', async () => {
    const page = open();
    await page.loaded();
    screen.getByRole('link', { name: 'Featured images' }).focus();
    await page.user.keyboard('{Enter}');
    expect(page.location()).toBe('/user/settings/company-details?section=feature-images');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Featured images' })).toHaveFocus());
  });

  it('saves the name, a place picked from the search, and the website as typed; says so', async () => {
    const page = open();
    await page.loaded();
    const details = section('Company details');
    const name = within(details).getByLabelText('Company name');
    await page.user.clear(name);
    await page.user.type(name, 'Hale Freight NW');
    const address = within(details).getByRole('combobox', { name: 'Address' });
    await page.user.clear(address);
    await page.user.type(address, 'Portland');
    await page.user.click(await screen.findByRole('option', { name: /Portland, OR/ }));
    expect(within(details).getByText('Job seekers see Portland, OR.')).toBeInTheDocument();
    const website = within(details).getByLabelText('Website');
    await page.user.clear(website);
    await page.user.type(website, 'halefreight.example.com');
    await page.user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(page.calls.saves).toEqual([
      {
        companyName: 'Hale Freight NW',
        address: 'Portland, OR',
        city: 'Portland',
        state: 'OR',
        latitude: 45.52345,
        longitude: -122.67621,
        website: 'halefreight.example.com',
        about: 'We move freight across the Pacific Northwest.',
        industryId: '48',
      },
    ]);
    expect(within(details).getByRole('button', { name: 'Save details' })).toBeDisabled();
    await page.answerSave({
      details: { ...sampleDetails, companyName: 'Hale Freight NW', website: 'https://halefreight.example.com' },
      message: CompanyMessages.detailsSaved,
    });
    expect((await screen.findAllByText(CompanyMessages.detailsSaved)).length).toBeGreaterThan(0);
    expect(within(details).getByLabelText('Company name')).toHaveValue('Hale Freight NW');
  });

  it('refuses an insecure website once the field is left, and keeps Save disabled', async () => {
    const page = open();
    await page.loaded();
    const details = section('Company details');
    const website = within(details).getByLabelText('Website');
    await page.user.clear(website);
    await page.user.type(website, 'http://halefreight.example.com');
    await page.user.tab();
    expect(within(details).getByText(CompanyMessages.websiteInsecure)).toBeInTheDocument();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(within(details).getByRole('button', { name: 'Save details' })).toBeDisabled();
    expect(page.calls.saves).toEqual([]);
  });

  it("removes the address, chooses an industry, and shows the server's word on a field", async () => {
    const page = open();
    await page.loaded();
    const details = section('Company details');
    await page.user.click(within(details).getByRole('button', { name: 'Remove address' }));
    expect(within(details).getByRole('combobox', { name: 'Address' })).toHaveValue('');
    await page.user.click(within(details).getByRole('button', { name: 'Industry' }));
    await page.user.click(await screen.findByRole('option', { name: 'Retail Trade' }));
    await page.user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(page.calls.saves[0]).toMatchObject({ address: '', latitude: null, industryId: '44' });
    await page.answerSave(
      new ApiError('client', 400, CompanyMessages.websiteInsecure, [CompanyMessages.websiteInsecure], {
        website: CompanyMessages.websiteInsecure,
      }),
    );
    expect(within(details).getByText(CompanyMessages.websiteInsecure)).toBeInTheDocument();
  });

  it('offers to try again when the company cannot be loaded', async () => {
    const page = open();
    await page.failLoad();
    expect(screen.getByRole('alert')).toHaveTextContent('Your company could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the company logo section', () => {
  const choose = async (page: ReturnType<typeof open>, label: string, file: File) =>
    page.user.upload(within(section('Company logo')).getByLabelText(label), file);

  it('uploads a new logo with progress, and shows it', async () => {
    const page = open();
    await page.loaded();
    const logo = section('Company logo');
    expect(within(logo).getByRole('img', { name: 'Hale Freight logo' })).toHaveAttribute('src', sampleLogo.url);
    const file = new File(['x'.repeat(2000)], 'mark.png', { type: 'image/png' });
    await choose(page, 'Replace logo', file);
    expect(page.calls.logoUploads).toEqual([file]);
    await page.logo({ type: 'upload.progress', loaded: 500, total: 2000 });
    expect(within(logo).getByRole('progressbar', { name: 'Uploading mark.png' })).toHaveAttribute('aria-valuenow', '25');
    const next: CompanyImage = { ...sampleLogo, id: 'new-logo', url: 'data:image/png;base64,AAAA' };
    await page.logo({ type: 'upload.done', output: { logo: next }, message: CompanyMessages.logoSaved });
    expect(within(logo).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(logo).getByRole('img', { name: 'Hale Freight logo' })).toHaveAttribute('src', next.url);
    expect(within(logo).getByText(CompanyMessages.logoSaved)).toBeInTheDocument();
  });

  it('cancels an upload on the way; refuses a PDF before sending it', async () => {
    const page = open();
    await page.loaded();
    const logo = section('Company logo');
    await choose(page, 'Replace logo', new File(['x'], 'mark.png', { type: 'image/png' }));
    await page.user.click(within(logo).getByRole('button', { name: 'Cancel upload' }));
    expect(page.calls.logoAborts).toBe(1);
    expect(within(logo).queryByRole('progressbar')).not.toBeInTheDocument();
    // The picker offers images only; a file dropped past that filter is still refused.
    const input = within(logo).getByLabelText('Replace logo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(within(logo).getByRole('alert')).toHaveTextContent(FileMessages.imageType);
    expect(page.calls.logoUploads).toHaveLength(1);
  });

  it('removes the logo only after the dialog confirms it', async () => {
    const page = open();
    await page.loaded();
    const logo = section('Company logo');
    await page.user.click(within(logo).getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the company logo?' });
    await page.user.click(within(dialog).getByRole('button', { name: 'Keep logo' }));
    expect(page.calls.logoRemoves).toBe(0);
    await page.user.click(within(logo).getByRole('button', { name: 'Remove logo' }));
    await page.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(within(logo).getByText('No logo yet')).toBeInTheDocument());
    expect(page.calls.logoRemoves).toBe(1);
    expect(within(logo).getByText(CompanyMessages.logoDeleted)).toBeInTheDocument();
  });
});

describe('the featured images section', () => {
  const images = sampleFeatured(3);
  const order = () =>
    within(section('Featured images'))
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));

  it('lists the images in order with their count, each with Move up, Move down and Delete', async () => {
    const page = open();
    await page.loaded();
    const featured = section('Featured images');
    expect(await within(featured).findByText('3 of 6 images. They show on your company page in this order.')).toBeInTheDocument();
    expect(order()).toEqual(images.map((i) => i.thumbnailUrl));
    expect(within(featured).getByRole('button', { name: 'Move image 1 of 3 up' })).toBeDisabled();
    expect(within(featured).getByRole('button', { name: 'Move image 3 of 3 down' })).toBeDisabled();
    expect(within(featured).getByLabelText('Add an image')).toBeEnabled();
  });

  it('moves an image by keyboard; the focus follows it; a refusal puts it back', async () => {
    const page = open();
    await page.loaded();
    const featured = section('Featured images');
    const down = await within(featured).findByRole('button', { name: 'Move image 1 of 3 down' });
    down.focus();
    await page.user.keyboard('{Enter}');
    expect(page.calls.reorders).toEqual([[images[1]!.id, images[0]!.id, images[2]!.id]]);
    expect(order()).toEqual([images[1]!, images[0]!, images[2]!].map((i) => i.thumbnailUrl));
    await page.answerReorder({ images: moved(images, images[0]!.id, 1), message: CompanyMessages.featuredReordered });
    expect(within(featured).getByRole('button', { name: 'Move image 2 of 3 down' })).toHaveFocus();
    expect(within(featured).getByText(CompanyMessages.featuredReordered)).toBeInTheDocument();

    await page.user.keyboard('{Enter}');
    await page.answerReorder(new ApiError('client', 400, CompanyMessages.reorderMismatch, [CompanyMessages.reorderMismatch]));
    expect(order()).toEqual([images[1]!, images[0]!, images[2]!].map((i) => i.thumbnailUrl));
    expect(within(featured).getByRole('alert')).toHaveTextContent(CompanyMessages.reorderMismatch);
  });

  it('deletes an image after the dialog confirms it', async () => {
    const page = open();
    await page.loaded();
    const featured = section('Featured images');
    await page.user.click(await within(featured).findByRole('button', { name: 'Delete image 2 of 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    await page.user.click(within(dialog).getByRole('button', { name: 'Delete image' }));
    expect(page.calls.removes).toEqual([images[1]!.id]);
    await page.answerRemove({ images: [images[0]!, images[2]!], message: CompanyMessages.featuredDeleted });
    expect(order()).toEqual([images[0]!, images[2]!].map((i) => i.thumbnailUrl));
    expect(within(featured).getByText('2 of 6 images. They show on your company page in this order.')).toBeInTheDocument();
  });

  it('cannot add a 7th image', async () => {
    const page = open(undefined, employer, { images: sampleFeatured(6) });
    await page.loaded();
    const featured = section('Featured images');
    expect(await within(featured).findByText('You have 6 images: delete one to add another.')).toBeInTheDocument();
    expect(within(featured).getByLabelText('Add an image')).toBeDisabled();
  });
});

describe('who sees what', () => {
  it("shows a recruiter the company's details, logo and images without any way to change them", async () => {
    const page = open(undefined, recruiter, { details: { ...sampleDetails, canEdit: false } });
    await page.loaded();
    const details = section('Company details');
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(details).getByText('Hale Freight')).toBeInTheDocument();
    expect(within(details).getByText('Only your company’s employer can change these details.')).toBeInTheDocument();
    expect(within(section('Company logo')).queryByLabelText(/logo/i, { selector: 'input' })).not.toBeInTheDocument();
    expect(within(section('Company logo')).queryByRole('button')).not.toBeInTheDocument();
    await within(section('Featured images')).findByText(/3 of 6 images/);
    expect(within(section('Featured images')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('tells a job seeker the page is for employers and recruiters', async () => {
    open(undefined, seeker);
    expect(await screen.findByText('This page is for employers and recruiters.')).toBeInTheDocument();
  });
});
