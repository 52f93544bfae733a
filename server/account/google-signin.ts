import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { companies, oauthStates, socialSignups, users } from '../db/schema.ts';
import { HttpError, badRequest, conflict, refusal } from '../http/errors.ts';
import {
  OidcCodeRejectedError,
  OidcTokenInvalidError,
  OidcUnavailableError,
  newAuthorizationSecrets,
  type GoogleIdentity,
  type GoogleOidc,
} from '../platform/google-oidc.ts';
import { AccountMessages, type GoogleCallbackData, type SessionData, type googleCompleteRegistration } from '../../src/contract/account.ts';
import type { BodyOf } from '../../src/contract/endpoint.ts';
import { isAgeWithin } from '../../src/lib/dates.ts';
import { assertTinAvailable, verifyBusinessDetails } from './business-verification.ts';
import { assertMaySignIn } from './login.ts';
import { issueSession, sha256 } from './sessions.ts';
import { EmailTakenError, createUser, findUserByEmail, normalizeEmail, type UserRow } from './users.ts';

/** A started sign-in must come back within 10 minutes. */
export const OAUTH_STATE_MINUTES = 10;
/** A new Google user has 30 minutes to choose a role and accept the terms. */
export const SOCIAL_SIGNUP_MINUTES = 30;

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

