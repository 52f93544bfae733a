import { SUPPLEMENTAL_PAY_ALL, SupplementalPay } from '../contract/lookups.ts';

/**
 * Supplemental pay flags after a box is ticked or cleared: "None" stands alone, so ticking it
 * clears the others and ticking another clears it (the server refuses them together).
 */
export function togglePay(flags: number, flag: number, checked: boolean): number {
  if (!checked) return flags & ~flag;
  if (flag === SupplementalPay.None) return SupplementalPay.None;
  return (flags & SUPPLEMENTAL_PAY_ALL) | flag;
}
