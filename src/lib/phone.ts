import { parsePhoneNumberWithError } from 'libphonenumber-js/min';

/** A stored E.164 number as a person writes it: (503) 555-0123 for a US number. */
export function readablePhone(e164: string | null | undefined): string {
  if (!e164) return '';
  try {
    const phone = parsePhoneNumberWithError(e164);
    return phone.country === 'US' ? phone.formatNational() : phone.formatInternational();
  } catch {
    return e164;
  }
}
