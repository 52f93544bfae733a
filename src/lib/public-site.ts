import { PRODUCT_NAME } from './product.ts';

/**
 * The public site's pages (spec 1 §2 "/*"): each one's path, heading and what search engines and
 * link previews show of it. The route table, the prerender, the pages' heads and the sitemap all
 * read this one list.
 */
export interface PublicPage {
  path: string;
  /** The page's heading, and its title before " – Job Marketplace". */
  title: string;
  /** The meta description: one or two sentences, at most about 160 characters. */
  description: string;
}

export const PUBLIC_PAGES = [
  {
    path: '/jobseekers',
    title: 'Job Seekers',
    description:
      'Find work near you: search jobs on a map, keep one profile, apply in a few clicks and message employers, safe from fake job posts.',
  },
  {
    path: '/employers',
    title: 'Employers',
    description:
      'Post jobs through drafts, manage applicants, message candidates, read your metrics and boost a job, as a verified business.',
  },
  {
    path: '/hiringMinors',
    title: 'Hiring Minors',
    description:
      'Hiring 16- and 17-year-olds: the federal child labor rules, with their sources at the U.S. Department of Labor, and how we apply them.',
  },
  {
    path: '/about-us',
    title: 'About us',
    description:
      'Who the Job Marketplace is for, what it does and the principles it is built on: local jobs, verified employers, plain rules.',
  },
  {
    path: '/faqs',
    title: 'FAQs',
    description:
      'Answers to common questions from job seekers and employers: accounts, applying, safety, posting, verification, boosts and billing.',
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    description:
      'The terms for using the Job Marketplace: accounts, job posts, applications, messages, boosts and payments, and what is not allowed.',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description:
      'What the Job Marketplace stores and why, how long, who can see it, the browser storage it uses and how to get a copy or delete it.',
  },
  {
    path: '/build-your-resume',
    title: 'Build Your Resume',
    description:
      'Build your resume as a profile: experience, education, skills and documents, ready to apply with and to be found by employers.',
  },
  {
    path: '/blogs',
    title: 'Blogs',
    description:
      'Practical articles for job seekers and employers: resumes, interviews, pay transparency, teen jobs, fake job posts and job ads.',
  },
] as const satisfies readonly PublicPage[];

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export const publicPage = (path: PublicPath): PublicPage => PUBLIC_PAGES.find((p) => p.path === path)!;

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
