import type { CompanyAction } from '../../machines/admin/company-action.machine.ts';

/** Each action's words: the button that opens it, the dialog's question, what it does, and its confirm button. */
export const ACTION_COPY: Record<CompanyAction, { button: string; title: (name: string) => string; does: string; confirm: string }> = {
  deactivate: {
    button: 'Deactivate',
    title: (name) => `Deactivate ${name}?`,
    does: 'Its staff are signed out and cannot sign in, and its jobs are hidden from search and every list. Nothing is deleted: activating it brings them back.',
    confirm: 'Deactivate company',
  },
  activate: {
    button: 'Activate',
    title: (name) => `Activate ${name}?`,
    does: 'Its staff can sign in again and its open jobs show in search and lists again.',
    confirm: 'Activate company',
  },
  blacklist: {
    button: 'Blacklist',
    title: (name) => `Blacklist ${name}?`,
    does: 'Its staff are signed out, its open jobs close and their applicants are told, its boosts stop, and its TIN cannot register again.',
    confirm: 'Blacklist company',
  },
  whitelist: {
    button: 'Whitelist',
    title: (name) => `Whitelist ${name}?`,
    does: 'Its staff can sign in again and its TIN can register again. Jobs closed by the blacklisting stay closed.',
    confirm: 'Whitelist company',
  },
};
