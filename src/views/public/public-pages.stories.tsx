import type { Meta, StoryObj } from '@storybook/react-vite';
import { Suspense } from 'react';
import { Route } from 'wouter';
import { withAccountProviders } from '../account/stories-support.tsx';
import AboutUsPage from './about-us.view.tsx';
import BlogListPage from './blog-list.view.tsx';
import BlogPostPage from './blog-post.view.tsx';
import BuildYourResumePage from './build-your-resume.view.tsx';
import EmployersPage from './employers.view.tsx';
import FaqsPage from './faqs.view.tsx';
import HiringMinorsPage from './hiring-minors.view.tsx';
import JobSeekersPage from './jobseekers.view.tsx';
import PrivacyPage from './privacy.view.tsx';
import TermsPage from './terms.view.tsx';

/** The public site's pages: static content, so one story per page (and its dark twin). */
const meta = {
  title: 'Public/Pages',
  decorators: [withAccountProviders],
  parameters: { layout: 'fullscreen', docs: { story: { height: '640px' } } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;
const page = (Page: () => React.ReactNode, route: string): Story => ({ parameters: { route }, render: () => <Page /> });

export const JobSeekers = page(JobSeekersPage, '/jobseekers');
export const JobSeekersDark: Story = { ...JobSeekers, globals: dark };

export const Employers = page(EmployersPage, '/employers');
export const EmployersDark: Story = { ...Employers, globals: dark };

export const HiringMinors = page(HiringMinorsPage, '/hiringMinors');
export const HiringMinorsDark: Story = { ...HiringMinors, globals: dark };

export const AboutUs = page(AboutUsPage, '/about-us');
export const AboutUsDark: Story = { ...AboutUs, globals: dark };

/** Questions as disclosures: choose one to read its answer. */
export const Faqs = page(FaqsPage, '/faqs');
export const FaqsDark: Story = { ...Faqs, globals: dark };

export const TermsOfService = page(TermsPage, '/terms-of-service');
export const TermsOfServiceDark: Story = { ...TermsOfService, globals: dark };

export const PrivacyPolicy = page(PrivacyPage, '/privacy-policy');
export const PrivacyPolicyDark: Story = { ...PrivacyPolicy, globals: dark };

/** What a visitor sees (a signed-in job seeker goes straight to the profile builder). */
export const BuildYourResume = page(BuildYourResumePage, '/build-your-resume');
export const BuildYourResumeDark: Story = { ...BuildYourResume, globals: dark };

/** Every post, newest first, with the topics to filter by. */
export const Blog = page(BlogListPage, '/blogs');
export const BlogDark: Story = { ...Blog, globals: dark };

/** The list filtered by a tag. */
export const BlogTagged = page(BlogListPage, '/blogs?tag=employers');

/** A post: its body loads from its own chunk while the page waits. */
export const BlogPost: Story = {
  parameters: { route: '/blogs/your-first-resume' },
  render: () => (
    <Suspense fallback={<p className="p-2">Loading…</p>}>
      <Route path="/blogs/:slug">
        <BlogPostPage />
      </Route>
    </Suspense>
  ),
};
export const BlogPostDark: Story = { ...BlogPost, globals: dark };
