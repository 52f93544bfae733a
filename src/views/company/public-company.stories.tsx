import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { PublicCompany } from '../../contract/company.ts';
import { publicCompanyMachine } from '../../machines/company/public-company.machine.ts';
import { after } from '../account/stories-support.tsx';
import { PublicCompanyView } from './public-company.view.tsx';
import { samplePublicCompany, withVisitor } from './stories-support.tsx';

const logic = publicCompanyMachine.provide({ actors: { load: fromPromise(() => after(600, samplePublicCompany)) } });
const at = (value: string, company: PublicCompany | null = samplePublicCompany) =>
  logic.resolveState({ value, context: { id: samplePublicCompany.id, company } });

const meta = {
  title: 'Company/Public company page',
  component: PublicCompanyView,
  decorators: [withVisitor],
  args: { id: samplePublicCompany.id, logic },
  parameters: { layout: 'fullscreen', route: `/companies/${samplePublicCompany.id}`, docs: { story: { height: '900px' } } },
} satisfies Meta<typeof PublicCompanyView>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: loading, then the page. */
export const FromTheStart: Story = {};
/** loading. */
export const Loading: Story = { args: { snapshot: at('loading', null) } };
/** loaded: logo, Verified business badge, place, website, pictures, about, no jobs yet. */
export const Loaded: Story = { args: { snapshot: at('loaded') } };
export const LoadedDark: Story = { ...Loaded, globals: dark };
/** loaded, a company that has filled in nothing yet. */
export const Bare: Story = {
  args: {
    snapshot: at('loaded', {
      ...samplePublicCompany,
      logoUrl: null,
      featuredImages: [],
      about: null,
      website: null,
      industry: null,
      city: null,
      state: null,
    }),
  },
};
/** notFound: unknown, blacklisted or inactive. */
export const NotFound: Story = { args: { snapshot: at('notFound', null) } };
export const NotFoundDark: Story = { ...NotFound, globals: dark };
/** failed: Try again reads it again. */
export const Failed: Story = { args: { snapshot: at('failed', null) } };
