import { useEffect } from 'react';
import { toast } from '../ui/toast.tsx';
import type { AnyActorRef } from 'xstate';
import {
  centsToDollars,
  INVOICE_STATUS_NAMES,
  SUBSCRIPTION_STATUS_NAMES,
  type InvoiceStatus,
  type SubscriptionStatus,
} from '../../contract/billing.ts';
import { formatMoney } from '../../lib/money.ts';
import { StatusChip, type ChipStyle } from '../ui/status-chip.tsx';

/** The employer's billing page. */
export const BILLING_PATH = '/user/billing';

/** One invoice's page. */
export const invoiceHref = (id: string) => `${BILLING_PATH}/invoices/${encodeURIComponent(id)}`;

/** Cents as the product shows money (spec 2 §5): $18.50, $168. */
export const money = (cents: number) => formatMoney(centsToDollars(cents));

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand as people write it. */
export const brandName = (brand: string) => BRAND_NAMES[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');

/** "Visa •••• 4242", read aloud as "Visa ending in 4242". */
export function CardName({ brand, last4 }: { brand: string; last4: string }) {
  return (
    <span>
      {brandName(brand)} <span aria-hidden="true">••••</span>
      <span className="sr-only">ending in</span> {last4}
    </span>
  );
}

/** The words a card is named by in buttons and dialogs. */
export const cardWords = (card: { brand: string; last4: string }) => `${brandName(card.brand)} ending in ${card.last4}`;

const subscriptionStyles: Record<SubscriptionStatus, ChipStyle> = {
  incomplete: { symbol: '…', className: 'border-amber-600/50 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  active: { symbol: '✓', className: 'border-brand-600/40 bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100' },
  past_due: { symbol: '!', className: 'border-danger/40 bg-danger/10 text-danger' },
  canceled: { symbol: '×', className: 'border-line bg-surface-raised text-muted' },
  ended: { symbol: '–', className: 'border-line bg-surface-raised text-muted' },
};

export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  return <StatusChip status={status} label={SUBSCRIPTION_STATUS_NAMES[status]} style={subscriptionStyles[status]} />;
}

const invoiceStyles: Record<InvoiceStatus, ChipStyle> = {
  paid: subscriptionStyles.active,
  open: subscriptionStyles.incomplete,
  void: subscriptionStyles.ended,
};

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  return <StatusChip status={status} label={INVOICE_STATUS_NAMES[status]} style={invoiceStyles[status]} />;
}

/** What a billing machine tells the user: a failure in the words of spec 2 §8, or what a change came to. */
interface Notice {
  tone: 'error' | 'success';
  message: string;
}

/** A machine's `notify` events as toasts (top right, 5 s), one per message at a time. */
export function useNotify(actor: AnyActorRef | undefined) {
  useEffect(() => {
    if (!actor) return;
    const sub = actor.on('notify', (e: Notice) =>
      e.tone === 'error' ? toast.error(e.message, { id: e.message }) : toast.success(e.message, { id: e.message }),
    );
    return () => sub.unsubscribe();
  }, [actor]);
}
