import { z } from 'zod';
import { outcomeCodeSchema } from './envelope.ts';
import { outcomeCodeList, outcomeStatuses, type OutcomeCode } from './outcome-codes.ts';

/** When the server sends each outcome code: for the API docs (the OpenAPI document) and the tests. */
export const outcomeMeanings: Record<OutcomeCode, string> = {
  'request.invalid': 'The request breaks its schema; state.errors has one message per field and state.fieldErrors places them.',
  'auth.invalidCredentials': 'Sign-in with an email and password that do not match an account.',
  'auth.invalidCode': 'Sign-in with a one-time code that is wrong, used or expired.',
  'auth.unverified': 'Sign-in to an account whose email address is not verified yet.',
  'auth.businessUnverified':
    'An employer signs in before their business is verified; `request` carries the business verification request to complete.',
  'auth.disabled': 'Sign-in to an account an administrator disabled (or deleted).',
  'auth.deactivated': 'Sign-in to an account its owner deactivated.',
  'auth.companyDeactivated': 'Sign-in of a member of the staff of a company an administrator deactivated.',
  'auth.companyBlacklisted': 'Sign-in of a member of the staff of a company an administrator blacklisted.',
  'auth.googleUnavailable': 'Google sign-in is asked for on a server where it is not configured.',
  'auth.googleCodeStale': "Google's sign-in code is stale or was used already: the sign-in must start again.",
  'access.denied': "The caller's role, company or ownership does not allow this call (where no more particular code applies).",
  'rate.limited': 'Too many requests of this kind in a short time; Retry-After says when to try again.',
  'company.notFound': "A company's public page is asked for by an id of no company, or of one that is hidden.",
  'skill.duplicate': "Adding a skill the job seeker's profile has already (added in another tab): nothing to undo.",
  'skill.notOnProfile': "Removing a skill the job seeker's profile no longer has (removed in another tab): nothing to undo.",
  'invitation.notFound': "A recruiter invitation's link is unknown, or a newer invitation replaced it.",
  'invitation.gone': "A recruiter invitation's link was revoked, accepted already or has expired; the message says which.",
  'invitation.companyUnavailable': "A recruiter invitation's company is no longer verified, active or in good standing.",
  'invitation.emailHasAccount': 'The invited address has an account already (when inviting, or when accepting).',
  'job.notFound': 'The job does not exist, or is not visible to the caller.',
  'job.closed': 'Applying to a job its company closed.',
  'job.expired': 'Applying to a job past its last day.',
  'job.adultsOnly': 'A job seeker under 18 applies to a job not open to applicants aged 16 and over.',
  'application.created': 'Success: the application is sent now; data is the new application.',
  'application.alreadyApplied': 'Success: the seeker had applied to this job before; data is that first application.',
  'application.incomplete':
    "The application lacks what the job asks for (a resume, a cover letter, an answer on work authorization) or names a document not the seeker's own; state.fieldErrors places each message.",
  'boost.created': 'Success: the first period is paid and the job is boosted now.',
  'boost.requiresAction':
    'The bank asks the employer to confirm the first payment (3-D Secure): data.clientSecret confirms it, then payment-intent finishes the boost.',
  'boost.alreadyBoosted': 'Boosting a job that has a current boost already (change that boost instead).',
  'boost.jobNotOpen': 'Boosting a job that is closed, expired or not published.',
  'payment.declined': 'The card was declined; nothing is charged and no boost is made.',
  'payment.insufficientFunds': 'The card has insufficient funds; nothing is charged and no boost is made.',
  'payment.expiredCard': 'The card has expired; nothing is charged and no boost is made.',
  'payment.authenticationFailed': 'The bank did not confirm the payment; nothing is charged and the boost is not made.',
  'payment.methodRequired': 'Boosting with no saved card: the employer adds one first.',
  'payment.methodInUse': 'Removing the default card while a boost renews on it and another card could take over.',
  'payment.unavailable': 'A billing call that needs the payment processor on a server where none is set up (production without Stripe).',
  'card.invalid':
    "The test processor's card form was given a number, expiry or security code that is not valid; state.fieldErrors places it.",
};

/** Each code with its status and meaning. */
export const outcomeCodes = Object.fromEntries(
  outcomeCodeList.map((code) => [code, { status: outcomeStatuses[code], when: outcomeMeanings[code] }]),
) as Record<OutcomeCode, { status: number; when: string }>;

/** Each code with its status and meaning, for the OpenAPI document. */
export const documentedCodes = (): string =>
  outcomeCodeList.map((code) => `- \`${code}\` (${outcomeStatuses[code]}): ${outcomeMeanings[code]}`).join('\n');

/**
 * Gives the outcome code's schema its description in the OpenAPI document: the enum with each
 * code's status and meaning (also as `x-enumDescriptions`). Only the server calls it, so the
 * browser never downloads these texts.
 */
export function describeOutcomeCodes(): void {
  z.globalRegistry.add(outcomeCodeSchema, {
    description: `The outcome, for the client to branch on (present on every refusal or outcome a client tells apart):\n${documentedCodes()}`,
    'x-enumDescriptions': Object.fromEntries(outcomeCodeList.map((code) => [code, `${outcomeStatuses[code]}: ${outcomeMeanings[code]}`])),
  });
}
