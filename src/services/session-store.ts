import type { SessionData } from '../contract/account.ts';
import type { StoredSession } from './stored-session.ts';

export type { StoredSession };

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

/** What one storage holds, unchecked; null when nothing is stored there. */
function rawFrom(storage: Storage): Record<string, unknown> | null {
  const token = storage.getItem('token');
  if (!token) return null;
  let user: unknown = null;
  try {
    user = JSON.parse(storage.getItem('user') ?? 'null');
  } catch {
    // Checked below like every other field.
  }
  return {
    token,
    refreshToken: storage.getItem('refreshToken'),
    role: storage.getItem('role'),
    user,
    expiresAt: Number(storage.getItem('tokenExpiresAt')),
    remember: storage === localStorage,
  };
}

/** Remember Me keeps the session in localStorage; otherwise it lasts for this browser session only. */
export const sessionStore = {
  /** Whether this browser keeps anything of a sign-in (whole or not): read at once, without the schema. */
  mayHold(): boolean {
    if (typeof window === 'undefined') return false;
    return rawFrom(localStorage) !== null || rawFrom(sessionStorage) !== null;
  },
  /** The stored sign-in if it is whole and well formed. A visitor with none never loads the schema. */
  async read(): Promise<StoredSession | null> {
    if (typeof window === 'undefined') return null;
    const stored = [rawFrom(localStorage), rawFrom(sessionStorage)].filter((raw) => raw !== null);
    if (!stored.length) return null;
    const { storedSessionSchema } = await import('./stored-session.ts');
    for (const raw of stored) {
      const parsed = storedSessionSchema.safeParse(raw);
      if (parsed.success) return parsed.data;
    }
    return null;
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
