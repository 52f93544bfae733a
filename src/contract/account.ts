import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { registerRoleSchema, roleSchema } from './role-schemas.ts';
import { isAgeWithin, parseIsoDate } from './dates.ts';
import { AccountMessages } from './account-messages.ts';

export { AccountMessages };

export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: AccountMessages.email })
  .trim()
  .max(254, AccountMessages.email)
  .pipe(z.email({ error: AccountMessages.email }));

const requiredText = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const newPasswordSchema = z
  .string({ error: AccountMessages.password })
  .min(1, AccountMessages.password)
  .min(PASSWORD_MIN, AccountMessages.passwordLength)
  .max(PASSWORD_MAX, AccountMessages.passwordLength);

export const otpCodeSchema = z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), AccountMessages.otp);

/** Nine digits once dashes and spaces are removed: EIN, SSN and ITIN all have this shape. */
export const tinSchema = z
  .string({ error: AccountMessages.businessTin })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, AccountMessages.businessTin));

export const businessNameSchema = requiredText(AccountMessages.businessName, 200).refine(
  (v) => /\p{L}/u.test(v),
  AccountMessages.businessName,
);

export const dateOfBirthSchema = z
  .string({ error: AccountMessages.dateOfBirth })
  .refine((v) => parseIsoDate(v) !== null, AccountMessages.dateOfBirth);

/** Role-dependent rules shared by registration and social completion (spec 1 §5). */
function roleRules(
  value: { role?: number; dateOfBirth?: string | null; businessName?: string | null; businessTin?: string | null },
  ctx: z.RefinementCtx,
  fields: { name: string; tin: string },
) {
  if (value.role === 1) {
    const name = businessNameSchema.safeParse(value.businessName ?? '');
    if (!name.success) ctx.addIssue({ code: 'custom', path: [fields.name], message: AccountMessages.businessName });
    const tin = tinSchema.safeParse(value.businessTin ?? '');
    if (!tin.success) ctx.addIssue({ code: 'custom', path: [fields.tin], message: AccountMessages.businessTin });
  }
  if (value.role === 0) {
    const dob = value.dateOfBirth ?? '';
    if (!parseIsoDate(dob)) {
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: AccountMessages.dateOfBirth });
    } else if (!isAgeWithin(dob, new Date())) {
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: AccountMessages.age });
    }
  }
}

/**
 * Cross-field rules run even while other fields are still invalid, so a form shows every
 * message at once (zod skips refinements after a failed field by default).
 */
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

// ---------- shapes ----------

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What a successful sign-in returns (spec 1 §3 "Signed-in session"). */
export const sessionDataSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  /** True when the refresh token outlives the browser session (Remember Me). */
  remember: z.boolean(),
  users: sessionUserSchema,
});
export type SessionData = z.infer<typeof sessionDataSchema>;

/** The follow-up an employer must complete before signing in. */
export const businessVerificationRequestSchema = z.object({
  email: z.string(),
  businessName: z.string(),
  businessTin: z.string(),
});
export type BusinessVerificationRequest = z.infer<typeof businessVerificationRequestSchema>;

export const messageSchema = z.string();

// ---------- requests ----------

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: AccountMessages.password }).min(1, AccountMessages.password).max(PASSWORD_MAX),
    isOtp: z.boolean().default(false),
    rememberMe: z.boolean().default(false),
    /** A SuperAdmin's second factor: the 6-digit code emailed after their password was right. */
    code: otpCodeSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.isOtp && !otpCodeSchema.safeParse(v.password).success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AccountMessages.otp });
    }
  }, always);
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const logoutRequestSchema = z.object({ refreshToken: z.string().max(512).optional() });

export const registerRequestSchema = z
  .object({
    role: registerRoleSchema,
    firstName: requiredText(AccountMessages.firstName),
    lastName: requiredText(AccountMessages.lastName),
    email: emailSchema,
    password: newPasswordSchema,
    companyName: z.string().trim().max(200).optional(),
    companyTin: z.string().max(20).optional(),
    dateOfBirth: z.string().max(10).optional(),
    acceptTerms: z.literal(true, { error: AccountMessages.terms }),
  })
  .superRefine(
    (v, ctx) =>
      roleRules({ ...v, businessName: v.companyName, businessTin: v.companyTin }, ctx, { name: 'companyName', tin: 'companyTin' }),
    always,
  );
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register form: the request plus the confirmation field, checked in the browser. */
export const registerFormSchema = z
  .object({
    role: registerRoleSchema,
    firstName: requiredText(AccountMessages.firstName),
    lastName: requiredText(AccountMessages.lastName),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    companyName: z.string().optional(),
    companyTin: z.string().optional(),
    dateOfBirth: z.string().optional(),
    acceptTerms: z.literal(true, { error: AccountMessages.terms }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AccountMessages.passwordsMatch });
    }
    roleRules({ ...v, businessName: v.companyName, businessTin: v.companyTin }, ctx, { name: 'companyName', tin: 'companyTin' });
  }, always);
