import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '../../src/contract/account.ts';
import { TopNav, type TopNavProps } from '../../src/views/layout/top-nav.view.tsx';
import { renderApp, storedSessionFor } from '../support/client/app-harness.tsx';

const jobSeeker: SessionUser = { id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' };
const superAdmin: SessionUser = { id: 'sa-1', email: 'sam@example.com', firstName: 'Sam', lastName: 'Carter', role: 'SuperAdmin' };
const employer: SessionUser = { id: 'em-1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' };

function renderNav(props: Partial<TopNavProps> = {}) {
  const all: TopNavProps = {
    user: null,
    profilePercentage: null,
    themeMode: 'system',
    onThemeChange: vi.fn(),
    onChangePassword: vi.fn(),
    onLogout: vi.fn(),
    ...props,
  };
  const location = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <TopNav {...all} />
    </Router>,
  );
  return { props: all, location, user: userEvent.setup() };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

/** Label and address of every item in the open menu. */
function openMenuItems() {
  const menu = screen.getByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => ({ name: item.textContent?.trim(), href: item.getAttribute('href') }));
}

describe('top navigation, signed out', () => {
  it('offers Login and Register and no Dashboard', () => {
    renderNav();
    expect(within(nav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav()).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(nav()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav()).getByRole('link', { name: 'Colleges' })).toHaveAttribute('href', '/colleges');
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});

describe('top navigation, signed in', () => {
  it('shows a job seeker their first-name menu with the profile percentage, and Dashboard → /user/dashboard', async () => {
    const { user } = renderNav({ user: jobSeeker, profilePercentage: 40 });
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');

    await user.click(within(nav()).getByRole('button', { name: 'Maria' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Profile(40% complete)', 'Change Password', 'Logout']);
    expect(items[0]).toHaveAttribute('href', '/user/settings/profile');
  });

  it('sends SuperAdmin to the back office from Dashboard', () => {
    renderNav({ user: superAdmin });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/back-office/dashboard');
    expect(within(nav()).getByRole('button', { name: 'Sam' })).toBeInTheDocument();
  });

  it('sends every other role to /user/dashboard', () => {
    renderNav({ user: employer });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
  });

  it('calls back when Logout is chosen', async () => {
    const { user, props } = renderNav({ user: jobSeeker, profilePercentage: 40 });
    await user.click(within(nav()).getByRole('button', { name: 'Maria' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(props.onLogout).toHaveBeenCalledTimes(1);
    expect(props.onChangePassword).not.toHaveBeenCalled();
  });

  it('calls back when Change Password is chosen, from the keyboard too', async () => {
    const { user, props } = renderNav({ user: jobSeeker, profilePercentage: 40 });
    act(() => within(nav()).getByRole('button', { name: 'Maria' }).focus());
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(props.onChangePassword).toHaveBeenCalledTimes(1);
    expect(props.onLogout).not.toHaveBeenCalled();
  });
});

describe('top navigation menus by keyboard', () => {
  const menus: Array<{ button: string; key: string; items: Array<{ name: string; href: string | null }> }> = [
    {
      button: 'JobSeeker',
      key: '{Enter}',
      items: [
        { name: 'Job Seekers', href: '/jobseekers' },
        { name: 'Browse Jobs', href: '/browse-jobs' },
        { name: 'Blogs', href: '/blogs' },
        { name: 'Build Your Resume (opens in a new tab)', href: expect.stringMatching(/^https:\/\//) as unknown as string },
      ],
    },
    {
      button: 'Employers',
      key: '{ArrowDown}',
      items: [
        { name: 'Employers', href: '/employers' },
        { name: 'Hiring Minors', href: '/hiringMinors' },
        { name: 'Blogs', href: '/blogs' },
      ],
    },
    {
      button: 'About us',
      key: '{Enter}',
      items: [
        { name: 'About us', href: '/about-us' },
        { name: 'Contact', href: '/contact' },
      ],
    },
    {
      button: 'Support',
      key: '{ArrowDown}',
      items: [
        { name: 'Terms of Service', href: '/terms-of-service' },
        { name: 'Privacy Policy', href: '/privacy-policy' },
        { name: 'FAQs', href: '/faqs' },
      ],
    },
    {
      button: 'Theme: System',
      key: '{Enter}',
      items: [
        { name: 'Light', href: null },
        { name: 'Dark', href: null },
        { name: 'System', href: null },
      ],
    },
  ];

  for (const menu of menus) {
    it(`opens ${menu.button} with ${menu.key} and closes it with Escape`, async () => {
      const { user } = renderNav();
      const button = within(nav()).getByRole('button', { name: menu.button });
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();

      act(() => button.focus());
      await user.keyboard(menu.key);
      const open = await screen.findByRole('menu');
      expect(button).toHaveAttribute('aria-expanded', 'true');
      // The focus moves into the menu, its first item active.
      await waitFor(() => expect(open).toHaveFocus());
      expect(open).toHaveAttribute('aria-activedescendant', screen.getAllByRole('menuitem')[0]!.id);
      const items = openMenuItems().map((i) => ({ ...i, name: i.name?.replace(/\s+/g, ' ').replace(/^✓/, '') }));
      expect(items).toEqual(menu.items);

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      expect(button).toHaveFocus();
    });
  }

  it('opens Build Your Resume in a new tab without handing over the opener', async () => {
    const { user } = renderNav();
    act(() => within(nav()).getByRole('button', { name: 'JobSeeker' }).focus());
    await user.keyboard('{Enter}');
    const resume = await screen.findByRole('menuitem', { name: /Build Your Resume/ });
    expect(resume).toHaveAttribute('target', '_blank');
    expect(resume.getAttribute('rel')?.split(' ')).toContain('noopener');
  });

  it('follows a menu item to its page', async () => {
    const { user, location } = renderNav();
    act(() => within(nav()).getByRole('button', { name: 'Support' }).focus());
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/faqs'));
  });
});

describe('top navigation with the real session', () => {
  it('greets the restored user by first name, and logout returns to signed out', async () => {
    const user = userEvent.setup();
    const { location, revoked } = renderApp({ path: '/', stored: storedSessionFor(employer) });

    const menuButton = await within(nav()).findByRole('button', { name: 'Erin' });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Erin' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(revoked).toEqual(['refresh-em-1']);
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });

  it('shows a signed-out visitor Login and Register', async () => {
    renderApp({ path: '/' });
    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
