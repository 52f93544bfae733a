import type { Meta, StoryObj } from '@storybook/react-vite';
import { BillingMessages } from '../../contract/billing.ts';
import type { InvoicesContext } from '../../machines/billing/invoices.machine.ts';
import type { PaymentMethodsContext } from '../../machines/billing/payment-methods.machine.ts';
import type { SubscriptionsContext } from '../../machines/billing/subscriptions.machine.ts';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withEmployer } from '../staff/stories-support.tsx';
import BillingPage from './billing.view.tsx';
import {
  activeBoost,
  demoBoosts,
  demoCards,
  demoDetail,
  demoInvoices,
  demoTiers,
  mastercard,
  paymentInfoWith,
  storyBoostsLogic,
  storyCardsLogic,
  storyInvoicesLogic,
  visa,
  weeklyBoost,
} from './billing-stories-support.ts';

const cardsLogic = storyCardsLogic();
const busyCards = storyCardsLogic({ busy: true });
const boostsLogic = storyBoostsLogic();
const busyBoosts = storyBoostsLogic({ busy: true });

const cards = (value: string | Record<string, string>, c: Partial<PaymentMethodsContext> = {}, logic = cardsLogic) =>
  logic.resolveState({
    value: value as never,
    context: { info: paymentInfoWith(), methods: demoCards, loadError: null, target: null, ...c },
  });

const boostsContext = (c: Partial<SubscriptionsContext> = {}): SubscriptionsContext => ({
  query: { status: 'all', pageNumber: 1 },
  items: demoBoosts,
  total: demoBoosts.length,
  loadError: null,
  target: null,
  reason: null,
  details: '',
  formError: null,
  tiers: [],
  tierId: null,
  lengthDays: null,
  detailOf: null,
  detail: null,
  ...c,
});
const boosts = (
  value: { list?: string; action?: string | Record<string, string>; detail?: string },
  c: Partial<SubscriptionsContext> = {},
  logic = boostsLogic,
) =>
  logic.resolveState({
    value: { list: value.list ?? 'ready', action: value.action ?? 'idle', detail: value.detail ?? 'closed' } as never,
    context: boostsContext(c),
  });

const invoices = (value: string, c: Partial<InvoicesContext> = {}) =>
  storyInvoicesLogic.resolveState({
    value: value as never,
    context: { pageNumber: 1, items: demoInvoices, total: demoInvoices.length, loadError: null, ...c },
  });

