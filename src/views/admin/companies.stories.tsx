import type { Meta, StoryObj } from '@storybook/react-vite';
import { DEFAULT_COMPANY_QUERY, type CompaniesContext } from '../../machines/admin/companies.machine.ts';
import { answerCompanies, storyCompaniesLogic } from './admin-stories-support.ts';
import CompaniesPage from './companies.view.tsx';

const logic = storyCompaniesLogic();
const firstPage = answerCompanies({ sort: 'newest', pageNumber: 1 });
const at = (list: string, c: Partial<CompaniesContext> = {}, typing = 'idle') =>
  logic.resolveState({
    value: { typing, list },
    context: {
      query: DEFAULT_COMPANY_QUERY,
      typedSearch: '',
      typedTin: '',
      companies: firstPage.companies,
      totalCount: firstPage.totalCount,
      error: null,
      ...c,
    },
  });

const meta = {
  title: 'Back office/Companies',
  component: CompaniesPage,
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/back-office/company', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof CompaniesPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: every company, newest first; search, filter, sort and page it. */
export const FromTheStart: Story = {};
/** list.loading, the first time. */
export const Loading: Story = { args: { snapshot: at('loading', { companies: [], totalCount: 0 }) } };
/** list.ready: a page of companies, each leading to its page. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** list.ready, filtered to blacklisted companies (the address ?status=blacklisted). */
export const Blacklisted: Story = {
  args: {
    snapshot: at('ready', {
      query: { ...DEFAULT_COMPANY_QUERY, status: 'blacklisted' },
      ...(() => {
        const page = answerCompanies({ status: 'blacklisted', sort: 'newest', pageNumber: 1 });
        return { companies: page.companies, totalCount: page.totalCount };
      })(),
    }),
  },
  parameters: { route: '/back-office/company?status=blacklisted' },
};
/** typing.waiting: a search typed, sent after the pause. */
export const Typing: Story = { args: { snapshot: at('ready', { typedSearch: 'north' }, 'waiting') } };
/** typing.idle with a TIN that is not four digits: the field says so. */
export const TinNotFourDigits: Story = { args: { snapshot: at('ready', { typedTin: '12' }) } };
/** list.ready with nothing matching. */
export const NoneMatch: Story = {
  args: { snapshot: at('ready', { query: { ...DEFAULT_COMPANY_QUERY, search: 'zzz' }, typedSearch: 'zzz', companies: [], totalCount: 0 }) },
};
/** list.failed: why, and Try again. */
export const Failed: Story = {
  args: { snapshot: at('failed', { companies: [], totalCount: 0, error: 'Network Error!, Please check your connection.' }) },
};
