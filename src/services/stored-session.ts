import { z } from 'zod';
import { sessionUserSchema } from '../contract/account.ts';
import { roleSchema } from '../contract/role-schemas.ts';

/** What the browser keeps of a sign-in (spec 1 §3: token and role, plus what refresh needs). */
export const storedSessionSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  role: roleSchema,
  user: sessionUserSchema,
  /** Epoch ms when the access token expires. */
  expiresAt: z.number(),
  remember: z.boolean(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;
