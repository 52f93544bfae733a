/**
 * The calls the app shell makes on every page (settings, token refresh, logout, the job seeker's
 * completion and photo). Each loads its area's service, and with it the contract's schemas, on first use,
 * so the first page a visitor opens downloads no schema code.
 */
export const shellService = {
  config: async (signal?: AbortSignal) => (await import('./system.ts')).systemService.config(signal),
  refreshToken: async (refreshToken: string, signal?: AbortSignal) =>
    (await import('./account.ts')).accountService.refreshToken(refreshToken, signal),
  logout: async (refreshToken: string | undefined) => (await import('./account.ts')).accountService.logout(refreshToken),
  completionStatus: async (signal?: AbortSignal) => (await import('./account.ts')).accountService.completionStatus(signal),
  /** The user menu's photo, or null. */
  profilePhoto: async (signal?: AbortSignal) => (await import('./common.ts')).commonService.profilePhoto(signal),
};
