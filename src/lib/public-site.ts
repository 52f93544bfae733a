import { PRODUCT_NAME } from './product.ts';

/**
 * The public site's pages (spec 1 §2 "/*"): each one's path and heading. The route table, the
 * footer, the prerender, the pages' heads and the sitemap all read this one list; what search
 * engines show of each is in public-heads.ts, which the first page does not download.
 */
export const PUBLIC_PAGES = [
  { path: '/jobseekers', title: 'Job Seekers' },
  { path: '/employers', title: 'Employers' },
  { path: '/hiringMinors', title: 'Hiring Minors' },
  { path: '/colleges', title: 'Colleges' },
  { path: '/about-us', title: 'About us' },
  { path: '/faqs', title: 'FAQs' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/build-your-resume', title: 'Build Your Resume' },
  { path: '/blogs', title: 'Blogs' },
  { path: '/contact', title: 'Contact us' },
] as const satisfies ReadonlyArray<{ path: string; title: string }>;

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

/** "About us – Job Marketplace". */
export const pageTitle = (title: string) => `${title} – ${PRODUCT_NAME}`;

/** What the head of a public page says: title, description, canonical path, and the page's kind. */
export interface PageHead {
  title: string;
  description: string;
  /** The path the page is known by (the canonical address is the site's address and this path). */
  path: string;
  /** Open Graph type: a post is an article, every other page a website. */
  type?: 'website' | 'article';
}

/** The head every page has when no page sets its own (index.html's). */
export const DEFAULT_HEAD = {
  title: PRODUCT_NAME,
  description: 'Find jobs near you, apply and talk to recruiters; post jobs and hire.',
} as const;

/** Where the blog's feed is. */
export const BLOG_FEED_PATH = '/blogs/rss.xml';
