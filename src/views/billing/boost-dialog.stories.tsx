import type { Meta, StoryObj } from '@storybook/react-vite';
import { BillingMessages } from '../../contract/billing.ts';
import type { BoostContext } from '../../machines/billing/boost.machine.ts';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withEmployer } from '../staff/stories-support.tsx';
import {
  activeBoost,
  awaitingBankResult,
  demoBoostJob,
  demoCards,
  demoTiers,
  paymentInfoWith,
  storyBoostLogic,
  visa,
} from './billing-stories-support.ts';
import BoostDialog from './boost-dialog.tsx';

const logic = storyBoostLogic();
const bankLogic = storyBoostLogic({ bank: true });
const holding = storyBoostLogic({ hold: true });

const context = (c: Partial<BoostContext> = {}): BoostContext => ({
  job: demoBoostJob,
  fromDraft: false,
  plan: null,
  tiers: demoTiers,
  info: paymentInfoWith(),
  methods: demoCards,
  tierId: 'premium',
  lengthDays: 30,
  methodId: visa.id,
  idempotencyKey: 'story-key',
  subscription: null,
  clientSecret: null,
  loadError: null,
  failure: null,
  methodNote: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<BoostContext> = {}, l = logic) =>
  l.resolveState({ value: value as never, context: context(c) });
const waiting = { subscription: awaitingBankResult().subscription, clientSecret: 'pi_demo_secret' };

const meta = {
  title: 'Billing/Boost dialog',
  component: BoostDialog,
  decorators: [withEmployer, withToaster],
  args: { job: demoBoostJob, logic, onClose: () => {} },
  parameters: { layout: 'fullscreen', route: '/user/jobs', docs: { story: { height: '720px' } } },
} satisfies Meta<typeof BoostDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;

/** From the start: tier, length, card, confirm, paid. */
export const FromTheStart: Story = {};
/** From the start, where the bank asks to confirm the payment (the test processor's stand-in). */
export const FromTheStartWithBank: Story = { args: { logic: bankLogic } };
/** From the start with no card: one is added with the test card form on the way. */
export const FromTheStartWithoutCard: Story = { args: { logic: storyBoostLogic({ methods: [] }) } };
/** From the start with Stripe (a stand-in for Stripe.js): Stripe's card field, Stripe's bank page. */
export const FromTheStartWithStripe: Story = { args: { logic: storyBoostLogic({ provider: 'stripe', bank: true }) } };
/** From the draft's plan: it opens on the card. */
export const FromTheDraft: Story = { args: { plan: { tierId: 'standard', lengthDays: 14 }, fromDraft: true } };

/** loading: the tiers and cards on their way. */
export const Loading: Story = { args: { snapshot: at('loading', { tiers: [], methods: [], tierId: null, lengthDays: null }) } };
/** loadFailed: "Failed to load boost tiers". */
export const LoadFailed: Story = {
  args: { snapshot: at('loadFailed', { tiers: [], methods: [], tierId: null, lengthDays: null, loadError: BillingMessages.loadTiers }) },
};
/** loadFailed: "Failed to load payment information". */
export const PaymentInfoFailed: Story = {
  args: {
    snapshot: at('loadFailed', { tiers: [], methods: [], tierId: null, lengthDays: null, loadError: BillingMessages.loadPaymentInfo }),
  },
};
/** tier: Standard or Premium. */
export const Tier: Story = { args: { snapshot: at('tier', { tierId: null, lengthDays: null }) } };
export const TierDark: Story = { ...Tier, globals: dark };
export const TierPhone: Story = { ...Tier, globals: phone };
/** length: 7, 14 or 30 days at the server's prices. */
export const Length: Story = { args: { snapshot: at('length', { lengthDays: null }) } };
/** method: the default card chosen. */
export const Card: Story = { args: { snapshot: at({ method: 'choosing' }) } };
/** method with no card yet, after Review. */
export const NoCard: Story = {
  args: { snapshot: at({ method: 'choosing' }, { methods: [], methodId: null, methodNote: BillingMessages.noPaymentMethod }) },
};
/** confirm: the price, the discount, what the job gets, the card. */
export const Confirm: Story = { args: { snapshot: at('confirm') } };
export const ConfirmDark: Story = { ...Confirm, globals: dark };
export const ConfirmPhone: Story = { ...Confirm, globals: phone };
/** processing: paying. */
export const Processing: Story = { args: { logic: holding, snapshot: at('processing', {}, holding) } };
/** failed: not for the card: "Failed to create subscription", the server's reason, Try again. */
export const Failed: Story = {
  args: { snapshot: at('failed', { failure: { message: BillingMessages.createSubscription, detail: BillingMessages.jobNotOpen } }) },
};
/** declined: the card was declined. */
export const Declined: Story = { args: { snapshot: at('declined', { failure: { message: BillingMessages.declined, detail: null } }) } };
export const DeclinedDark: Story = { ...Declined, globals: dark };
/** declined: insufficient funds. */
export const InsufficientFunds: Story = {
  args: { snapshot: at('declined', { failure: { message: BillingMessages.insufficientFunds, detail: null } }) },
};
/** declined: the card has expired. */
export const ExpiredCard: Story = {
  args: { snapshot: at('declined', { failure: { message: BillingMessages.expiredCard, detail: null } }) },
};
/** declined: the bank did not confirm the payment. */
export const AuthenticationFailed: Story = {
  args: { snapshot: at('declined', { failure: { message: BillingMessages.authenticationFailed, detail: null } }) },
};
/** authenticating: the test processor's stand-in for the bank's page. */
export const BankChallenge: Story = { args: { logic: bankLogic, snapshot: at({ authenticating: 'challenge' }, waiting, bankLogic) } };
export const BankChallengeDark: Story = { ...BankChallenge, globals: dark };
/** authenticating: the server is asked where the payment stands. */
export const Authenticating: Story = { args: { logic: holding, snapshot: at({ authenticating: 'finishing' }, waiting, holding) } };
/** boosted. */
export const Boosted: Story = { args: { snapshot: at('boosted', { subscription: activeBoost }) } };
export const BoostedDark: Story = { ...Boosted, globals: dark };
