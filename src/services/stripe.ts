import type { Stripe } from '@stripe/stripe-js';

/*
 * Stripe.js, loaded only when a billing screen needs the processor (Stripe's card form, a bank's
 * confirmation of a payment): `@stripe/stripe-js/pure` adds Stripe's script on the first call and
 * not when this module loads, and this module is itself imported on first use.
 */

const loaded = new Map<string, Promise<Stripe>>();

/** The Stripe object for a publishable key: one per key and page, a failed load forgotten so the next caller tries again. */
export function loadStripeFor(publishableKey: string): Promise<Stripe> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((s) => {
        if (!s) throw new Error('Stripe.js is not available in this browser.');
        return s;
      });
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
