import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useId, useRef, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { TEST_CARD_NAMES, TEST_CARDS, type TestCard } from '../../contract/billing.ts';
import { cardFormMachine, selectCardErrors, selectCardStage } from '../../machines/billing/card-form.machine.ts';
import type { CardConfirmer, CardField } from '../../machines/billing/processor.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox, TextField } from '../ui/field.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { useNotify } from './billing-parts.tsx';

export type CardFormActor = ActorRefFrom<typeof cardFormMachine>;

/** Stripe's card form, with Stripe's React library: loaded only when the company pays through Stripe. */
const StripeCardFields = lazy(() => import('./stripe-card-form.tsx'));

/** The test processor's cards, by what they do (every one of the contract's TEST_CARDS). */
const TEST_CARD_LIST = (Object.keys(TEST_CARDS) as TestCard[]).map((card) => [TEST_CARDS[card], TEST_CARD_NAMES[card]] as const);

const groups = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The built-in test processor's form: plainly marked as test mode, with its card numbers. */
function TestCardFields({ actor, disabled }: { actor: CardFormActor; disabled: boolean }) {
  const fields = useSelector(actor, (s) => s.context.fields);
  const errors = useSelector(actor, selectCardErrors, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const headingId = useId();
  const bind = (field: CardField) => ({
    value: fields[field],
    error: errors[field],
    disabled,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => actor.send({ type: 'card.field', field, value: e.target.value }),
    onBlur: () => actor.send({ type: 'card.blur', field }),
  });
  return (
    <div className="flex flex-col gap-1.5">
      <section
        aria-labelledby={headingId}
        className="rounded border border-amber-600/50 bg-amber-50 p-1.5 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      >
        <h4 id={headingId} className="font-semibold">
          Test mode
        </h4>
        <p>No real card is charged. Use one of these numbers, any future expiry and any 3 digits:</p>
        <ul aria-label="Test card numbers" className="mt-0.5 grid gap-x-2 sm:grid-cols-2">
          {TEST_CARD_LIST.map(([number, what]) => (
            <li key={number}>
              <span className="font-mono">{groups(number)}</span> <span className="opacity-80">{what}</span>
            </li>
          ))}
        </ul>
      </section>
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" maxLength={23} {...bind('number')} />
      <div className="grid grid-cols-2 gap-1.5">
        <TextField label="Expiry (MM/YY)" placeholder="MM/YY" autoComplete="cc-exp" maxLength={7} {...bind('expiry')} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...bind('cvc')} />
      </div>
    </div>
  );
}

/**
 * Adding a card: the processor's own form (Stripe's card field, or the test processor's form in
 * test mode), whether it becomes the default, and Add card. Rendered from the card form machine
 * its parent runs (the cards on the billing page, the boost dialog).
 */
export function CardForm({
  actor,
  onCancel,
  submitLabel = 'Add card',
}: {
  actor: CardFormActor;
  onCancel: () => void;
  submitLabel?: string;
}) {
  useNotify(actor);
  const stage = useSelector(actor, selectCardStage);
  const provider = useSelector(actor, (s) => s.context.provider);
  const stripe = useSelector(actor, (s) => s.context.stripe);
  const firstCard = useSelector(actor, (s) => s.context.firstCard);
  const setAsDefault = useSelector(actor, (s) => s.context.setAsDefault);
  const error = useSelector(actor, (s) => s.context.error);
  const confirmer = useRef<CardConfirmer | null>(null);
  const keepConfirmer = useCallback((c: CardConfirmer | null) => {
    confirmer.current = c;
  }, []);
  const busy = stage === 'busy';

  if (stage === 'preparing') return <Loading label="Getting the card form ready…" />;
  if (stage === 'failed')
    return (
      <div className="flex flex-col gap-1">
        <LoadFailed message={error ?? ''} onRetry={() => actor.send({ type: 'card.retry' })} />
        <Button variant="ghost" className="self-start" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send(confirmer.current ? { type: 'card.submit', confirmer: confirmer.current } : { type: 'card.submit' });
  };

  return (
    <form noValidate aria-label="Add a card" onSubmit={submit} className="flex flex-col gap-1.5">
      {provider === 'stripe' && stripe ? (
        <Suspense fallback={<Loading label="Loading Stripe’s card form…" />}>
          <StripeCardFields stripe={stripe} onConfirmer={keepConfirmer} />
        </Suspense>
      ) : (
        <TestCardFields actor={actor} disabled={busy} />
      )}
      {firstCard ? (
        <p className="text-sm text-muted">Your first card becomes your default card.</p>
      ) : (
        <Checkbox
          label="Make this my default card"
          checked={setAsDefault}
          disabled={busy}
          onChange={(e) => actor.send({ type: 'card.default', value: e.target.checked })}
        />
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-1">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
