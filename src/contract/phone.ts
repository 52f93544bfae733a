import { z } from 'zod';
import { parsePhoneNumberWithError } from 'libphonenumber-js/min';
import { ProfileMessages } from './jobseeker.ts';

/**
 * A US phone number by default; stored and answered in E.164 (+15035550123). A module of its own
 * because its metadata is large: only the forms that take a phone number download it.
 */
export const phoneNumberSchema = z
  .string({ error: ProfileMessages.phone })
  .trim()
  .max(30, ProfileMessages.phone)
  .transform((value, ctx) => {
    try {
      const phone = parsePhoneNumberWithError(value, 'US');
      if (phone.isValid()) return phone.number as string;
    } catch {
      // Reported below like any other invalid number.
    }
    ctx.addIssue({ code: 'custom', message: ProfileMessages.phone });
    return z.NEVER;
  });
