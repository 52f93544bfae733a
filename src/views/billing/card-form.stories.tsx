import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { BillingMessages, TEST_CARDS } from '../../contract/billing.ts';
import { cardFormMachine, type CardFormContext, type CardFormInput } from '../../machines/billing/card-form.machine.ts';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withEmployer } from '../staff/stories-support.tsx';
import { demoSetup, storyCardFormLogic, stripeStandIn } from './billing-stories-support.ts';
import { CardForm } from './card-form.tsx';

type Logic = typeof cardFormMachine;

/** The card form as its parents (the cards, the boost dialog) run it. */
function CardFormStory({ logic, snapshot, input }: { logic: Logic; snapshot?: SnapshotFrom<Logic>; input: CardFormInput }) {
  const actor = useActorRef(logic, snapshot ? { snapshot, input } : { input });
  return (
    <div className="max-w-md rounded border border-line bg-surface p-3">
      <CardForm actor={actor} onCancel={() => {}} />
    </div>
  );
}

const testLogic = storyCardFormLogic();
const holding = storyCardFormLogic(null, true);
const stand = stripeStandIn();
const stripeLogic = storyCardFormLogic(stand.stripe);
const testInput: CardFormInput = { provider: 'test', publishableKey: null, firstCard: false };

const context = (c: Partial<CardFormContext> = {}): CardFormContext => ({
  provider: 'test',
  publishableKey: null,
  firstCard: false,
  setup: demoSetup(),
  stripe: null,
  fields: { number: '', expiry: '', cvc: '' },
  touched: {},
  submitted: false,
  serverErrors: {},
  setAsDefault: false,
  providerId: null,
  confirmer: null,
  error: null,
  added: null,
  ...c,
});
const at = (value: string, c: Partial<CardFormContext> = {}, logic: Logic = testLogic) =>
  logic.resolveState({ value: value as never, context: context(c) });
const typed = { number: TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' };

const meta = {
  title: 'Billing/Card form',
  component: CardFormStory,
  decorators: [withEmployer, withToaster],
  args: { logic: testLogic, input: testInput },
  parameters: { layout: 'padded', docs: { story: { height: '560px' } } },
} satisfies Meta<typeof CardFormStory>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start with the test processor: the setup is made, then a test card is typed and saved. */
export const FromTheStart: Story = {};
/** preparing: the setup on its way. */
export const Preparing: Story = { args: { snapshot: at('preparing', { setup: null }) } };
/** failed: the setup could not be made, "Failed to add payment method". */
export const PrepareFailed: Story = { args: { snapshot: at('failed', { setup: null, error: BillingMessages.addMethod }) } };
/** editing: the test processor's form, marked test mode, with its card numbers. */
export const TestForm: Story = { args: { snapshot: at('editing') } };
export const TestFormDark: Story = { ...TestForm, globals: dark };
/** The company's first card: it becomes the default. */
export const FirstCard: Story = { args: { snapshot: at('editing', { firstCard: true, setAsDefault: true }) } };
/** A submit with fields the contract's rules refuse. */
export const TestFormErrors: Story = {
  args: { snapshot: at('editing', { fields: { number: '4242', expiry: '13/2', cvc: '' }, submitted: true }) },
};
/** The processor refused a field (card.invalid). */
export const RefusedField: Story = {
  args: { snapshot: at('editing', { fields: typed, submitted: true, serverErrors: { expiry: BillingMessages.cardExpiry } }) },
};
/** The processor declined the card. */
export const Declined: Story = { args: { snapshot: at('editing', { fields: typed, submitted: true, error: BillingMessages.declined }) } };
/** confirming: the card goes to the processor. */
export const Confirming: Story = { args: { logic: holding, snapshot: at('confirming', { fields: typed, submitted: true }, holding) } };
/** Stripe: Stripe's card field (a stand-in for Stripe.js here). */
export const Stripe: Story = {
  args: {
    logic: stripeLogic,
    input: { provider: 'stripe', publishableKey: 'pk_test_stand_in', firstCard: false },
    snapshot: at(
      'editing',
      { provider: 'stripe', publishableKey: 'pk_test_stand_in', setup: demoSetup('stripe'), stripe: stand.stripe },
      stripeLogic,
    ),
  },
};
export const StripeDark: Story = { ...Stripe, globals: dark };
