import type { ComponentPropsWithRef } from 'react';
import { Link } from 'wouter';
import type { ThemeMode } from '../../app/theme.tsx';
import type { SessionUser } from '../../contract/account.ts';
import { homeFor } from '../../contract/roles.ts';
import { Avatar } from '../ui/avatar.tsx';
import { cx } from '../ui/cx.ts';
import { useDisclosure } from '../ui/disclosure.ts';
import { dropdownItemClass, NavDropdown, type Align } from './nav-dropdown.tsx';
import { accountLinks, canMessage, isMenu, MESSAGES_HREF, messagesLabel, navMenus, roleLinks, type NavLink } from './nav-items.ts';

export interface TopNavProps {
  user: SessionUser | null;
  /** Job seekers see how complete their profile is. */
  profilePercentage: number | null;
  /** The address of the user's profile photo; their initials show without one. */
  photo?: string | null;
  /** Unread messages over all conversations, for the Messages badge; null while not known. */
  unread?: number | null;
  themeMode: ThemeMode;
  onThemeChange: (mode: ThemeMode) => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

// Labels never wrap: a two-word label (About us) broken over two lines reads as two links.
const topLinkClass =
  'whitespace-nowrap rounded px-1 py-0.5 text-sm font-medium text-ink no-underline hover:bg-black/5 dark:hover:bg-white/10';
const dropdownButtonClass = cx(topLinkClass, 'inline-flex items-center gap-0.5');

function ItemLink({ item, ...anchor }: { item: NavLink } & Omit<ComponentPropsWithRef<'a'>, 'href' | 'children'>) {
  return item.external ? (
    <a {...anchor} href={item.href} target="_blank" rel="noopener noreferrer">
      {item.label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <Link {...anchor} href={item.href}>
      {item.label}
    </Link>
  );
}

const badgeClass = 'min-w-2.5 rounded-full bg-brand-700 px-0.5 py-0.5 text-center text-xs leading-none font-bold text-white';

/** Messages, with a badge of the unread count (its number also in the link's name). */
function MessagesLink({ unread, className, onClick }: { unread: number | null | undefined; className: string; onClick?: () => void }) {
  return (
    <Link href={MESSAGES_HREF} className={className} aria-label={messagesLabel(unread)} onClick={onClick}>
      <span>Messages</span>
      {unread ? (
        <span aria-hidden="true" className={badgeClass}>
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
      <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

const themeLabels: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };

function ThemeMenu({ mode, onChange, align }: { mode: ThemeMode; onChange: (m: ThemeMode) => void; align: Align }) {
  return (
    <NavDropdown
      label="Theme"
      buttonLabel={`Theme: ${themeLabels[mode]}`}
      buttonClassName={dropdownButtonClass}
      align={align}
      button={
        <>
          <span aria-hidden="true">{mode === 'dark' ? '☾' : mode === 'light' ? '☀' : '◐'}</span>
          <span className="lg:sr-only">Theme</span>
          <Chevron />
        </>
      }
    >
      {(close) =>
        (Object.keys(themeLabels) as ThemeMode[]).map((m) => (
          <li key={m}>
            <button
              type="button"
              className={dropdownItemClass}
              aria-pressed={m === mode}
              onClick={() => {
                onChange(m);
                close();
              }}
            >
              <span aria-hidden="true" className="inline-block w-2">
                {m === mode ? '✓' : ''}
              </span>
              {themeLabels[m]}
            </button>
          </li>
        ))
      }
    </NavDropdown>
  );
}

function UserMenu({
  user,
  photo = null,
  profilePercentage,
  onChangePassword,
  onLogout,
  align,
}: Pick<TopNavProps, 'profilePercentage' | 'photo' | 'onChangePassword' | 'onLogout'> & { user: SessionUser; align: Align }) {
  return (
    <NavDropdown
      label={user.firstName}
      buttonClassName={dropdownButtonClass}
      align={align}
      button={
        <>
          <Avatar src={photo} person={user} />
          {user.firstName}
          <Chevron />
        </>
      }
    >
      {(close) => (
        <>
          <li>
            <Link href="/user/settings/profile" className={dropdownItemClass} onClick={close}>
              Profile
              {profilePercentage !== null && <span className="ml-1 text-xs text-muted">({profilePercentage}% complete)</span>}
            </Link>
          </li>
          {accountLinks(user.role).map((item) => (
            <li key={item.href}>
              <Link href={item.href} className={dropdownItemClass} onClick={close}>
                {item.label}
              </Link>
            </li>
          ))}
          {[
            { label: 'Change Password', act: onChangePassword },
            { label: 'Logout', act: onLogout },
          ].map(({ label, act }) => (
            <li key={label}>
              <button
                type="button"
                className={dropdownItemClass}
                onClick={() => {
                  close();
                  act();
                }}
              >
                {label}
              </button>
            </li>
          ))}
        </>
      )}
    </NavDropdown>
  );
}

export function TopNav(props: TopNavProps) {
  const { user } = props;
  // The collapsed menu tells of unread messages too, since Messages is inside it.
  const menuUnread = user && canMessage(user.role) ? (props.unread ?? 0) : 0;
  // The collapsed menu of narrow screens.
  const { open, close, buttonProps, panelProps } = useDisclosure();
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-1 px-2 py-1">
        <Link
          href="/"
          className="mr-2 flex items-center gap-1 text-lg font-extrabold text-ink no-underline lg:shrink-0 lg:whitespace-nowrap"
        >
          <span aria-hidden="true" className="inline-block size-3 rounded bg-brand-500" />
          {/* From 1200 px the links stand in one row; until 1536 px a signed-in user's fit only without the name beside the mark. */}
          <span className={cx(user && 'lg:max-xl:sr-only')}>Job Marketplace</span>
        </Link>
        <div className="hidden flex-1 items-center gap-0.5 lg:flex">
          {navMenus.map((entry) =>
            isMenu(entry) ? (
              <NavDropdown
                key={entry.label}
                label={entry.label}
                buttonClassName={dropdownButtonClass}
                button={
                  <>
                    {entry.label}
                    <Chevron />
                  </>
                }
              >
                {(close) =>
                  entry.items.map((item) => (
                    <li key={item.label}>
                      <ItemLink item={item} className={dropdownItemClass} onClick={close} />
                    </li>
                  ))
                }
              </NavDropdown>
            ) : (
              <span key={entry.label} className="contents">
                <ItemLink item={entry} className={topLinkClass} />
                {entry.href === '/' && user && (
                  <>
                    <Link href={homeFor(user.role)} className={topLinkClass}>
                      Dashboard
                    </Link>
                    {roleLinks(user.role).map((item) => (
                      <ItemLink key={item.href} item={item} className={topLinkClass} />
                    ))}
                    {canMessage(user.role) && (
                      <MessagesLink unread={props.unread} className={cx(topLinkClass, 'inline-flex items-center gap-0.5')} />
                    )}
                  </>
                )}
              </span>
            ),
          )}
        </div>
        <div className="ml-auto hidden items-center gap-0.5 lg:flex">
          <ThemeMenu mode={props.themeMode} onChange={props.onThemeChange} align="end" />
          {user ? (
            <UserMenu {...props} user={user} align="end" />
          ) : (
            <>
              <Link href="/login" className={topLinkClass}>
                Login
              </Link>
              <Link
                href="/register"
                className="rounded bg-brand-700 px-1.5 py-0.5 text-sm font-semibold text-white no-underline hover:bg-brand-800"
              >
                Register
              </Link>
            </>
          )}
        </div>
        <button {...buttonProps} className={cx(topLinkClass, 'ml-auto inline-flex items-center gap-0.5 lg:hidden')}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
            {open ? (
              <path d="M5.3 4.3 10 9l4.7-4.7 1.4 1.4L11.4 10.4l4.7 4.7-1.4 1.4L10 11.8l-4.7 4.7-1.4-1.4 4.7-4.7-4.7-4.7z" />
            ) : (
              <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
            )}
          </svg>
          Menu
          {menuUnread ? (
            <>
              <span aria-hidden="true" className={badgeClass}>
                {menuUnread > 99 ? '99+' : menuUnread}
              </span>
              <span className="sr-only">, {menuUnread} unread messages</span>
            </>
          ) : null}
        </button>
      </nav>
      {open && (
        <div {...panelProps} className="border-t border-line px-2 pb-2 lg:hidden" aria-label="Main menu">
          <ul className="flex flex-col gap-0.5 pt-1">
            {navMenus.map((entry) =>
              isMenu(entry) ? (
                <li key={entry.label}>
                  <p className="px-1 pt-1 text-xs font-semibold uppercase tracking-wide text-muted">{entry.label}</p>
                  <ul>
                    {entry.items.map((item) => (
                      <li key={item.label}>
                        <ItemLink item={item} className={cx(topLinkClass, 'block')} onClick={() => close()} />
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.label}>
                  <ItemLink item={entry} className={cx(topLinkClass, 'block')} onClick={() => close()} />
                  {entry.href === '/' && user && (
                    <>
                      <Link href={homeFor(user.role)} className={cx(topLinkClass, 'block')} onClick={() => close()}>
                        Dashboard
                      </Link>
                      {roleLinks(user.role).map((item) => (
                        <ItemLink key={item.href} item={item} className={cx(topLinkClass, 'block')} onClick={() => close()} />
                      ))}
                      {canMessage(user.role) && (
                        <MessagesLink
                          unread={props.unread}
                          className={cx(topLinkClass, 'flex items-center gap-0.5')}
                          onClick={() => close()}
                        />
                      )}
                    </>
                  )}
                </li>
              ),
            )}
          </ul>
          <div className="mt-1 flex flex-wrap items-center gap-1 border-t border-line pt-1">
            <ThemeMenu mode={props.themeMode} onChange={props.onThemeChange} align="start" />
            {user ? (
              <UserMenu {...props} user={user} align="start" />
            ) : (
              <>
                <Link href="/login" className={topLinkClass} onClick={() => close()}>
                  Login
                </Link>
                <Link href="/register" className={topLinkClass} onClick={() => close()}>
                  Register
                </Link>
              </>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
