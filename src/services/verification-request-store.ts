import { businessVerificationRequestSchema, type BusinessVerificationRequest } from '../contract/account.ts';

const KEY = 'businessVerificationRequest';

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.sessionStorage);

/**
 * The business verification an employer still has to complete (spec 1 §4). Login and
 * registration keep it here; /business-validation reads it to prefill the form. It lives
 * in sessionStorage: it holds a TIN, so it must not outlast the browser session.
 */
export const verificationRequestStore = {
  save(request: BusinessVerificationRequest): void {
    const parsed = businessVerificationRequestSchema.safeParse(request);
    if (parsed.success) storage()?.setItem(KEY, JSON.stringify(parsed.data));
  },
  /** The stored request, or null when there is none or it does not have the contract's shape. */
  read(): BusinessVerificationRequest | null {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    try {
      const parsed = businessVerificationRequestSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    storage()?.removeItem(KEY);
  },
};
