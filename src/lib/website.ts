// The contract checks a company's website with it, so it lives there.
export { normaliseWebsite, WEBSITE_MAX_LENGTH, type WebsiteCheck, type WebsiteProblem } from '../contract/website.ts';
