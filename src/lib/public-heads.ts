import { PUBLIC_PAGES, type PublicPath } from './public-site.ts';

/** A public page's heading, and its title before " – Job Marketplace". */
export interface PublicPage {
  path: string;
  title: string;
  /** The meta description: one or two sentences, at most about 160 characters. */
  description: string;
}

/** What search engines and link previews show of each public page. */
export const PUBLIC_DESCRIPTIONS: Readonly<Record<PublicPath, string>> = {
  '/jobseekers':
    'Find work near you: search jobs on a map, keep one profile, apply in a few clicks and message employers, safe from fake job posts.',
  '/employers':
    'Post jobs through drafts, manage applicants, message candidates, read your metrics and boost a job, as a verified business.',
  '/hiringMinors':
    'Hiring 16- and 17-year-olds: the federal child labor rules, with their sources at the U.S. Department of Labor, and how we apply them.',
  '/colleges': 'For students and career offices: find a US college and see the part-time jobs and internships near its campus.',
  '/about-us':
    'Who the Job Marketplace is for, what it does and the principles it is built on: local jobs, verified employers, plain rules.',
  '/faqs':
    'Answers to common questions from job seekers and employers: accounts, applying, safety, posting, verification, boosts and billing.',
  '/terms-of-service':
    'The terms for using the Job Marketplace: accounts, job posts, applications, messages, boosts and payments, and what is not allowed.',
  '/privacy-policy':
    'What the Job Marketplace stores and why, how long, who can see it, the browser storage it uses and how to get a copy or delete it.',
  '/build-your-resume':
    'Build your resume as a profile: experience, education, skills and documents, ready to apply with and to be found by employers.',
  '/blogs':
    'Practical articles for job seekers and employers: resumes, interviews, pay transparency, teen jobs, fake job posts and job ads.',
  '/contact':
    'Write to the Job Marketplace team: questions about your account, a job post, business verification or billing. We reply by email.',
};

export const publicPage = (path: PublicPath): PublicPage => ({
  ...PUBLIC_PAGES.find((p) => p.path === path)!,
  description: PUBLIC_DESCRIPTIONS[path],
});
