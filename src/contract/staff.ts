import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { emailSchema } from './account.ts';
import { ProfileMessages } from './jobseeker.ts';
import { phoneNumberSchema } from './phone.ts';
import { InvitationMessages } from './invitations.ts';

export { INVITATION_DAYS } from './invitations.ts';

/** Product copy of the company's staff: recruiters invited and managed by the employer. */
export const StaffMessages = {
  ...InvitationMessages,
  /** Spec 2 §8: a RecruiterList or GetRecruiter answer that does not parse. */
  invalidData: 'Invalid recruiter data received',
  jobTitle: 'Please enter a job title of at most 100 characters',
  phone: ProfileMessages.phone,
  ownEmail: 'That is your own email. Invite a recruiter with their email address.',
  invited: (email: string) => `An invitation has been sent to ${email}. The link in it works for 7 days.`,
  resent: (email: string) => `A new invitation has been sent to ${email}. The link in the earlier one no longer works.`,
  revoked: (email: string) => `The invitation to ${email} has been revoked.`,
  noInvitation: 'There is no pending invitation for this email.',
  noRecruiter: 'No recruiter with this email works for your company.',
  recruiterSaved: 'The recruiter’s details are saved.',
  activated: (name: string) => `${name} is active again and can sign in.`,
  deactivated: (name: string) => `${name} is deactivated and has been signed out.`,
  deleted: (name: string) => `${name} has been removed from your staff. Their job posts stay with the company.`,
  profileSaved: 'Your details are saved.',
  employerOnly: 'Only your company’s employer manages staff.',
} as const;

export const recruiterStatuses = ['invited', 'active', 'inactive'] as const;
export const recruiterStatusSchema = z.enum(recruiterStatuses);
export type RecruiterStatus = z.infer<typeof recruiterStatusSchema>;

/**
 * One row of the staff list: a recruiter of the company (active or inactive), or a pending
 * invitation (invited), which has no account yet.
 */
export const recruiterSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** First and last name, or empty for an invitation that gave none. */
  name: z.string(),
  jobTitle: z.string().nullable(),
  /** E.164. */
  phoneNumber: z.string().nullable(),
  status: recruiterStatusSchema,
  /** ISO 8601: when the invitation was last sent (invitations only). */
  sentAt: z.string().nullable(),
  /** ISO 8601: when the invitation's link stops working (invitations only). */
  expiresAt: z.string().nullable(),
  /** The invitation's link no longer works: send it again or revoke it. */
  expired: z.boolean(),
  /** ISO 8601: when the recruiter joined (accounts only). */
  joinedAt: z.string().nullable(),
});
export type Recruiter = z.infer<typeof recruiterSchema>;

export const recruiterListSchema = z.object({ recruiters: z.array(recruiterSchema) });
export type RecruiterList = z.infer<typeof recruiterListSchema>;

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);
/** Empty means none. */
const optionalName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(100, message)
    .transform((v) => v || null);
const jobTitleSchema = optionalName(StaffMessages.jobTitle);
/** A US phone number by default, stored as E.164; empty means none. */
const optionalPhoneSchema = z
  .string({ error: StaffMessages.phone })
  .trim()
  .transform((v) => v || null)
  .pipe(phoneNumberSchema.nullable());

// ---------- requests ----------

export const inviteRecruiterSchema = z.object({
  email: emailSchema,
  firstName: optionalName(StaffMessages.firstName).optional(),
  lastName: optionalName(StaffMessages.lastName).optional(),
  jobTitle: jobTitleSchema.optional(),
});
export type InviteRecruiterRequest = z.input<typeof inviteRecruiterSchema>;

export const recruiterDetailsSchema = z.object({
  firstName: name(StaffMessages.firstName),
  lastName: name(StaffMessages.lastName),
  jobTitle: jobTitleSchema,
  phoneNumber: optionalPhoneSchema,
});
export type RecruiterDetailsRequest = z.input<typeof recruiterDetailsSchema>;

