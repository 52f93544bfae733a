import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { PaymentMethod } from '../../contract/billing.ts';
import {
  paymentMethodsMachine,
  selectBusyId,
  selectCardForm,
  selectConfirmingRemove,
  selectLoadError,
} from '../../machines/billing/payment-methods.machine.ts';
import { Button } from '../ui/button.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { Modal } from '../ui/modal.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { CardName, cardWords, useNotify } from './billing-parts.tsx';
import { CardForm } from './card-form.tsx';

const ConfirmDialog = lazy(() => import('../ui/confirm-dialog.tsx'));

type Logic = typeof paymentMethodsMachine;

export interface PaymentMethodsProps {
  /** The machine with its calls provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

function CardRow({
  card,
  busy,
  locked,
  onDefault,
  onRemove,
}: {
  card: PaymentMethod;
  busy: boolean;
  locked: boolean;
  onDefault: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <li>
      <article
        aria-labelledby={id}
        className="flex flex-wrap items-center justify-between gap-1 rounded border border-line bg-surface p-1.5"
      >
        <div className="flex flex-col">
          <h3 id={id} className="flex flex-wrap items-center gap-1 font-semibold">
            <CardName brand={card.brand} last4={card.last4} />
            {card.isDefault && (
              <span className="rounded-full border border-brand-600/40 bg-brand-50 px-1 py-0.25 text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                Default
              </span>
            )}
          </h3>
          <p className="text-sm text-muted">Expires {card.expiry}</p>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {busy && <Spinner size={16} />}
          {!card.isDefault && (
            <Button variant="secondary" disabled={locked} onClick={onDefault} aria-label={`Make ${cardWords(card)} the default card`}>
              Set default
            </Button>
          )}
          <Button variant="ghost" disabled={locked} onClick={onRemove} aria-label={`Remove ${cardWords(card)}`}>
            Remove
          </Button>
        </div>
      </article>
    </li>
  );
}

/** The company's cards: each with its expiry and whether it is the default; set default, remove, add a card. */
export function PaymentMethodsSection({ logic, snapshot }: PaymentMethodsProps) {
  const actor = useActorRef(logic ?? paymentMethodsMachine, snapshot ? { snapshot } : {});
  useNotify(actor);
  const methods = useSelector(actor, (s) => s.context.methods);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, selectLoadError);
  const busyId = useSelector(actor, selectBusyId);
  const acting = useSelector(actor, (s) => !s.matches({ ready: 'idle' }));
  const confirming = useSelector(actor, selectConfirmingRemove);
  const cardForm = useSelector(actor, selectCardForm);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          Cards
        </h2>
        {!loading && loadError === null && (
          <Button variant="secondary" aria-haspopup="dialog" disabled={acting} onClick={() => actor.send({ type: 'card.add' })}>
            Add card
          </Button>
        )}
      </div>
      {loadError !== null ? (
        <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'methods.retry' })} />
      ) : loading ? (
        <Loading label="Loading your cards…" />
      ) : methods.length === 0 ? (
        <p className="rounded border border-dashed border-line p-2 text-center text-muted">No card yet. Add one to boost your jobs.</p>
      ) : (
        <ul aria-label="Cards" className="flex flex-col gap-1">
          {methods.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              busy={busyId === card.id}
              locked={acting}
              onDefault={() => actor.send({ type: 'method.setDefault', id: card.id })}
              onRemove={() => actor.send({ type: 'method.remove', id: card.id })}
            />
          ))}
        </ul>
      )}

      <Modal open={!!cardForm} onClose={() => actor.send({ type: 'card.cancel' })} title="Add a card">
        {cardForm && <CardForm actor={cardForm} onCancel={() => actor.send({ type: 'card.cancel' })} />}
      </Modal>
      <Suspense fallback={null}>
        {confirming && (
          <ConfirmDialog
            title="Remove this card?"
            confirmLabel="Remove card"
            cancelLabel="Keep card"
            onCancel={() => actor.send({ type: 'remove.cancel' })}
            onConfirm={() => actor.send({ type: 'remove.confirm' })}
          >
            <p>
              <CardName brand={confirming.brand} last4={confirming.last4} /> will no longer be charged.
              {confirming.isDefault ? ' It is your default card: boosts renew on your default card.' : ''}
            </p>
          </ConfirmDialog>
        )}
      </Suspense>
    </section>
  );
}
