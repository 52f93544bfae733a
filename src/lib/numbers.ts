/**
 * A whole number with thousands separators, as en-US writes it: 12,345. Written out rather than
 * through Intl.NumberFormat, whose first use costs a phone tens of milliseconds loading locale data
 * on every page that shows a number.
 */
export function formatCount(n: number): string {
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole > 0 ? '-' : ''}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
