import { z } from 'zod';
import { roleSchema } from '../contract/roles.ts';
import { sessionUserSchema, type SessionData } from '../contract/account.ts';

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

const KEYS = ['token', 'refreshToken', 'role', 'user', 'tokenExpiresAt'] as const;
/** Device preferences that outlive a sign-in. */
const DEVICE_KEYS = ['themeMode'];

export function toStoredSession(data: SessionData, now = Date.now()): StoredSession {
  return {
    token: data.accessToken,
    refreshToken: data.refreshToken,
    role: data.users.role,
    user: data.users,
    expiresAt: now + data.expiresIn * 1000,
    remember: data.remember,
  };
}

function readFrom(storage: Storage): StoredSession | null {
  const token = storage.getItem('token');
  if (!token) return null;
  try {
    const parsed = storedSessionSchema.safeParse({
      token,
      refreshToken: storage.getItem('refreshToken'),
      role: storage.getItem('role'),
      user: JSON.parse(storage.getItem('user') ?? 'null'),
      expiresAt: Number(storage.getItem('tokenExpiresAt')),
      remember: storage === localStorage,
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remember Me keeps the session in localStorage; otherwise it lasts for this browser session only. */
export const sessionStore = {
  read(): StoredSession | null {
    if (typeof window === 'undefined') return null;
    return readFrom(localStorage) ?? readFrom(sessionStorage);
  },
  write(session: StoredSession) {
    const target = session.remember ? localStorage : sessionStorage;
    const other = session.remember ? sessionStorage : localStorage;
    for (const key of KEYS) other.removeItem(key);
    target.setItem('token', session.token);
    target.setItem('refreshToken', session.refreshToken);
    target.setItem('role', session.role);
    target.setItem('user', JSON.stringify(session.user));
    target.setItem('tokenExpiresAt', String(session.expiresAt));
  },
  /** Logout and expiry clear all stored state but the device's display preferences. */
  clear() {
    const keep = DEVICE_KEYS.map((k) => [k, localStorage.getItem(k)] as const);
    localStorage.clear();
    sessionStorage.clear();
    for (const [k, v] of keep) if (v !== null) localStorage.setItem(k, v);
  },
};
