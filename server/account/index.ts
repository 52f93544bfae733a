// Accounts: sign-up, sign-in, sessions and the user and company rows every other area reads.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { businessVerificationRoutes } from './business-routes.ts';
export { googleSignInRoutes } from './google-routes.ts';
export { accountRoutes } from './routes.ts';
export { cancelEmailChange, requestEmailChange } from './email-change.ts';
export { activeUser } from './profile.ts';
export { checkCode, issueCode } from './otp.ts';
export { enforceLimits } from './limits.ts';
export { emailChangedMail } from './mails.ts';
export { mayStillAct, sha256, revokeAllSessions, issueSession } from './sessions.ts';
export {
  countUsers,
  createCompany,
  createUser,
  normalizeEmail,
  EmailTakenError,
  findCompanyById,
  findUserByEmail,
  findUserById,
  type UserRow,
  type CompanyRow,
} from './users.ts';
