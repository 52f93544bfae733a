import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Recruiter } from '../../contract/staff.ts';
import { actionsFor, type StaffAction } from '../../machines/staff/staff.machine.ts';
import { cx } from '../ui/cx.ts';
import { Spinner } from '../ui/spinner.tsx';

const actionLabel: Record<StaffAction, string> = {
  deactivate: 'Deactivate',
  activate: 'Activate',
  resend: 'Resend invitation',
  revoke: 'Revoke invitation',
  delete: 'Delete',
};

const itemClass =
  'block w-full px-2 py-1 text-left text-sm text-ink data-focus:bg-brand-50 data-focus:text-brand-800 dark:data-focus:bg-white/10 dark:data-focus:text-ink';

/** Who a row is, for labels: the name, or the email of an invitation that gave none. */
export const whoOf = (r: Recruiter) => r.name || r.email;

/** A row's actions in a Headless UI menu: Enter, Space or Arrow Down opens it, the arrows move, Escape closes. */
export function RowActions({
  recruiter,
  busy,
  onEdit,
  onAction,
}: {
  recruiter: Recruiter;
  busy: boolean;
  onEdit: () => void;
  onAction: (a: StaffAction) => void;
}) {
  const actions = actionsFor(recruiter);
  return (
    <Menu>
      <MenuButton
        disabled={busy}
        aria-label={`Actions for ${whoOf(recruiter)}`}
        className="inline-flex min-h-5 items-center gap-0.5 rounded border border-line px-1 py-0.5 text-sm font-semibold hover:bg-surface-raised disabled:opacity-60"
      >
        {busy ? <Spinner size={16} /> : null}
        Actions
        <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-30 min-w-24 rounded border border-line bg-surface py-0.5 shadow-lg focus:outline-none">
        {recruiter.status !== 'invited' && (
          <MenuItem>
            <button type="button" className={itemClass} onClick={onEdit}>
              Edit
            </button>
          </MenuItem>
        )}
        {actions.map((action) => (
          <MenuItem key={action}>
            <button type="button" className={cx(itemClass, action === 'delete' && 'text-danger')} onClick={() => onAction(action)}>
              {actionLabel[action]}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
