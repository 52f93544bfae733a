export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

export function fullName(user: PersonName | null | undefined): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
}

/** Uppercase first letters of first and last name (spec 1 §3). */
export function initials(user: PersonName | null | undefined): string {
  return [user?.firstName, user?.lastName].map((part) => part?.trim().charAt(0).toUpperCase() ?? '').join('');
}
