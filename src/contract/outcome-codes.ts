/**
 * The outcomes a client may branch on, each named by a stable code the server sends in the
 * envelope's `state.code`. Messages are product copy and may be reworded; codes never change
 * meaning, so clients branch on these and never on message text or on 200 versus 201.
 *
 * Each code comes with one HTTP status. What each means is in outcome-code-meanings.ts (the API
 * docs read it); it is kept apart so the first page downloads only the codes and their statuses.
 */
export const outcomeStatuses = {
  'request.invalid': 400,
  'auth.invalidCredentials': 400,
  'auth.invalidCode': 400,
  'auth.unverified': 403,
  'auth.businessUnverified': 403,
  'auth.disabled': 403,
  'auth.deactivated': 403,
  'auth.companyDeactivated': 403,
  'auth.companyBlacklisted': 403,
  'auth.googleUnavailable': 404,
  'auth.googleCodeStale': 400,
  'access.denied': 403,
  'rate.limited': 429,
  'company.notFound': 404,
  'skill.duplicate': 409,
  'skill.notOnProfile': 400,
  'invitation.notFound': 404,
  'invitation.gone': 410,
  'invitation.companyUnavailable': 403,
  'invitation.emailHasAccount': 409,
  'job.notFound': 404,
  'job.closed': 409,
  'job.expired': 409,
  'job.adultsOnly': 403,
  'application.created': 201,
  'application.alreadyApplied': 200,
  'application.incomplete': 400,
  'boost.created': 201,
  'boost.requiresAction': 202,
  'boost.alreadyBoosted': 409,
  'boost.jobNotOpen': 409,
  'payment.declined': 402,
  'payment.insufficientFunds': 402,
  'payment.expiredCard': 402,
  'payment.authenticationFailed': 402,
  'payment.methodRequired': 400,
  'payment.methodInUse': 409,
  'payment.unavailable': 503,
  'card.invalid': 400,
} as const satisfies Record<string, number>;

export type OutcomeCode = keyof typeof outcomeStatuses;

export const outcomeCodeList = Object.keys(outcomeStatuses) as [OutcomeCode, ...OutcomeCode[]];

/** The HTTP status a code comes with. */
export const statusOfCode = (code: OutcomeCode): number => outcomeStatuses[code];
