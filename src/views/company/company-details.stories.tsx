import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { CompanyMessages, type CompanyDetails, type CompanyDetailsInput, type FeaturedImage } from '../../contract/company.ts';
import { FileMessages } from '../../contract/files.ts';
import {
  companyDetailsMachine,
  type CompanyDetailsContext,
  type CompanyDetailsField,
} from '../../machines/company/company-details.machine.ts';
import { companyLogoMachine, type CompanyLogoContext } from '../../machines/company/company-logo.machine.ts';
import { featuredImagesMachine, type FeaturedImagesContext } from '../../machines/company/featured-images.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import { storySearchLogic } from '../location/location-stories-support.ts';
import CompanyDetailsPage from './company-details.view.tsx';
import { sampleDetails, sampleFeatured, sampleIndustries, sampleLogo, withEmployer, withRecruiter } from './stories-support.tsx';

/** The server answers after a moment; saving takes a moment too. */
const logic = companyDetailsMachine.provide({
  actors: {
    load: fromPromise(() => after(600, { details: sampleDetails, industries: sampleIndustries })),
    save: fromPromise<{ details: CompanyDetails; message: string }, CompanyDetailsInput>(({ input }) =>
      after(900, { details: { ...sampleDetails, companyName: input.companyName }, message: CompanyMessages.detailsSaved }),
    ),
  },
});
const saving = companyDetailsMachine.provide({ actors: { save: fromPromise(() => never()) } });

/** An upload that reports progress, then ends with the sample logo. */
const logoLogic = companyLogoMachine.provide({
  actors: {
    upload: fromCallback<EventObject, { file: File }>(({ sendBack }) => {
      let sent = 0;
      const timer = setInterval(() => {
        sent += 25;
        if (sent < 100) sendBack({ type: 'upload.progress', loaded: sent, total: 100 });
        else {
          clearInterval(timer);
          sendBack({ type: 'upload.done', output: { logo: sampleLogo }, message: CompanyMessages.logoSaved });
        }
      }, 400);
      return () => clearInterval(timer);
    }),
    remove: fromPromise<string>(() => after(600, CompanyMessages.logoDeleted)),
  },
});

const featuredLogic = featuredImagesMachine.provide({
  actors: {
    load: fromPromise(() => after(400, sampleFeatured(4))),
    upload: fromCallback<EventObject, { file: File }>(({ sendBack }) => {
      const timer = setTimeout(
        () =>
          sendBack({
            type: 'upload.done',
            output: { image: sampleFeatured(5)[4], images: sampleFeatured(5) },
            message: CompanyMessages.featuredSaved,
          }),
        1200,
      );
      return () => clearTimeout(timer);
    }),
    remove: fromPromise<{ images: FeaturedImage[]; message: string }, { id: string }>(({ input }) =>
      after(600, { images: sampleFeatured(4).filter((i) => i.id !== input.id), message: CompanyMessages.featuredDeleted }),
    ),
    reorder: fromPromise<{ images: FeaturedImage[]; message: string }, { ids: string[] }>(({ input }) => {
      const byId = new Map(sampleFeatured(4).map((i) => [i.id, i]));
      return after(500, {
        images: input.ids.map((id, position) => ({ ...byId.get(id)!, position })),
        message: CompanyMessages.featuredReordered,
      });
    }),
  },
});

const values: Record<CompanyDetailsField, string> = {
  companyName: sampleDetails.companyName,
  address: sampleDetails.address!,
  website: sampleDetails.website!,
  about: sampleDetails.about!,
  industryId: String(sampleDetails.industryId),
};
const place = { address: 'Vancouver, WA', city: 'Vancouver', state: 'WA', latitude: 45.6387, longitude: -122.6615 };

const context = (c: Partial<CompanyDetailsContext> = {}): CompanyDetailsContext => ({
  values,
  touched: {},
  errors: {},
  serverErrors: {},
  error: null,
  details: sampleDetails,
  place,
  industries: sampleIndustries,
  message: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<CompanyDetailsContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

const logoAt = (value: string, c: Partial<CompanyLogoContext> = {}) =>
  logoLogic.resolveState({ value, context: { logo: sampleLogo, fileName: null, progress: null, error: null, message: null, ...c } });

const featuredAt = (value: string, c: Partial<FeaturedImagesContext> = {}) =>
  featuredLogic.resolveState({
    value,
    context: { images: sampleFeatured(4), pending: null, fileName: null, progress: null, previous: null, error: null, message: null, ...c },
  });

const meta = {
  title: 'Company/Company details',
  component: CompanyDetailsPage,
  decorators: [withEmployer],
  args: { logic, logoLogic, featuredLogic, locationLogic: storySearchLogic },
  parameters: { layout: 'fullscreen', route: '/user/settings/company-details', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof CompanyDetailsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;
const loaded = { snapshot: at({ editing: 'idle' }) };

/** From the start: loading, then the page. Try typing "port" in the address. */
export const FromTheStart: Story = {};

/** loading: while the company is read. */
export const Loading: Story = { args: { snapshot: at('loading', { details: null, place: null, values: { ...values, companyName: '' } }) } };

/** loadFailed: the company could not be read; Try again reads it again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { details: null }) } };

/** editing: the employer's form, with the logo and the featured images below. */
export const Editing: Story = { args: loaded };
export const EditingDark: Story = { ...Editing, globals: dark };

/** Opened at a section by its address: ?section=feature-images. */
export const AtFeaturedImages: Story = { args: loaded, parameters: { route: '/user/settings/company-details?section=feature-images' } };

/** editing with an insecure website and an empty name, left by the user: Save is disabled. */
export const Invalid: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      {
        values: { ...values, companyName: '', website: 'http://halefreight.example.com' },
        touched: { companyName: true, website: true },
        errors: { companyName: CompanyMessages.companyName, website: CompanyMessages.websiteInsecure },
      },
    ),
  },
};
export const InvalidDark: Story = { ...Invalid, globals: dark };

/** A company with nothing filled in yet: no address, website, about, industry or logo. */
export const Empty: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      {
        details: {
          ...sampleDetails,
          companyName: 'Hale Logistics LLC',
          address: null,
          city: null,
          state: null,
          latitude: null,
          longitude: null,
          website: null,
          about: null,
          industryId: null,
          industry: null,
          logo: null,
        },
        place: null,
        values: { companyName: 'Hale Logistics LLC', address: '', website: '', about: '', industryId: '' },
      },
    ),
    logoSnapshot: logoAt('idle', { logo: null }),
    featuredSnapshot: featuredAt('ready', { images: [] }),
  },
};

