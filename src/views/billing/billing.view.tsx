import type { SnapshotFrom } from 'xstate';
import type { invoicesMachine } from '../../machines/billing/invoices.machine.ts';
import type { paymentMethodsMachine } from '../../machines/billing/payment-methods.machine.ts';
import type { subscriptionsMachine } from '../../machines/billing/subscriptions.machine.ts';
import { BoostsSection } from './boosts.view.tsx';
import { InvoicesSection } from './invoices.view.tsx';
import { PaymentMethodsSection } from './payment-methods.view.tsx';

export interface BillingPageProps {
  /** Each section's machine with its calls provided, and a state to start in (stories and tests). */
  cardsLogic?: typeof paymentMethodsMachine;
  cardsSnapshot?: SnapshotFrom<typeof paymentMethodsMachine>;
  boostsLogic?: typeof subscriptionsMachine;
  boostsSnapshot?: SnapshotFrom<typeof subscriptionsMachine>;
  invoicesLogic?: typeof invoicesMachine;
  invoicesSnapshot?: SnapshotFrom<typeof invoicesMachine>;
}

/**
 * /user/billing, the employer's billing (spec 2 §1 "pay to boost job posts through subscriptions",
 * §3, §7 Subscriptions): the company's cards, its boosts with what they cost and brought, and its
 * invoices.
 */
export default function BillingPage(props: BillingPageProps) {
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-3 px-2 py-4" aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className="text-3xl font-bold">
          Billing
        </h1>
        <p className="text-muted">Your cards, the boosts you pay for, and your invoices.</p>
      </div>
      <PaymentMethodsSection
        {...(props.cardsLogic ? { logic: props.cardsLogic } : {})}
        {...(props.cardsSnapshot ? { snapshot: props.cardsSnapshot } : {})}
      />
      <BoostsSection
        {...(props.boostsLogic ? { logic: props.boostsLogic } : {})}
        {...(props.boostsSnapshot ? { snapshot: props.boostsSnapshot } : {})}
      />
      <InvoicesSection
        {...(props.invoicesLogic ? { logic: props.invoicesLogic } : {})}
        {...(props.invoicesSnapshot ? { snapshot: props.invoicesSnapshot } : {})}
      />
    </section>
  );
}
