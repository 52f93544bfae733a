import * as ep from '../contract/company.ts';
import type { CompanyDetailsInput } from '../contract/company.ts';
import { apiUrl, call } from './http.ts';
import { upload, type UploadOptions } from './transfer.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of the company area (spec 2 §7: the api/Account company calls and the Employer calls). */
export const companyService = {
  details: (signal?: Signal) => call(ep.companyDetails, {}, { signal }),
  updateDetails: (body: CompanyDetailsInput, signal?: Signal) => call(ep.updateCompanyDetails, { body }, { signal }),
  /** Replaces the logo, with progress; `options.signal` cancels it. */
  uploadLogo: (file: File, options?: UploadOptions) => upload(ep.companyLogo, { file }, options),
  deleteLogo: (signal?: Signal) => call(ep.deleteCompanyLogo, {}, { signal }),

  featuredImages: (signal?: Signal) => call(ep.getFeaturedImages, {}, { signal }),
  /** Adds a featured image last, with progress; `options.signal` cancels it. */
  uploadFeaturedImage: (file: File, options?: UploadOptions) => upload(ep.uploadFeaturedImage, { file }, options),
  deleteFeaturedImage: (id: string, signal?: Signal) => call(ep.deleteFeaturedImages, { body: { id } }, { signal }),
  reorderFeaturedImages: (ids: string[], signal?: Signal) => call(ep.reorderFeaturedImages, { body: { ids } }, { signal }),

  dashboardCount: (signal?: Signal) => call(ep.dashboardCount, {}, { signal }),
  publicCompany: (id: string, signal?: Signal) => call(ep.publicCompany, { params: { id } }, { signal }),

  /** The `src` of an `<img>`: a signed address on the API's host, loaded without a bearer token. */
  imageSource: (url: string) => apiUrl(url),
};
