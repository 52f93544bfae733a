/**
 * The outcomes a client may branch on, each named by a stable code the server sends in the
 * envelope's `state.code`. Messages are product copy and may be reworded; codes never change
 * meaning, so clients branch on these and never on message text or on 200 versus 201.
 *
 * Each entry says with which HTTP status the code comes and when the server sends it. No zod here:
 * the HTTP client reads this table on the first page, before any schema code is loaded.
 */
export const outcomeCodes = {
  'request.invalid': {
    status: 400,
    when: 'The request breaks its schema; state.errors has one message per field and state.fieldErrors places them.',
  },
  'auth.invalidCredentials': { status: 400, when: 'Sign-in with an email and password that do not match an account.' },
  'auth.invalidCode': { status: 400, when: 'Sign-in with a one-time code that is wrong, used or expired.' },
  'auth.unverified': { status: 403, when: 'Sign-in to an account whose email address is not verified yet.' },
  'auth.businessUnverified': {
    status: 403,
    when: 'An employer signs in before their business is verified; `request` carries the business verification request to complete.',
  },
  'auth.disabled': { status: 403, when: 'Sign-in to an account (or a company) an administrator disabled.' },
  'auth.deactivated': { status: 403, when: 'Sign-in to an account its owner deactivated.' },
  'auth.googleUnavailable': { status: 404, when: 'Google sign-in is asked for on a server where it is not configured.' },
  'auth.googleCodeStale': { status: 400, when: "Google's sign-in code is stale or was used already: the sign-in must start again." },
  'access.denied': {
    status: 403,
    when: "The caller's role, company or ownership does not allow this call (where no more particular code applies).",
  },
  'rate.limited': { status: 429, when: 'Too many requests of this kind in a short time; Retry-After says when to try again.' },
  'company.notFound': { status: 404, when: "A company's public page is asked for by an id of no company, or of one that is hidden." },
  'skill.duplicate': { status: 409, when: "Adding a skill the job seeker's profile has already (added in another tab): nothing to undo." },
  'skill.notOnProfile': {
    status: 400,
    when: "Removing a skill the job seeker's profile no longer has (removed in another tab): nothing to undo.",
  },
  'invitation.notFound': { status: 404, when: "A recruiter invitation's link is unknown, or a newer invitation replaced it." },
  'invitation.gone': {
    status: 410,
    when: "A recruiter invitation's link was revoked, accepted already or has expired; the message says which.",
  },
  'invitation.companyUnavailable': {
    status: 403,
    when: "A recruiter invitation's company is no longer verified, active or in good standing.",
  },
  'invitation.emailHasAccount': { status: 409, when: 'The invited address has an account already (when inviting, or when accepting).' },
  'job.notFound': { status: 404, when: 'The job does not exist, or is not visible to the caller.' },
  'job.closed': { status: 409, when: 'Applying to a job its company closed.' },
  'job.expired': { status: 409, when: 'Applying to a job past its last day.' },
  'job.adultsOnly': { status: 403, when: 'A job seeker under 18 applies to a job not open to applicants aged 16 and over.' },
  'application.created': { status: 201, when: 'Success: the application is sent now; data is the new application.' },
  'application.alreadyApplied': {
    status: 200,
    when: 'Success: the seeker had applied to this job before; data is that first application.',
  },
  'application.incomplete': {
    status: 400,
    when: "The application lacks what the job asks for (a resume, a cover letter, an answer on work authorization) or names a document not the seeker's own; state.fieldErrors places each message.",
  },
  'boost.created': { status: 201, when: 'Success: the first period is paid and the job is boosted now.' },
  'boost.requiresAction': {
    status: 202,
    when: 'The bank asks the employer to confirm the first payment (3-D Secure): data.clientSecret confirms it, then payment-intent finishes the boost.',
  },
  'boost.alreadyBoosted': { status: 409, when: 'Boosting a job that has a current boost already (change that boost instead).' },
  'boost.jobNotOpen': { status: 409, when: 'Boosting a job that is closed, expired or not published.' },
  'payment.declined': { status: 402, when: 'The card was declined; nothing is charged and no boost is made.' },
  'payment.insufficientFunds': { status: 402, when: 'The card has insufficient funds; nothing is charged and no boost is made.' },
  'payment.expiredCard': { status: 402, when: 'The card has expired; nothing is charged and no boost is made.' },
  'payment.authenticationFailed': {
    status: 402,
    when: 'The bank did not confirm the payment; nothing is charged and the boost is not made.',
  },
  'payment.methodRequired': { status: 400, when: 'Boosting with no saved card: the employer adds one first.' },
  'payment.methodInUse': { status: 409, when: 'Removing the default card while a boost renews on it and another card could take over.' },
  'payment.unavailable': {
    status: 503,
    when: 'A billing call that needs the payment processor on a server where none is set up (production without Stripe).',
  },
  'card.invalid': {
    status: 400,
    when: "The test processor's card form was given a number, expiry or security code that is not valid; state.fieldErrors places it.",
  },
} as const satisfies Record<string, { status: number; when: string }>;

export type OutcomeCode = keyof typeof outcomeCodes;

export const outcomeCodeList = Object.keys(outcomeCodes) as [OutcomeCode, ...OutcomeCode[]];

/** The HTTP status a code comes with. */
export const statusOfCode = (code: OutcomeCode): number => outcomeCodes[code].status;

/** Each code with its status and meaning, for the OpenAPI document. */
export const documentedCodes = (): string =>
  outcomeCodeList.map((code) => `- \`${code}\` (${outcomeCodes[code].status}): ${outcomeCodes[code].when}`).join('\n');
