import { AccountMessages } from '../../contract/account-messages.ts';
import { ApiError, codeOf } from '../../services/http.ts';
import { messagesOf } from '../form.ts';

/** What a failed back-office read tells the page: the answer's messages, or the generic words. */
export const loadErrorOf = (error: unknown): string => messagesOf(error, AccountMessages.generic).join(' ');

/**
 * No such record: the server says it is not found (404), or the id is one no record can have (the
 * contract refuses it with request.invalid before looking).
 */
export const isMissing = (error: unknown): boolean =>
  codeOf(error) === 'company.notFound' || codeOf(error) === 'request.invalid' || (error instanceof ApiError && error.status === 404);
