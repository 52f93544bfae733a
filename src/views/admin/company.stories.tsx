import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentProps } from 'react';
import { Route } from 'wouter';
import type { StateValue } from 'xstate';
import type { CompanyPageContext } from '../../machines/admin/company.machine.ts';
import { demoCompanyDetail, northwind, quickCash, riverBakery, storyCompanyLogic, summitHvac } from './admin-stories-support.ts';
import CompanyPage from './company.view.tsx';

/** The page under its route, as the app shows it. */
function CompanyRoute(props: ComponentProps<typeof CompanyPage>) {
  return (
    <Route path="/back-office/company/:id">
      <CompanyPage {...props} />
    </Route>
  );
}

const logic = storyCompanyLogic();
const at = (value: StateValue, c: Partial<CompanyPageContext> = {}) =>
  logic.resolveState({ value, context: { companyId: northwind.id, detail: demoCompanyDetail(northwind), error: null, ...c } });

const meta = {
  title: 'Back office/Company',
  component: CompanyRoute,
  args: { logic },
  parameters: { layout: 'fullscreen', route: `/back-office/company/${northwind.id}`, docs: { story: { height: '900px' } } },
} satisfies Meta<typeof CompanyRoute>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the company, then its actions open the confirm-with-reason dialog. */
export const FromTheStart: Story = {};
/** loading. */
export const Loading: Story = { args: { snapshot: at('loading', { detail: null }) } };
/** ready.viewing: the details tab. */
export const Details: Story = { args: { snapshot: at({ ready: 'viewing' }) } };
export const DetailsDark: Story = { ...Details, globals: dark };
export const Staff: Story = { args: { snapshot: at({ ready: 'viewing' }), defaultTab: 1 } };
export const Jobs: Story = { args: { snapshot: at({ ready: 'viewing' }), defaultTab: 2 } };
export const Reports: Story = { args: { snapshot: at({ ready: 'viewing' }), defaultTab: 3 } };
export const Boosts: Story = { args: { snapshot: at({ ready: 'viewing' }), defaultTab: 4 } };
export const Audit: Story = { args: { snapshot: at({ ready: 'viewing' }), defaultTab: 5 } };
/** A blacklisted company: why and since when; only Whitelist. */
export const Blacklisted: Story = {
  args: {
    logic: storyCompanyLogic(quickCash),
    snapshot: at({ ready: 'viewing' }, { companyId: quickCash.id, detail: demoCompanyDetail(quickCash) }),
  },
  parameters: { route: `/back-office/company/${quickCash.id}` },
};
/** A deactivated company: why and since when; Activate. */
export const Deactivated: Story = {
  args: {
    logic: storyCompanyLogic(riverBakery),
    snapshot: at({ ready: 'viewing' }, { companyId: riverBakery.id, detail: demoCompanyDetail(riverBakery) }),
  },
  parameters: { route: `/back-office/company/${riverBakery.id}` },
};
/** A company still awaiting its business verification. */
export const AwaitingVerification: Story = {
  args: {
    logic: storyCompanyLogic(summitHvac),
    snapshot: at({ ready: 'viewing' }, { companyId: summitHvac.id, detail: demoCompanyDetail(summitHvac) }),
  },
  parameters: { route: `/back-office/company/${summitHvac.id}` },
};
/** ready.refreshing: read again after an action, the last answer dimmed. */
export const Refreshing: Story = { args: { snapshot: at({ ready: 'refreshing' }) } };
/** ready.viewing after reading it again failed. */
export const RefreshFailed: Story = {
  args: { snapshot: at({ ready: 'viewing' }, { error: 'Network Error!, Please check your connection.' }) },
};
/** notFound: an id no company has. */
export const NotFound: Story = { args: { snapshot: at('notFound', { detail: null }) } };
/** failed: why, and Try again. */
export const Failed: Story = { args: { snapshot: at('failed', { detail: null, error: 'Something went wrong. Please try again.' }) } };
