import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, storedSessionFor } from '../support/client/app-harness.tsx';

const html = document.documentElement;
const realMatchMedia = window.matchMedia;

/** The operating system's colour preference, which the test can flip. */
function systemPreference(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('prefers-color-scheme: dark') ? dark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(next: boolean) {
      dark = next;
      act(() => {
        for (const l of listeners) l({ matches: next, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
      });
    },
  };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

async function chooseTheme(label: 'Light' | 'Dark' | 'System') {
  const user = userEvent.setup();
  await user.click(within(nav()).getByRole('button', { name: /^Theme: / }));
  await user.click(await screen.findByRole('button', { name: label }));
}

beforeEach(() => {
  html.classList.remove('dark');
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
  html.classList.remove('dark');
});

describe('theme mode', () => {
  it('defaults to system', () => {
    systemPreference(false);
    renderApp();
    expect(within(nav()).getByRole('button', { name: 'Theme: System' })).toBeInTheDocument();
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem('themeMode')).toBeNull();
  });

  it('switches to dark from the nav, stores it, and restores it on the next visit', async () => {
    systemPreference(false);
    const first = renderApp();
    await chooseTheme('Dark');

    expect(html).toHaveClass('dark');
    expect(localStorage.getItem('themeMode')).toBe('dark');
    expect(within(nav()).getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();

    first.unmount();
    html.classList.remove('dark');
    renderApp();
    expect(html).toHaveClass('dark');
    expect(within(nav()).getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });

  it('switches to light even when the system prefers dark', async () => {
    systemPreference(true);
    renderApp();
    expect(html).toHaveClass('dark');
    await chooseTheme('Light');
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem('themeMode')).toBe('light');
  });

  it('follows the system preference in System mode, and ignores it otherwise', async () => {
    const system = systemPreference(true);
    renderApp();
    expect(html).toHaveClass('dark');

    system.set(false);
    expect(html).not.toHaveClass('dark');
    system.set(true);
    expect(html).toHaveClass('dark');

    await chooseTheme('Light');
    system.set(true);
    expect(html).not.toHaveClass('dark');

    await chooseTheme('System');
    expect(localStorage.getItem('themeMode')).toBe('system');
    await waitFor(() => expect(html).toHaveClass('dark'));
    system.set(false);
    expect(html).not.toHaveClass('dark');
  });

  it('keeps the theme when the user logs out', async () => {
    systemPreference(false);
    renderApp({
      stored: storedSessionFor({ id: 'em-1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' }),
    });
    await chooseTheme('Dark');

    const user = userEvent.setup();
    await user.click(await within(nav()).findByRole('button', { name: 'Erin' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();

    // Logout clears the sign-in from storage, not the device's display preference.
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('themeMode')).toBe('dark');
    expect(html).toHaveClass('dark');
  });
});
