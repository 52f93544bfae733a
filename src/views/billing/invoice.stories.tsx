import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route } from 'wouter';
import type { ComponentProps } from 'react';
import { BillingMessages } from '../../contract/billing.ts';
import type { InvoiceContext } from '../../machines/billing/invoice.machine.ts';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withEmployer } from '../staff/stories-support.tsx';
import { demoInvoice, storyInvoiceLogic } from './billing-stories-support.ts';
import InvoicePage from './invoice.view.tsx';

/** The page under its route, as the app shows it. */
function InvoiceRoute(props: ComponentProps<typeof InvoicePage>) {
  return (
    <Route path="/user/billing/invoices/:id">
      <InvoicePage {...props} />
    </Route>
  );
}

const at = (value: string | Record<string, string>, c: Partial<InvoiceContext> = {}) =>
  storyInvoiceLogic.resolveState({ value: value as never, context: { id: demoInvoice.id, invoice: demoInvoice, loadError: null, ...c } });

const meta = {
  title: 'Billing/Invoice',
  component: InvoiceRoute,
  decorators: [withEmployer, withToaster],
  args: { logic: storyInvoiceLogic },
  parameters: { layout: 'fullscreen', route: `/user/billing/invoices/${demoInvoice.id}`, docs: { story: { height: '760px' } } },
} satisfies Meta<typeof InvoiceRoute>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the invoice loads; Download PDF saves it. */
export const FromTheStart: Story = {};
export const Loading: Story = { args: { snapshot: at('loading', { invoice: null }) } };
/** A paid invoice, as a document. */
export const Paid: Story = { args: { snapshot: at({ ready: 'idle' }) } };
export const PaidDark: Story = { ...Paid, globals: dark };
/** An open invoice whose charge failed. */
export const Open: Story = {
  args: {
    snapshot: at(
      { ready: 'idle' },
      {
        invoice: {
          ...demoInvoice,
          status: 'open',
          paidAt: null,
          failureMessage: BillingMessages.insufficientFunds,
        },
      },
    ),
  },
};
/** The PDF on its way. */
export const Downloading: Story = { args: { snapshot: at({ ready: 'downloading' }) } };
/** The invoice could not be read. */
export const Failed: Story = { args: { snapshot: at('failed', { invoice: null, loadError: BillingMessages.invoiceNotFound }) } };