/** The employer edits a recruiter, who is named by their email. */
export const editRecruiterSchema = recruiterDetailsSchema.extend({ email: emailSchema });
export type EditRecruiterRequest = z.input<typeof editRecruiterSchema>;

/** The spec's query parameter of DeleteRecruiter. */
export const emailQuerySchema = z.object({ Email: emailSchema });
/** The spec's query parameter of ActiveRecruiter, DeactiveRecruiter and ToggleForRecruiter. */
export const recruiterEmailQuerySchema = z.object({ RecruiterEmail: emailSchema });

// ---------- answers ----------

/** The recruiter's own details. */
export const recruiterProfileSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  /** E.164. */
  phoneNumber: z.string().nullable(),
  company: z.object({ id: z.string(), name: z.string() }),
});
export type RecruiterProfile = z.infer<typeof recruiterProfileSchema>;

/** A row action's answer: the row as it now is. */
const recruiterAnswer = z.object({ recruiter: recruiterSchema });

// ---------- endpoints (spec 2 §7, Employer and Recruiter) ----------

const tag = 'staff';
const employer = ['Employer'] as const;

export const recruiterList = endpoint({
  method: 'GET',
  path: '/api/Employer/RecruiterList',
  auth: employer,
  tag,
  summary: "The company's recruiters (active and inactive) and its pending invitations",
  response: recruiterListSchema,
});

export const inviteRecruiter = endpoint({
  method: 'POST',
  path: '/api/Employer/InviteRecruiter',
  auth: employer,
  tag,
  summary: 'Email a recruiter an invitation to join the company (valid 7 days); inviting the same address again sends a new link',
  body: inviteRecruiterSchema,
  response: recruiterAnswer.extend({ resent: z.boolean() }),
});

export const revokeInvitation = endpoint({
  method: 'POST',
  path: '/api/Employer/RevokeInvitation',
  auth: employer,
  tag,
  summary: 'Withdraw a pending invitation; its link stops working',
  query: emailQuerySchema,
  response: z.null(),
});

export const deleteRecruiter = endpoint({
  method: 'POST',
  path: '/api/Employer/DeleteRecruiter',
  auth: employer,
  tag,
  summary: 'Remove a recruiter: the account is disabled and signed out, its job posts stay with the company',
  query: emailQuerySchema,
  response: z.null(),
});

export const editRecruiter = endpoint({
  method: 'POST',
  path: '/api/Employer/EditRecruiter',
  auth: employer,
  tag,
  summary: "Change a recruiter's name, job title and phone number",
  body: editRecruiterSchema,
  response: recruiterAnswer,
});

export const activeRecruiter = endpoint({
  method: 'POST',
  path: '/api/Employer/ActiveRecruiter',
  auth: employer,
  tag,
  summary: 'Switch a deactivated recruiter on again',
  query: recruiterEmailQuerySchema,
  response: recruiterAnswer,
});

export const deactiveRecruiter = endpoint({
  method: 'POST',
  path: '/api/Employer/DeactiveRecruiter',
  auth: employer,
  tag,
  summary: 'Switch a recruiter off: signed out at once, cannot sign in until switched on',
  query: recruiterEmailQuerySchema,
  response: recruiterAnswer,
});

export const toggleForRecruiter = endpoint({
  method: 'POST',
  path: '/api/Employer/ToggleForRecruiter',
  auth: employer,
  tag,
  summary: 'Switch a recruiter off when active, on when deactivated',
  query: recruiterEmailQuerySchema,
  response: recruiterAnswer,
});

export const getRecruiter = endpoint({
  method: 'GET',
  path: '/api/Recruiter/GetRecruiter',
  auth: ['Recruiter'],
  tag,
  summary: "The signed-in recruiter's own details and company",
  response: recruiterProfileSchema,
});

export const updateRecruiter = endpoint({
  method: 'POST',
  path: '/api/Recruiter/UpdateRecruiter',
  auth: ['Recruiter'],
  tag,
  summary: "Change the signed-in recruiter's name, job title and phone number",
  body: recruiterDetailsSchema,
  response: recruiterProfileSchema,
});
