import { formatDisplayDate, type DateZone } from './dates.ts';
import { formatMoney } from './money.ts';
import { PRODUCT_NAME } from './product.ts';

/**
 * How a job's facts are shown (spec 2 §5, §9): experience "None" when the maximum is missing or 0,
 * pay "Unpaid" when both amounts are 0, money with 2 decimals and whole dollars above 100 (USD),
 * dates MM-DD-YYYY. Shared by the pages and by the server's page titles and descriptions.
 */

const PER: Record<string, string> = { Hourly: 'an hour', Daily: 'a day', Weekly: 'a week', Monthly: 'a month', Yearly: 'a year' };

/** "an hour", "a year"… for a pay period; empty for none. */
export function payPeriodLabel(rate: string | null | undefined): string {
  return (rate && PER[rate]) ?? '';
}

const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/** "None" when the maximum is missing or 0; else "2 years", "1–3 years". */
export function experienceLabel(minimum: number | null | undefined, maximum: number | null | undefined): string {
  if (!maximum) return 'None';
  const min = minimum ?? 0;
  if (min === maximum) return years(maximum);
  return `${min}–${years(maximum)}`;
}

export interface PayShown {
  minimumAmount: number;
  maximumAmount: number;
  rate: string | null;
}

export interface PayOptions {
  /** How the poster chose to show it; inferred from the amounts when not given. */
  compensationType?: 'Range' | 'Exact' | 'Starting' | 'Maximum';
  /** No amount, but a competitive salary: shown as such rather than "Unpaid". */
  isCompetitiveSalary?: boolean;
}

/**
 * The pay as shown: "Unpaid" when both amounts are 0 (or "Competitive pay" when the poster said so),
 * "$21.50–$25.00 an hour", "$52,000 a year", "From $18.00 an hour", "Up to $90,000 a year".
 */
export function compensationLabel(pay: PayShown, options: PayOptions = {}): string {
  const min = Number(pay.minimumAmount) || 0;
  const max = Number(pay.maximumAmount) || 0;
  if (min === 0 && max === 0) return options.isCompetitiveSalary ? 'Competitive pay' : 'Unpaid';
  const per = payPeriodLabel(pay.rate);
  const withPeriod = (text: string) => (per ? `${text} ${per}` : text);
  const type = options.compensationType ?? (min > 0 && max > 0 ? (min === max ? 'Exact' : 'Range') : min > 0 ? 'Starting' : 'Maximum');
  switch (type) {
    case 'Exact':
      return withPeriod(formatMoney(max || min));
    case 'Starting':
      return withPeriod(`From ${formatMoney(min || max)}`);
    case 'Maximum':
      return withPeriod(`Up to ${formatMoney(max || min)}`);
    default:
      if (min === 0) return withPeriod(`Up to ${formatMoney(max)}`);
      if (max === 0) return withPeriod(`From ${formatMoney(min)}`);
      return min === max ? withPeriod(formatMoney(min)) : withPeriod(`${formatMoney(min)}–${formatMoney(max)}`);
  }
}

/** The day a job was posted, MM-DD-YYYY (spec 2 §9); the creation date when it has no posting date. */
export function postedLabel(job: { dateOfPosted: string | null; createdDate: string }, zone: DateZone = 'local'): string {
  return formatDisplayDate(job.dateOfPosted ?? job.createdDate, zone);
}

/** "Vancouver, WA"; "Remote"; "Hybrid · Portland, OR". */
export function locationLabel(job: {
  type: 'onsite' | 'remote' | 'hybrid';
  location: { city: string | null; state: string | null } | null;
}): string {
  const place = [job.location?.city, job.location?.state].filter(Boolean).join(', ');
  if (job.type === 'remote') return 'Remote';
  if (job.type === 'hybrid') return place ? `Hybrid · ${place}` : 'Hybrid';
  return place;
}

/** 1 full time, 2 part time (spec 2 §3 workSchedule). */
export function workScheduleLabel(workSchedule: number | null | undefined): string {
  return workSchedule === 1 ? 'Full time' : workSchedule === 2 ? 'Part time' : '';
}

/** The product's name, as page titles end. */
export { PRODUCT_NAME };

/** A job page's title, the same in the server's HTML and in the page once it runs. */
export const jobPageTitle = (job: { title: string; companyName: string }) => `${job.title} at ${job.companyName} – ${PRODUCT_NAME}`;
