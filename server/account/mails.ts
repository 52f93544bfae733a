import type { AppContext } from '../context.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';

export function verifyEmailLink(ctx: AppContext, email: string, token: string): string {
  return `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

export function resetPasswordLink(ctx: AppContext, email: string, token: string): string {
  return `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

export function verificationMail(ctx: AppContext, to: { email: string; firstName?: string | null }, token: string): Mail {
  return compose({
    to: to.email,
    subject: `Verify your email for ${BRAND_NAME}`,
    greetingName: to.firstName ?? null,
    intro: `Please confirm that ${to.email} is your email address to finish setting up your ${BRAND_NAME} account.`,
    action: { kind: 'link', label: 'Verify my email', url: verifyEmailLink(ctx, to.email, token) },
    outro: 'This link can be used once and expires in 48 hours. If you did not create an account, you can ignore this email.',
    supportEmail: ctx.config.supportEmail,
  });
}

export function otpMail(ctx: AppContext, to: { email: string; firstName?: string | null }, code: string): Mail {
  return compose({
    to: to.email,
    subject: `Your ${BRAND_NAME} sign-in code: ${code}`,
    greetingName: to.firstName ?? null,
    intro: `Use this code to sign in to ${BRAND_NAME}:`,
    action: { kind: 'code', code },
    outro:
      'The code can be used once and expires in 10 minutes. If you did not ask for it, you can ignore this email; nobody can sign in without it.',
    supportEmail: ctx.config.supportEmail,
  });
}

/** The second step of a SuperAdmin's sign-in: their password was right, this code finishes it. */
export function adminSignInCodeMail(ctx: AppContext, to: { email: string; firstName?: string | null }, code: string): Mail {
  return compose({
    to: to.email,
    subject: `Your ${BRAND_NAME} sign-in code: ${code}`,
    greetingName: to.firstName ?? null,
    intro: `Your password was entered to sign in to the ${BRAND_NAME} back office. Enter this code to finish signing in:`,
    action: { kind: 'code', code },
    outro:
      'The code can be used once and expires in 10 minutes. If you did not just sign in, someone knows your password: change it at once and tell your team.',
    supportEmail: ctx.config.supportEmail,
  });
}

export function resetPasswordMail(ctx: AppContext, to: { email: string; firstName?: string | null }, token: string): Mail {
  return compose({
    to: to.email,
    subject: `Reset your ${BRAND_NAME} password`,
    greetingName: to.firstName ?? null,
    intro: 'We received a request to reset the password of your account. Choose a new password with the link below.',
    action: { kind: 'link', label: 'Reset my password', url: resetPasswordLink(ctx, to.email, token) },
    outro:
      'This link can be used once and expires in 1 hour. If you did not ask for a reset, you can ignore this email; your password stays the same.',
    supportEmail: ctx.config.supportEmail,
  });
}

export function changeEmailMail(ctx: AppContext, to: { email: string; firstName?: string | null }, token: string): Mail {
  return compose({
    to: to.email,
    subject: `Confirm your new email for ${BRAND_NAME}`,
    greetingName: to.firstName ?? null,
    intro: `Please confirm that ${to.email} is your new email address. Your ${BRAND_NAME} account keeps using your current address until you do.`,
    action: { kind: 'link', label: 'Confirm my new email', url: verifyEmailLink(ctx, to.email, token) },
    outro: 'This link can be used once and expires in 48 hours. If you did not ask for this change, you can ignore this email.',
    supportEmail: ctx.config.supportEmail,
  });
}

/** Sent to the old address once the change is done, so a takeover does not go unnoticed. */
export function emailChangedMail(ctx: AppContext, to: { email: string; firstName?: string | null }, newEmail: string): Mail {
  return compose({
    to: to.email,
    subject: `Your ${BRAND_NAME} email was changed`,
    greetingName: to.firstName ?? null,
    intro: `The email address of your ${BRAND_NAME} account is now ${newEmail}. This address no longer signs in.`,
    action: { kind: 'link', label: 'Contact support', url: `mailto:${ctx.config.supportEmail}` },
    outro: 'If you did not make this change, write to support straight away.',
    supportEmail: ctx.config.supportEmail,
  });
}
