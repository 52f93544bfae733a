/** A person's name as shown to others: first and last name, either of which may be missing. */
export const fullNameOf = (p: { firstName: string | null; lastName: string | null }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
