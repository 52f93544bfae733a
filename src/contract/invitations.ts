import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { AccountMessages, newPasswordSchema, sessionDataSchema } from './account.ts';

// The public side of staff invitations: the accept page reads and accepts an invitation. Kept apart
// from staff.ts, so the accept page downloads none of the employer's schemas (phone numbers).

/** An accept link works this long. */
export const INVITATION_DAYS = 7;

/** Product copy of invitations, also part of StaffMessages. */
export const InvitationMessages = {
  firstName: AccountMessages.firstName,
  lastName: AccountMessages.lastName,
  emailHasAccount: 'This email already belongs to an account, so it cannot be invited. Ask the recruiter for another email address.',
  invitationInvalid:
    'This invitation link is not valid. Use the link in the newest invitation email, or ask your employer to send a new one.',
  invitationExpired: 'This invitation has expired. Ask your employer to send a new one.',
  invitationUsed: 'This invitation has already been accepted. Please log in with your email and password.',
  invitationRevoked: 'This invitation has been withdrawn by the company.',
  companyUnavailable: 'This company cannot take new recruiters at the moment. Please contact support for assistance.',
  welcome: (company: string) => `Welcome to ${company}! Your account is ready.`,
} as const;

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

const tokenSchema = z
  .string({ error: InvitationMessages.invitationInvalid })
  .trim()
  .min(1, InvitationMessages.invitationInvalid)
  .max(256, InvitationMessages.invitationInvalid);

export const invitationQuerySchema = z.object({ token: tokenSchema });

export const acceptInvitationSchema = z.object({
  token: tokenSchema,
  firstName: name(InvitationMessages.firstName),
  lastName: name(InvitationMessages.lastName),
  password: newPasswordSchema,
  acceptTerms: z.literal(true, { error: AccountMessages.terms }),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationSchema>;

/** The accept form: the request plus the confirmation field, checked in the browser. */
export const acceptInvitationFormSchema = z
  .object({
    firstName: name(InvitationMessages.firstName),
    lastName: name(InvitationMessages.lastName),
    password: newPasswordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: AccountMessages.terms }),
  })
  .superRefine(
    (v, ctx) => {
      if (v.confirmPassword !== v.password) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AccountMessages.passwordsMatch });
      }
    },
    // Checked even while other fields are invalid, so the form shows every message at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/** What the invitee sees before accepting. */
export const invitationSchema = z.object({
  email: z.string(),
  companyName: z.string(),
  /** The employer who sent it. */
  inviterName: z.string(),
  /** Names the employer gave, to prefill the form. */
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

// ---------- endpoints (not in the spec: the accept page of an emailed invitation) ----------

const tag = 'staff';

export const invitation = endpoint({
  method: 'GET',
  path: '/api/Account/Invitation',
  auth: 'public',
  tag,
  summary: 'An invitation by the token of its link: the company, the email and who sent it',
  query: invitationQuerySchema,
  response: invitationSchema,
});

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/api/Account/AcceptInvitation',
  auth: 'public',
  tag,
  status: 201,
  summary: 'Accept an invitation: creates the verified recruiter account and signs it in',
  body: acceptInvitationSchema,
  response: sessionDataSchema,
});
