import { formatCount } from './numbers.ts';

/** Money with 2 decimals, rounded to whole dollars above 100 (spec 2 §5): $18.50, $52,000. */
export function formatMoney(amount: number): string {
  if (amount > 100) return `$${formatCount(amount)}`;
  // Cents from the number's shortest decimal form (1.005 is $1.01), as currency formatting rounds.
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(12)));
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}