const meta = {
  title: 'Billing/Billing page',
  component: BillingPage,
  decorators: [withEmployer, withToaster],
  args: { cardsLogic, boostsLogic, invoicesLogic: storyInvoicesLogic },
  parameters: { layout: 'fullscreen', route: '/user/billing', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof BillingPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;

/** From the start: each section loads; set a default card, remove one, add one with the test form, cancel or change a boost. */
export const FromTheStart: Story = {};

/** Every section read. */
export const Ready: Story = {
  args: { cardsSnapshot: cards({ ready: 'idle' }), boostsSnapshot: boosts({}), invoicesSnapshot: invoices('ready') },
};
export const ReadyDark: Story = { ...Ready, globals: dark };
export const Phone: Story = { ...Ready, globals: phone };

// ---------- cards ----------

/** Cards: loading. */
export const CardsLoading: Story = { args: { ...Ready.args, cardsSnapshot: cards('loading', { methods: [] }) } };
/** Cards: failed, "Failed to load payment information". */
export const CardsFailed: Story = {
  args: { ...Ready.args, cardsSnapshot: cards('failed', { methods: [], loadError: BillingMessages.loadPaymentInfo }) },
};
/** Cards: nothing usable came back, "No payment info returned from API". */
export const CardsNoPaymentInfo: Story = {
  args: { ...Ready.args, cardsSnapshot: cards('failed', { methods: [], loadError: BillingMessages.noPaymentInfo }) },
};
/** No card yet. */
export const NoCards: Story = {
  args: { ...Ready.args, cardsSnapshot: cards({ ready: 'idle' }, { info: paymentInfoWith([]), methods: [] }) },
};
/** Making the Mastercard the default. */
export const SettingDefault: Story = {
  args: { ...Ready.args, cardsLogic: busyCards, cardsSnapshot: cards({ ready: 'settingDefault' }, { target: mastercard }, busyCards) },
};
/** Asking before a card is removed. */
export const ConfirmingRemove: Story = { args: { ...Ready.args, cardsSnapshot: cards({ ready: 'confirmingRemove' }, { target: visa }) } };
export const ConfirmingRemoveDark: Story = { ...ConfirmingRemove, globals: dark };
/** Removing the Mastercard. */
export const Removing: Story = {
  args: { ...Ready.args, cardsLogic: busyCards, cardsSnapshot: cards({ ready: 'removing' }, { target: mastercard }, busyCards) },
};

// ---------- boosts ----------

export const BoostsLoading: Story = { args: { ...Ready.args, boostsSnapshot: boosts({ list: 'loading' }, { items: [], total: 0 }) } };
/** Boosts: failed, "Failed to load subscriptions". */
export const BoostsFailed: Story = {
  args: {
    ...Ready.args,
    boostsSnapshot: boosts({ list: 'failed' }, { items: [], total: 0, loadError: BillingMessages.loadSubscriptions }),
  },
};
export const NoBoosts: Story = { args: { ...Ready.args, boostsSnapshot: boosts({}, { items: [], total: 0 }) } };
/** Cancelling a boost: why, and words of one's own. */
export const Cancelling: Story = {
  args: {
    ...Ready.args,
    boostsSnapshot: boosts({ action: { cancelling: 'editing' } }, { target: activeBoost, reason: 'too_expensive', details: 'Over budget' }),
  },
};
export const CancellingDark: Story = { ...Cancelling, globals: dark };
/** Cancelling without a reason. */
export const CancelNoReason: Story = {
  args: {
    ...Ready.args,
    boostsSnapshot: boosts({ action: { cancelling: 'editing' } }, { target: activeBoost, formError: BillingMessages.reason }),
  },
};
/** The cancel failed: "Failed to cancel subscription". */
export const CancelFailed: Story = {
  args: {
    ...Ready.args,
    boostsSnapshot: boosts(
      { action: { cancelling: 'editing' } },
      { target: activeBoost, reason: 'position_filled', formError: BillingMessages.cancelSubscription },
    ),
  },
};
/** Sending the cancel. */
export const CancelSending: Story = {
  args: {
    ...Ready.args,
    boostsLogic: busyBoosts,
    boostsSnapshot: boosts({ action: { cancelling: 'sending' } }, { target: activeBoost, reason: 'position_filled' }, busyBoosts),
  },
};
/** Changing a boost: the tiers on their way. */
export const ChangeLoadingTiers: Story = {
  args: { ...Ready.args, boostsSnapshot: boosts({ action: { changing: 'loadingTiers' } }, { target: weeklyBoost }) },
};
/** The tiers could not be read: "Failed to load boost tiers". */
export const ChangeTiersFailed: Story = {
  args: {
    ...Ready.args,
    boostsSnapshot: boosts({ action: { changing: 'tiersFailed' } }, { target: weeklyBoost, formError: BillingMessages.loadTiers }),
  },
};
/** Choosing another tier or length from the next period. */
export const Changing: Story = {
  args: {
    ...Ready.args,
    boostsSnapshot: boosts(
      { action: { changing: 'editing' } },
      { target: weeklyBoost, tiers: demoTiers, tierId: 'premium', lengthDays: 14 },
    ),
  },
};
export const ChangingDark: Story = { ...Changing, globals: dark };
/** A boost's detail panel: budget, what it brought, its periods. */
export const Detail: Story = {
  args: { ...Ready.args, boostsSnapshot: boosts({ detail: 'shown' }, { detailOf: activeBoost, detail: demoDetail }) },
};
export const DetailDark: Story = { ...Detail, globals: dark };
export const DetailLoading: Story = { args: { ...Ready.args, boostsSnapshot: boosts({ detail: 'loading' }, { detailOf: activeBoost }) } };
export const DetailFailed: Story = { args: { ...Ready.args, boostsSnapshot: boosts({ detail: 'failed' }, { detailOf: activeBoost }) } };

// ---------- invoices ----------

export const InvoicesLoading: Story = { args: { ...Ready.args, invoicesSnapshot: invoices('loading', { items: [], total: 0 }) } };
export const InvoicesFailed: Story = {
  args: { ...Ready.args, invoicesSnapshot: invoices('failed', { items: [], total: 0, loadError: 'Something went wrong!!!' }) },
};
export const NoInvoices: Story = { args: { ...Ready.args, invoicesSnapshot: invoices('ready', { items: [], total: 0 }) } };
