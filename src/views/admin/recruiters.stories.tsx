import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentProps } from 'react';
import { Route } from 'wouter';
import type { RecruiterPageContext } from '../../machines/admin/recruiter.machine.ts';
import type { RecruitersContext } from '../../machines/admin/recruiters.machine.ts';
import {
  answerRecruiters,
  demoRecruiterDetail,
  demoRecruiters,
  storyRecruiterLogic,
  storyRecruitersLogic,
} from './admin-stories-support.ts';
import RecruiterPage from './recruiter.view.tsx';
import RecruitersPage from './recruiters.view.tsx';

const logic = storyRecruitersLogic();
const found = answerRecruiters({ companyName: 'northwind', pageNumber: 1 });
const at = (list: string, c: Partial<RecruitersContext> = {}) =>
  logic.resolveState({
    value: { typing: 'idle', list },
    context: {
      query: { companyName: 'northwind', pageNumber: 1 },
      typed: 'northwind',
      recruiters: found.recruiters,
      totalCount: found.totalCount,
      error: null,
      ...c,
    },
  });

/** The recruiter page under its route, as the app shows it; the list beside it. */
function Recruiters(props: ComponentProps<typeof RecruitersPage> & { detail?: ComponentProps<typeof RecruiterPage> }) {
  const { detail, ...list } = props;
  return detail ? (
    <Route path="/back-office/recruiters/:id">
      <RecruiterPage {...detail} />
    </Route>
  ) : (
    <RecruitersPage {...list} />
  );
}

const meta = {
  title: 'Back office/Recruiters',
  component: Recruiters,
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/back-office/recruiters', docs: { story: { height: '800px' } } },
} satisfies Meta<typeof Recruiters>;

export default meta;
type Story = StoryObj<typeof meta>;

/** list.idle: nothing asked yet. */
export const FromTheStart: Story = {};
/** list.loading. */
export const Loading: Story = { args: { snapshot: at('loading', { recruiters: [], totalCount: 0 }) } };
/** list.ready: the recruiters of the companies whose name matches. */
export const Found: Story = { args: { snapshot: at('ready') } };
export const FoundDark: Story = { ...Found, globals: { theme: 'dark' } };
/** list.ready with none. */
export const NoneMatch: Story = {
  args: { snapshot: at('ready', { query: { companyName: 'zzz', pageNumber: 1 }, typed: 'zzz', recruiters: [], totalCount: 0 }) },
};
/** list.failed. */
export const Failed: Story = {
  args: { snapshot: at('failed', { recruiters: [], totalCount: 0, error: 'Network Error!, Please check your connection.' }) },
};

const casey = demoRecruiters[0]!;
const recruiterLogic = storyRecruiterLogic();
const recruiterAt = (value: string, c: Partial<RecruiterPageContext> = {}) =>
  recruiterLogic.resolveState({ value, context: { recruiterId: casey.id, detail: demoRecruiterDetail(), error: null, ...c } });
const onPage = { route: `/back-office/recruiters/${casey.id}` };

/** A recruiter's page: the person, their company, who invited them and their jobs. */
export const Recruiter: Story = { args: { detail: { logic: recruiterLogic, snapshot: recruiterAt('ready') } }, parameters: onPage };
export const RecruiterLoading: Story = {
  args: { detail: { logic: recruiterLogic, snapshot: recruiterAt('loading', { detail: null }) } },
  parameters: onPage,
};
export const RecruiterNotFound: Story = {
  args: { detail: { logic: recruiterLogic, snapshot: recruiterAt('notFound', { detail: null }) } },
  parameters: onPage,
};
export const RecruiterFailed: Story = {
  args: {
    detail: { logic: recruiterLogic, snapshot: recruiterAt('failed', { detail: null, error: 'Something went wrong. Please try again.' }) },
  },
  parameters: onPage,
};