export type RegisterForm = z.input<typeof registerFormSchema>;

export const verifyEmailRequestSchema = z.object({
  email: emailSchema,
  token: z.string().min(1, AccountMessages.emailLinkInvalid).max(256),
});

export const verifyBusinessRequestSchema = z.object({
  businessName: businessNameSchema,
  businessTin: tinSchema,
  email: emailSchema,
});
export type VerifyBusinessRequest = z.input<typeof verifyBusinessRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, AccountMessages.resetLinkInvalid).max(256),
  email: emailSchema,
  newPassword: newPasswordSchema,
});

export const resetPasswordFormSchema = z
  .object({
    token: z.string().min(1, AccountMessages.resetLinkInvalid),
    email: z.string().min(1, AccountMessages.resetLinkInvalid),
    newPassword: newPasswordSchema,
    retypePassword: z.string(),
  })
  .refine((v) => v.newPassword === v.retypePassword, { path: ['retypePassword'], message: AccountMessages.passwordsMatch, ...always });

export const changePasswordRequestSchema = z
  .object({
    oldPassword: z.string({ error: AccountMessages.oldPassword }).min(1, AccountMessages.oldPassword).max(PASSWORD_MAX),
    newPassword: z
      .string({ error: AccountMessages.newPassword })
      .min(1, AccountMessages.newPassword)
      .min(PASSWORD_MIN, AccountMessages.passwordLength)
      .max(PASSWORD_MAX, AccountMessages.passwordLength),
    retypePassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.retypePassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: AccountMessages.newPasswordsMatch });
    }
    if (v.oldPassword && v.newPassword && v.oldPassword === v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: AccountMessages.sameAsOld });
    }
  }, always);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const googleCallbackRequestSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});

/** A Google user we do not know yet: they finish registration with this ticket. */
export const socialSignupSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  signupToken: z.string(),
});

export const googleCallbackDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signedIn'), session: sessionDataSchema }),
  z.object({ kind: z.literal('needsRegistration'), signup: socialSignupSchema }),
]);
export type GoogleCallbackData = z.infer<typeof googleCallbackDataSchema>;

export const socialCompletionRequestSchema = z
  .object({
    role: registerRoleSchema,
    email: emailSchema,
    signupToken: z.string().min(1, AccountMessages.socialEmailMissing).max(256),
    businessName: z.string().trim().max(200).optional(),
    businessEin: z.string().max(20).optional(),
    dateOfBirth: z.string().max(10).optional(),
    acceptTerms: z.literal(true, { error: AccountMessages.terms }),
  })
  .superRefine((v, ctx) => roleRules({ ...v, businessTin: v.businessEin }, ctx, { name: 'businessName', tin: 'businessEin' }), always);
export type SocialCompletionRequest = z.input<typeof socialCompletionRequestSchema>;

