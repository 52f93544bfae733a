import { formatMoney } from './money.ts';

/**
 * How a job's pay and experience read (spec 2 §5): "Unpaid" when both amounts are 0, experience
 * "None" when the maximum is missing or 0.
 */

/** "$18.50 – $22.00 per hour", "From $52,000 per year", "Unpaid". */
export function formatCompensation(pay: { minimumAmount: number; maximumAmount: number; rate?: string | null; type?: 'Range' | 'Exact' | 'Starting' | 'Maximum' | null }): string {
  const { minimumAmount: min, maximumAmount: max } = pay;
  if (min === 0 && max === 0) return 'Unpaid';
  const per = pay.rate ? ` ${ratePhrase(pay.rate)}` : '';
  const type = pay.type ?? 'Range';
  let amount: string;
  if (type === 'Exact' || (min > 0 && min === max)) amount = formatMoney(min || max);
  else if (type === 'Starting' || max === 0) amount = `From ${formatMoney(min)}`;
  else if (type === 'Maximum' || min === 0) amount = `Up to ${formatMoney(max)}`;
  else amount = `${formatMoney(min)} – ${formatMoney(max)}`;
  return `${amount}${per}`;
}

const ratePhrases: Record<string, string> = {
  Hourly: 'per hour',
  Daily: 'per day',
  Weekly: 'per week',
  Monthly: 'per month',
  Yearly: 'per year',
};

/** "per hour" for Hourly; other periods as "per <period>". */
export function ratePhrase(rate: string): string {
  return ratePhrases[rate] ?? `per ${rate.toLowerCase()}`;
}

/** "None" when the maximum is missing or 0; otherwise "2 – 5 years", or "1 year" when both are the same. */
export function formatExperience(min: number | null | undefined, max: number | null | undefined): string {
  if (!max) return 'None';
  const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;
  const low = min ?? 0;
  if (low === max) return years(max);
  return `${low} – ${years(max)}`;
}