/** saving: Save is busy. */
export const Saving: Story = { args: { logic: saving, snapshot: at('saving', {}, saving) } };

/** saved: the server's message. */
export const Saved: Story = { args: { snapshot: at({ editing: 'saved' }, { message: CompanyMessages.detailsSaved }) } };

/** failed: the server refused the website. */
export const Failed: Story = {
  args: {
    snapshot: at(
      { editing: 'failed' },
      { serverErrors: { website: CompanyMessages.websiteInsecure }, error: 'Something went wrong. Please try again.' },
    ),
  },
};

/** readOnly: a recruiter of the company reads the details, logo and images, with no controls. */
export const ReadOnly: Story = {
  decorators: [withRecruiter],
  args: {
    snapshot: at('readOnly', { details: { ...sampleDetails, canEdit: false } }),
  },
};
export const ReadOnlyDark: Story = { ...ReadOnly, globals: dark };

// ---------- the logo section's states ----------

/** Logo uploading: progress, and a way to cancel. */
export const LogoUploading: Story = {
  args: { ...loaded, logoSnapshot: logoAt('uploading', { fileName: 'hale-mark.png', progress: { loaded: 40, total: 100 } }) },
  parameters: { route: '/user/settings/company-details?section=company-logo' },
};
export const LogoUploadingDark: Story = { ...LogoUploading, globals: dark };

/** Logo saved: the server's message under the new logo. */
export const LogoSaved: Story = { args: { ...loaded, logoSnapshot: logoAt('idle', { message: CompanyMessages.logoSaved }) } };

/** Logo refused: a PDF chosen as logo. */
export const LogoRefused: Story = { args: { ...loaded, logoSnapshot: logoAt('idle', { error: FileMessages.imageType }) } };

/** Removing the logo asks first. */
export const LogoConfirmRemove: Story = { args: { ...loaded, logoSnapshot: logoAt('confirmingRemove') } };
export const LogoConfirmRemoveDark: Story = { ...LogoConfirmRemove, globals: dark };

/** The logo on its way out. */
export const LogoRemoving: Story = { args: { ...loaded, logoSnapshot: logoAt('removing') } };

// ---------- the featured images section's states ----------

/** Featured images loading. */
export const FeaturedLoading: Story = { args: { ...loaded, featuredSnapshot: featuredAt('loading', { images: [] }) } };

/** Featured images could not be loaded. */
export const FeaturedLoadFailed: Story = { args: { ...loaded, featuredSnapshot: featuredAt('loadFailed', { images: [] }) } };

/** Six images: no more can be added. */
export const FeaturedFull: Story = { args: { ...loaded, featuredSnapshot: featuredAt('ready', { images: sampleFeatured(6) }) } };

/** An image on its way, with progress. */
export const FeaturedUploading: Story = {
  args: { ...loaded, featuredSnapshot: featuredAt('uploading', { fileName: 'warehouse-team.jpg', progress: { loaded: 70, total: 100 } }) },
  parameters: { route: '/user/settings/company-details?section=feature-images' },
};

/** Deleting an image asks first. */
export const FeaturedConfirmDelete: Story = {
  args: { ...loaded, featuredSnapshot: featuredAt('confirmingDelete', { pending: sampleFeatured(4)[1]! }) },
};
export const FeaturedConfirmDeleteDark: Story = { ...FeaturedConfirmDelete, globals: dark };

/** An image on its way out: the controls wait. */
export const FeaturedDeleting: Story = {
  args: { ...loaded, featuredSnapshot: featuredAt('deleting', { pending: sampleFeatured(4)[1]! }) },
};

/** A move shown at once while the new order is saved. */
export const FeaturedReordering: Story = {
  args: { ...loaded, featuredSnapshot: featuredAt('reordering', { previous: sampleFeatured(4) }) },
};

/** The new order saved. */
export const FeaturedReordered: Story = {
  args: { ...loaded, featuredSnapshot: featuredAt('ready', { message: CompanyMessages.featuredReordered }) },
};

/** The server refused a move: the order is back as it was. */
export const FeaturedRefused: Story = {
  args: { ...loaded, featuredSnapshot: featuredAt('ready', { error: CompanyMessages.reorderMismatch }) },
};