export const accountUserSchema = sessionUserSchema.extend({
  emailVerified: z.boolean(),
  dateOfBirth: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  company: z.object({ id: z.string(), name: z.string(), verified: z.boolean() }).nullable(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const jobSeekerProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** A new email waiting for its link to be opened; `email` stays in force until then. */
  pendingEmail: z.string().nullable(),
  /** E.164, e.g. +15035550123. */
  phoneNumber: z.string().nullable(),
  /** Year-month-day. */
  dateOfBirth: z.string().nullable(),
});
export type JobSeekerProfile = z.infer<typeof jobSeekerProfileSchema>;

export const completionStatusSchema = z.object({
  isCompleted: z.boolean(),
  completedPercentage: z.number().int().min(0).max(100),
  profileComplete: z.boolean(),
  educationComplete: z.boolean(),
  skillsComplete: z.boolean(),
  experienceComplete: z.boolean(),
  preferencesComplete: z.boolean(),
  documentsComplete: z.boolean(),
});
export type CompletionStatus = z.infer<typeof completionStatusSchema>;

// ---------- endpoints (spec 1 §7) ----------

const tag = 'account';

export const login = endpoint({
  method: 'POST',
  path: '/api/Account/Login',
  auth: 'public',
  tag,
  summary: 'Sign in with a password or an emailed 6 digit code',
  body: loginRequestSchema,
  response: sessionDataSchema,
});
export const requestOtp = endpoint({
  method: 'POST',
  path: '/api/Account/RequestOtp',
  auth: 'public',
  tag,
  summary: 'Email a 6 digit sign-in code (same answer for unknown emails)',
  body: emailOnlySchema,
  response: messageSchema,
});
export const refreshToken = endpoint({
  method: 'POST',
  path: '/api/Account/RefreshToken',
  auth: 'public',
  tag,
  summary: 'Rotate a refresh token for a new access token',
  body: refreshRequestSchema,
  response: sessionDataSchema,
});
export const logout = endpoint({
  method: 'POST',
  path: '/api/Account/Logout',
  auth: 'public',
  tag,
  summary: 'Revoke the refresh token family of this sign-in',
  body: logoutRequestSchema,
  response: z.null(),
});
export const register = endpoint({
  method: 'POST',
  path: '/api/Account/Register',
  auth: 'public',
  tag,
  status: 201,
  summary: 'Register a job seeker or an employer; employers then verify their business',
  body: registerRequestSchema,
  response: z.null(),
});
export const verifyEmail = endpoint({
  method: 'POST',
  path: '/api/Account/VerifyEmail',
  auth: 'public',
  tag,
  summary: 'Confirm an email address with the emailed link',
  body: verifyEmailRequestSchema,
  response: messageSchema,
});
export const verifyBusiness = endpoint({
  method: 'POST',
  path: '/api/Account/VerifyBusiness',
  auth: 'public',
  tag,
  summary: 'Verify an employer business as legally registered in the United States',
  body: verifyBusinessRequestSchema,
  response: messageSchema,
});
export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/Account/ForgotPassword',
  auth: 'public',
  tag,
  summary: 'Email a password reset link (same answer for unknown emails)',
  body: emailOnlySchema,
  response: messageSchema,
});
export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/Account/ResetPassword',
  auth: 'public',
  tag,
  summary: 'Set a new password with the emailed link',
  body: resetPasswordRequestSchema,
  response: messageSchema,
});
export const changePassword = endpoint({
  method: 'POST',
  path: '/api/Account/ChangePassword',
  auth: 'signedIn',
  tag,
  summary: 'Change the password of the signed-in user (signs out every session)',
  body: changePasswordRequestSchema,
  response: messageSchema,
});
export const googleLogin = endpoint({
  method: 'GET',
  path: '/api/Account/GoogleLogin',
  auth: 'public',
  tag,
  summary: 'The Google authorisation address to redirect to',
  response: z.string(),
});
export const googleCallback = endpoint({
  method: 'POST',
  path: '/api/Account/GoogleCallback',
  auth: 'public',
  tag,
  summary: 'Exchange the Google code: signs in a known user or starts registration',
  body: googleCallbackRequestSchema,
  response: googleCallbackDataSchema,
});
export const googleCompleteRegistration = endpoint({
  method: 'POST',
  path: '/api/Account/GoogleCompleteRegistration',
  auth: 'public',
  tag,
  summary: 'Finish registration of a new Google user',
  body: socialCompletionRequestSchema,
  response: sessionDataSchema,
});
export const currentUser = endpoint({
  method: 'GET',
  path: '/api/Account/User',
  auth: 'signedIn',
  tag,
  summary: 'The signed-in user, fresh from the database',
  response: accountUserSchema,
});
export const completionStatus = endpoint({
  method: 'GET',
  path: '/api/Account/CompletionStatus',
  auth: ['JobSeeker'],
  tag,
  summary: 'Which parts of the job seeker profile are complete',
  response: completionStatusSchema,
});
/** Spec 2 §7 names CompletionStatus as both a POST and a GET: one answer. */
export const completionStatusPost = endpoint({
  ...completionStatus,
  method: 'POST',
  summary: 'CompletionStatus as a POST, as spec 2 §7 also names it',
});
export const jobSeekerProfile = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/Profile',
  auth: ['JobSeeker'],
  tag: 'jobseeker',
  summary: 'The signed-in job seeker profile',
  response: jobSeekerProfileSchema,
});
export const profileCompletePercentage = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/ProfileCompletePercentage',
  auth: ['JobSeeker'],
  tag: 'jobseeker',
  summary: 'How complete the job seeker profile is, 0 to 100',
  response: z.number().int().min(0).max(100),
});
