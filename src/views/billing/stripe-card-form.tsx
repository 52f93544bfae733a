import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useId } from 'react';
import { ProcessorError, reasonOfStripeError, type CardConfirmer } from '../../machines/billing/processor.ts';

/*
 * Stripe's card field (Elements, CardElement) and what confirms a card setup with it. In its own
 * chunk with @stripe/react-stripe-js, loaded only when the company pays through Stripe; the Stripe
 * object comes from the card form machine (Stripe.js, or a stand-in in stories and tests).
 */

function CardField({ onConfirmer }: { onConfirmer: (c: CardConfirmer | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();

  useEffect(() => {
    if (!stripe || !elements) return;
    onConfirmer({
      async confirmSetup(clientSecret) {
        const card = elements.getElement(CardElement);
        if (!card) throw new ProcessorError('other');
        const answer = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (answer.error) throw new ProcessorError(reasonOfStripeError(answer.error));
        const method = answer.setupIntent.payment_method;
        if (!method) throw new ProcessorError('other');
        return typeof method === 'string' ? method : method.id;
      },
    });
    return () => onConfirmer(null);
  }, [stripe, elements, onConfirmer]);

  return (
    <div className="flex flex-col gap-0.5">
      <span id={labelId} className="text-sm font-medium">
        Card details
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className="rounded border border-line bg-surface px-1.5 py-1.5 focus-within:outline focus-within:outline-3 focus-within:outline-offset-1 focus-within:outline-brand-500"
      >
        <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
      </div>
      <p className="text-xs text-muted">
        Your card details go straight to Stripe; we keep only the brand, the last 4 digits and the expiry.
      </p>
    </div>
  );
}

export default function StripeCardFields({ stripe, onConfirmer }: { stripe: Stripe; onConfirmer: (c: CardConfirmer | null) => void }) {
  return (
    <Elements stripe={stripe}>
      <CardField onConfirmer={onConfirmer} />
    </Elements>
  );
}
