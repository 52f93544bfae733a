const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Money with 2 decimals, rounded to whole dollars above 100 (spec 2 §5): $18.50, $52,000. */
export function formatMoney(amount: number): string {
  return amount > 100 ? dollars.format(Math.round(amount)) : cents.format(amount);
}