export const googleRedirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}/landing/google`;

/** Remembers the attempt (state, PKCE verifier, nonce) and answers the address to send the browser to. */
export async function startGoogleSignIn(ctx: AppContext, oidc: GoogleOidc): Promise<string> {
  const now = ctx.adapters.now();
  const secrets = newAuthorizationSecrets();
  // Abandoned attempts and signups are swept here so the tables stay small.
  await ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await ctx.db.delete(socialSignups).where(lt(socialSignups.expiresAt, now));
  let address: string;
  try {
    address = await oidc.authorizationUrl({ ...secrets, redirectUri: googleRedirectUri(ctx) });
  } catch (err) {
    throw providerFailure(ctx, err);
  }
  await ctx.db.insert(oauthStates).values({
    state: secrets.state,
    codeVerifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    expiresAt: minutesFrom(now, OAUTH_STATE_MINUTES),
  });
  return address;
}

function providerFailure(ctx: AppContext, err: unknown): HttpError {
  if (err instanceof OidcCodeRejectedError || err instanceof OidcTokenInvalidError) {
    ctx.log.warn({ reason: err.message }, 'google sign-in refused');
    return badRequest(AccountMessages.staleGoogleCode, { code: 'auth.googleCodeStale' });
  }
  if (err instanceof OidcUnavailableError) {
    ctx.log.error({ reason: err.message }, 'google sign-in provider unavailable');
    return new HttpError(502, AccountMessages.redirectFailed);
  }
  throw err;
}

/**
 * Exchanges the code the browser brought back. The state is deleted as it is read, so a
 * replayed callback is refused here even when the provider would accept its code again.
 */
export async function finishGoogleSignIn(
  ctx: AppContext,
  oidc: GoogleOidc,
  input: { code: string; state: string },
): Promise<GoogleCallbackData> {
  const now = ctx.adapters.now();
  const [attempt] = await ctx.db.delete(oauthStates).where(eq(oauthStates.state, input.state)).returning();
  if (!attempt || attempt.expiresAt.getTime() <= now.getTime())
    throw badRequest(AccountMessages.staleGoogleCode, { code: 'auth.googleCodeStale' });

  let identity: GoogleIdentity;
  try {
    identity = await oidc.exchangeCode({
      code: input.code,
      codeVerifier: attempt.codeVerifier,
      nonce: attempt.nonce,
      redirectUri: googleRedirectUri(ctx),
    });
  } catch (err) {
    throw providerFailure(ctx, err);
  }
  // Without an address Google vouches for, there is nobody to sign in or register.
  if (!identity.email || !identity.emailVerified) throw badRequest(AccountMessages.socialEmailMissing);

  const known = await findGoogleUser(ctx, identity.subject, identity.email);
  if (known) return { kind: 'signedIn', session: await signInLinked(ctx, known, identity.subject) };

  const signupToken = randomBytes(32).toString('base64url');
  await ctx.db.insert(socialSignups).values({
    tokenHash: sha256(signupToken),
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    subject: identity.subject,
    expiresAt: minutesFrom(now, SOCIAL_SIGNUP_MINUTES),
  });
  return {
    kind: 'needsRegistration',
    signup: { email: identity.email, firstName: identity.firstName, lastName: identity.lastName, signupToken },
  };
}

/** The user this Google identity belongs to: by subject, else by the verified email. */
async function findGoogleUser(ctx: AppContext, subject: string, email: string): Promise<UserRow | null> {
  const [bySubject] = await ctx.db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  if (bySubject) return bySubject;
  const byEmail = await findUserByEmail(ctx.db, email);
  // An address already linked to another Google account is not taken over by a second one.
  if (byEmail?.googleSubject && byEmail.googleSubject !== subject) throw conflict(AccountMessages.googleAccountMismatch);
  return byEmail;
}

/**
 * Links the Google subject to the user (Google proved the inbox, so the email counts as
 * verified) and signs in under the same rules as a password login.
 */
async function signInLinked(ctx: AppContext, user: UserRow, subject: string): Promise<SessionData> {
  // Google would skip the emailed code of an administrator's sign-in: they use their password.
  if (user.role === 'SuperAdmin') throw refusal('auth.passwordRequired', AccountMessages.adminPasswordRequired);
  if (user.googleSubject !== subject || !user.emailVerifiedAt) {
    const emailVerifiedAt = user.emailVerifiedAt ?? ctx.adapters.now();
    await ctx.db.update(users).set({ googleSubject: subject, emailVerifiedAt }).where(eq(users.id, user.id));
    user = { ...user, googleSubject: subject, emailVerifiedAt };
  }
  await assertMaySignIn(ctx, user);
  return issueSession(ctx, user, false);
}

type CompletionBody = BodyOf<typeof googleCompleteRegistration>;

/** Marks the signup used; false when someone else used it first. */
async function claimSignup(tx: Db, id: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(socialSignups)
    .set({ usedAt: now })
    .where(and(eq(socialSignups.id, id), isNull(socialSignups.usedAt)))
    .returning({ id: socialSignups.id });
  return claimed.length > 0;
}

/**
 * Finishes the registration of a new Google user: a job seeker with a date of birth, or an
 * employer whose business passes the verifier and the TIN rules before anything is created.
 */
export async function completeGoogleRegistration(ctx: AppContext, body: CompletionBody): Promise<SessionData> {
  const now = ctx.adapters.now();
  const email = normalizeEmail(body.email);
  const [signup] = await ctx.db
    .select()
    .from(socialSignups)
    .where(eq(socialSignups.tokenHash, sha256(body.signupToken)))
    .limit(1);
  if (!signup || signup.email !== email || signup.usedAt || signup.expiresAt.getTime() <= now.getTime()) {
    throw badRequest(AccountMessages.socialEmailMissing);
  }

  // Registered meanwhile (by password or another tab): link rather than duplicate.
  const existing = await findGoogleUser(ctx, signup.subject, email);
  if (existing) return linkFromSignup(ctx, signup.id, existing, signup.subject);

  if (body.role === 0 && !isAgeWithin(body.dateOfBirth ?? '', now)) {
    throw badRequest(AccountMessages.age, { fieldErrors: { dateOfBirth: AccountMessages.age } });
  }
  const business =
    body.role === 1 ? await verifyBusinessDetails(ctx, { name: body.businessName ?? '', tin: body.businessEin ?? '' }) : null;

  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      if (!(await claimSignup(tx, signup.id, now))) throw badRequest(AccountMessages.socialEmailMissing);
      let companyId: string | null = null;
      if (business) {
        await assertTinAvailable(tx, business.tin, null);
        const [company] = await tx
          .insert(companies)
          .values({
            name: business.name,
            tin: business.tin,
            tinKind: business.kind,
            verifiedAt: now,
            verificationMethod: business.method,
          })
          .returning({ id: companies.id });
        companyId = company!.id;
      }
      return createUser(tx, {
        email,
        passwordHash: null,
        firstName: signup.firstName,
        lastName: signup.lastName,
        role: body.role === 1 ? 'Employer' : 'JobSeeker',
        dateOfBirth: body.role === 0 ? (body.dateOfBirth ?? null) : null,
        companyId,
        emailVerifiedAt: now,
        googleSubject: signup.subject,
        termsAcceptedAt: now,
      });
    });
  } catch (err) {
    if (err instanceof EmailTakenError) {
      const raced = await findGoogleUser(ctx, signup.subject, email);
      if (raced) return linkFromSignup(ctx, signup.id, raced, signup.subject);
    }
    throw err;
  }
  ctx.log.info({ userId: user.id, role: user.role }, 'google registration completed');
  return issueSession(ctx, user, false);
}

async function linkFromSignup(ctx: AppContext, signupId: string, user: UserRow, subject: string): Promise<SessionData> {
  if (!(await claimSignup(ctx.db, signupId, ctx.adapters.now()))) throw badRequest(AccountMessages.socialEmailMissing);
  return signInLinked(ctx, user, subject);
}
