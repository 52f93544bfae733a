import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { FileMessages, MAX_UPLOAD_BYTES, imageTypes } from './files.ts';
import { normaliseWebsite, WEBSITE_MAX_LENGTH } from './website.ts';

/** Product copy of the company pages, used word for word by client and server. */
export const CompanyMessages = {
  companyName: 'Please enter the company name job seekers see (2 to 120 characters)',
  website: 'Please enter a website address, e.g. https://example.com',
  websiteInsecure: 'Please use a secure website address that starts with https://',
  websiteTooLong: `The website address can be up to ${WEBSITE_MAX_LENGTH} characters.`,
  about: 'The description can be up to 2000 characters.',
  address: 'Please choose the address from the list',
  industry: 'Please choose an industry from the list',
  detailsSaved: 'Your company details are saved.',
  logoSaved: 'Your company logo is saved.',
  logoDeleted: 'The company logo has been deleted.',
  featuredSaved: 'The image has been added.',
  featuredDeleted: 'The image has been deleted.',
  featuredReordered: 'The new order is saved.',
  tooManyFeatured: 'You can show up to 6 featured images. Please delete one before adding another.',
  reorderMismatch: 'The images have changed meanwhile. Please reload the page and try again.',
  noCompany: 'Your account does not belong to a company.',
  companyNotFound: 'This company was not found.',
  employerSaved: 'Your details are saved.',
  legalNameNote:
    'The legal name and TIN are those verified at registration. Changing them means verifying the business again: please contact support.',
} as const;

/** At most this many featured images on a company page. */
export const MAX_FEATURED_IMAGES = 6;
export const COMPANY_NAME_MAX = 120;
export const ABOUT_MAX = 2000;

