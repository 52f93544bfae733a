import type { AppContext } from '../context.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import { INVITATION_DAYS } from '../../src/contract/invitations.ts';

export function acceptInvitationLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
}

export const invitationSubject = (inviterName: string, companyName: string) =>
  `${inviterName} invited you to join ${companyName} on ${BRAND_NAME}`;

/** The invitation of a recruiter: one button to the accept page, valid 7 days. */
export function invitationMail(
  ctx: AppContext,
  to: { email: string; firstName: string | null },
  from: { inviterName: string; companyName: string },
  token: string,
): Mail {
  return compose({
    to: to.email,
    subject: invitationSubject(from.inviterName, from.companyName),
    greetingName: to.firstName,
    intro: `${from.inviterName} invited you to post jobs and manage applicants for ${from.companyName} as a recruiter on ${BRAND_NAME}. Choose your name and a password to accept.`,
    action: { kind: 'link', label: 'Accept the invitation', url: acceptInvitationLink(ctx, token) },
    outro: `This link can be used once and expires in ${INVITATION_DAYS} days. If you did not expect this invitation, you can ignore this email; no account is made without you.`,
    supportEmail: ctx.config.supportEmail,
  });
}
