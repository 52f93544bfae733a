import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { emailSchema, otpCodeSchema } from './account.ts';
import { phoneNumberSchema } from './phone.ts';
import { AdminMessages } from './admin.ts';

/**
 * The SuperAdmin's own details (spec 2 §7 GetAdminDetails, UpdateAdminDetails) and the change of
 * their email with a code sent to the new address. Apart from the rest of the back office's calls:
 * only the settings page downloads the phone number rules.
 */

export const adminDetailsSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** E.164. */
  phoneNumber: z.string().nullable(),
  /** A new address waiting for its code, if any. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDetails = z.infer<typeof adminDetailsSchema>;

export const updateAdminDetailsSchema = z.object({
  firstName: z.string({ error: AdminMessages.firstName }).trim().min(1, AdminMessages.firstName).max(100, AdminMessages.firstName),
  lastName: z.string({ error: AdminMessages.lastName }).trim().min(1, AdminMessages.lastName).max(100, AdminMessages.lastName),
  /** Empty means none. */
  phoneNumber: z
    .string({ error: AdminMessages.phone })
    .trim()
    .transform((v) => v || null)
    .pipe(phoneNumberSchema.nullable()),
});
export type UpdateAdminDetailsRequest = z.input<typeof updateAdminDetailsSchema>;

export const adminEmailChangeSchema = z.object({ email: emailSchema });
export const adminEmailConfirmSchema = z.object({ email: emailSchema, code: otpCodeSchema });

const tag = 'admin';
const admin = ['SuperAdmin'] as const;

export const adminDetails = endpoint({
  method: 'GET',
  path: '/api/Admin/GetAdminDetails',
  auth: admin,
  tag,
  summary: 'The signed-in administrator’s own details',
  response: adminDetailsSchema,
});
export const updateAdminDetails = endpoint({
  method: 'POST',
  path: '/api/Admin/UpdateAdminDetails',
  auth: admin,
  tag,
  summary: 'Change the administrator’s name and phone',
  body: updateAdminDetailsSchema,
  response: z.object({ details: adminDetailsSchema, message: z.string() }),
});
export const requestAdminEmailChange = endpoint({
  method: 'POST',
  path: '/api/Admin/RequestEmailChange',
  auth: admin,
  tag,
  summary: 'Email a 6 digit code to a new address for the administrator',
  body: adminEmailChangeSchema,
  response: z.string(),
});
export const confirmAdminEmailChange = endpoint({
  method: 'POST',
  path: '/api/Admin/ConfirmEmailChange',
  auth: admin,
  tag,
  summary: 'Change the administrator’s email with the code sent to it',
  body: adminEmailConfirmSchema,
  response: z.object({ details: adminDetailsSchema, message: z.string() }),
});