/** Empty text is "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** https only, normalised (see website.ts); empty means no website. */
export const websiteSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: CompanyMessages.website })
    .max(1000, CompanyMessages.websiteTooLong)
    .transform((value, ctx) => {
      const check = normaliseWebsite(value);
      if (check.ok) return check.url;
      const message =
        check.problem === 'insecure'
          ? CompanyMessages.websiteInsecure
          : check.problem === 'too-long'
            ? CompanyMessages.websiteTooLong
            : CompanyMessages.website;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .nullable(),
);

const lookupId = (message: string) =>
  z.preprocess(blankToNull, z.coerce.number({ error: message }).int(message).positive(message).nullable());

// ---------- images ----------

/** A company image (logo or featured) with a signed address an `<img>` loads without a token. */
export const companyImageSchema = z.object({
  id: z.string(),
  /** Signed; works for 6 to 12 hours (see GET /api/Common/images/:id). */
  url: z.string(),
  /** ISO 8601: when `url` stops working. */
  urlExpiresAt: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** ISO 8601. */
  uploadedAt: z.string(),
});
export type CompanyImage = z.infer<typeof companyImageSchema>;

export const featuredImageSchema = companyImageSchema.extend({
  /** A 480 px wide copy for lists and grids, signed like `url`. */
  thumbnailUrl: z.string(),
  /** 0 first. */
  position: z.number().int(),
});
export type FeaturedImage = z.infer<typeof featuredImageSchema>;

const imageUpload = { file: 'file', maxBytes: MAX_UPLOAD_BYTES, accept: imageTypes } as const;

// ---------- company details ----------

export const companyDetailsSchema = z.object({
  id: z.string(),
  /** The name job seekers see; the verified legal name until the employer sets one. */
  companyName: z.string(),
  /** The legal name verified at registration: read only here. */
  legalName: z.string(),
  /** EIN, SSN or ITIN, when known. */
  tinKind: z.string().nullable(),
  /** The TIN is never answered whole: its last four digits, for recognition. */
  tinLast4: z.string(),
  /** ISO 8601: when the business was verified. */
  verifiedAt: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  website: z.string().nullable(),
  about: z.string().nullable(),
  industryId: z.number().int().nullable(),
  industry: z.string().nullable(),
  logo: companyImageSchema.nullable(),
  /** The employer may change the details; the company's recruiters may only read them. */
  canEdit: z.boolean(),
  /** ISO 8601; null until first saved. */
  updatedAt: z.string().nullable(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

const placeFields = {
  /** The address as picked from the location search; empty for none. */
  address: z.preprocess(blankToNull, z.string().trim().max(200, CompanyMessages.address).nullable()).optional(),
  city: z.preprocess(blankToNull, z.string().trim().max(100, CompanyMessages.address).nullable()).optional(),
  state: z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/, CompanyMessages.address)
        .nullable(),
    )
    .optional(),
  latitude: z.number({ error: CompanyMessages.address }).min(-90, CompanyMessages.address).max(90, CompanyMessages.address).nullish(),
  longitude: z.number({ error: CompanyMessages.address }).min(-180, CompanyMessages.address).max(180, CompanyMessages.address).nullish(),
};

export const companyDetailsInputSchema = z
  .object({
    companyName: z
      .string({ error: CompanyMessages.companyName })
      .trim()
      .min(2, CompanyMessages.companyName)
      .max(COMPANY_NAME_MAX, CompanyMessages.companyName)
      .refine((v) => /\p{L}|\p{N}/u.test(v), CompanyMessages.companyName),
    ...placeFields,
    website: websiteSchema.optional(),
    about: z.preprocess(blankToNull, z.string().trim().max(ABOUT_MAX, CompanyMessages.about).nullable()).optional(),
    industryId: lookupId(CompanyMessages.industry).optional(),
  })
  .superRefine(
    (v, ctx) => {
      // A place comes whole from the location search: its address with a position.
      const hasAddress = Boolean(v.address);
      const hasPosition = typeof v.latitude === 'number' && typeof v.longitude === 'number';
      if (hasAddress !== hasPosition) ctx.addIssue({ code: 'custom', path: ['address'], message: CompanyMessages.address });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type CompanyDetailsInput = z.input<typeof companyDetailsInputSchema>;

// ---------- counts ----------

export const dashboardCountSchema = z.object({
  /** The company's job posts. */
  postedJobs: z.number().int(),
  /** Applications to the company's job posts. */
  applicants: z.number().int(),
  /** Job posts open to applications now. */
  activeJobs: z.number().int(),
  /** Applicants nobody of the company has opened yet. */
  newApplicants: z.number().int(),
  /** The applicant pipeline: applications in each step the staff act on. */
  toReview: z.number().int(),
  interviewing: z.number().int(),
  offered: z.number().int(),
  hired: z.number().int(),
});
export type DashboardCount = z.infer<typeof dashboardCountSchema>;

export const jobPostCountSchema = z.object({ total: z.number().int(), active: z.number().int(), closed: z.number().int() });

// ---------- the public company page ----------

export const publicCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  about: z.string().nullable(),
  website: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  industry: z.string().nullable(),
  logoUrl: z.string().nullable(),
  featuredImages: z.array(z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() })),
  /** Verified as legally registered in the United States (spec 1 §1). */
  verified: z.boolean(),
  /** ISO 8601. */
  verifiedAt: z.string().nullable(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

// ---------- endpoints (spec 2 §7: api/Account company calls and the Employer calls) ----------

const tag = 'company';
const employer = ['Employer'] as const;
/** The company's employer and its recruiters. */
const companyStaff = ['Employer', 'Recruiter'] as const;

export const companyDetails = endpoint({
  method: 'GET',
  path: '/api/Account/CompanyDetails',
  auth: companyStaff,
  tag,
  summary: "The caller's company: the name seekers see, the verified legal name, address, website, about, industry, logo",
  response: companyDetailsSchema,
});

export const updateCompanyDetails = endpoint({
  method: 'POST',
  path: '/api/Account/UpdateCompanyDetails',
  auth: employer,
  tag,
  summary: 'Change the name seekers see, the address (from the location search), the website (https), about and industry',
  body: companyDetailsInputSchema,
  response: companyDetailsSchema,
});

export const companyLogo = endpoint({
  method: 'POST',
  path: '/api/Account/CompanyLogo',
  auth: employer,
  tag,
  status: 201,
  summary: 'Upload the company logo (JPEG, PNG or WebP, up to 5 MB); it replaces the current one',
  upload: imageUpload,
  response: z.object({ logo: companyImageSchema }),
});

export const deleteCompanyLogo = endpoint({
  method: 'POST',
  path: '/api/Account/DeleteCompanyLogo',
  auth: employer,
  tag,
  summary: 'Remove the company logo',
  response: z.null(),
});

export const countJobPosts = endpoint({
  method: 'GET',
  path: '/api/Employer/CountJobPosts',
  auth: companyStaff,
  tag,
  summary: "How many job posts the caller's company has: all, active and closed",
  response: jobPostCountSchema,
});

export const dashboardCount = endpoint({
  method: 'GET',
  path: '/api/Employer/dashboard-count',
  auth: companyStaff,
  tag,
  summary: "The dashboard's counts for the caller's company: job posts and applicants",
  response: dashboardCountSchema,
});

/** The same counts under the Recruiter prefix (spec 2 §6: recruiter calls under either prefix). */
export const recruiterDashboardCount = endpoint({
  ...dashboardCount,
  path: '/api/Recruiter/DashboardCount',
  summary: "The dashboard's counts for the recruiter's company (same as Employer dashboard-count)",
});

export const uploadFeaturedImage = endpoint({
  method: 'POST',
  path: '/api/Employer/UploadFeaturedImage',
  auth: employer,
  tag,
  status: 201,
  summary: `Add a featured image to the company page (JPEG, PNG or WebP, up to 5 MB, at most ${MAX_FEATURED_IMAGES}); it goes last`,
  upload: imageUpload,
  response: z.object({ image: featuredImageSchema, images: z.array(featuredImageSchema) }),
});

export const getFeaturedImages = endpoint({
  method: 'GET',
  path: '/api/Employer/GetFeaturedImages',
  auth: companyStaff,
  tag,
  summary: "The company's featured images in their order, with signed addresses",
  response: z.object({ images: z.array(featuredImageSchema) }),
});

export const deleteFeaturedImages = endpoint({
  method: 'POST',
  path: '/api/Employer/DeleteFeaturedImages',
  auth: employer,
  tag,
  summary: 'Delete a featured image; the others keep their order',
  body: z.object({ id: z.uuid({ error: FileMessages.imageNotFound }) }),
  response: z.object({ images: z.array(featuredImageSchema) }),
});

export const reorderFeaturedImages = endpoint({
  method: 'POST',
  path: '/api/Employer/ReorderFeaturedImages',
  auth: employer,
  tag,
  summary: "Put the featured images in a new order: every image's id once, first to last",
  body: z.object({
    ids: z
      .array(z.uuid({ error: CompanyMessages.reorderMismatch }), { error: CompanyMessages.reorderMismatch })
      .max(MAX_FEATURED_IMAGES, CompanyMessages.reorderMismatch),
  }),
  response: z.object({ images: z.array(featuredImageSchema) }),
});

export const publicCompany = endpoint({
  method: 'GET',
  path: '/api/Company/:id',
  auth: 'public',
  tag,
  summary: "A verified company's public page: name, about, website, city and state, logo, featured images",
  params: z.object({ id: z.string().max(100) }),
  response: publicCompanySchema,
});
