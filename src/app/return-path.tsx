import { createContext, useContext } from 'react';
import { returnPathStore } from '../services/return-path.ts';

/** Where a visitor returns once signed in, kept while a sign-in through Google leaves the site. */
export interface ReturnPath {
  save(next: string | null | undefined): void;
  take(): string | null;
}

// The browser's session storage by default; tests and stories may provide their own.
const ReturnPathContext = createContext<ReturnPath>(returnPathStore);

export const ReturnPathProvider = ReturnPathContext.Provider;

export const useReturnPath = () => useContext(ReturnPathContext);
