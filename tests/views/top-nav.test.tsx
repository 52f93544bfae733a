import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { CompletionStatus, SessionUser } from '../../src/contract/account.ts';
import { profileCompletionMachine } from '../../src/machines/account/profile-completion.machine.ts';
import { userPhotoMachine } from '../../src/machines/account/user-photo.machine.ts';
import { profileChanges, type ProfilePhoto } from '../../src/services/profile-changes.ts';
import { TopNav, type TopNavProps } from '../../src/views/layout/top-nav.view.tsx';
import { renderApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

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

/** The open dropdown: a list named after its button (the disclosure pattern of site navigation). */
const dropdown = (name: string) => screen.findByRole('list', { name });

/** Label and address of every link or button in an open dropdown. */
function itemsOf(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('a, button')!)
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
    const items = itemsOf(await dropdown('Maria'));
    expect(items).toEqual([
      { name: 'Profile(40% complete)', href: '/user/settings/profile' },
      { name: 'Applied jobs', href: '/user/applied-jobs' },
      { name: 'Saved jobs', href: '/user/saved-jobs' },
      { name: 'Change Password', href: null },
      { name: 'Logout', href: null },
    ]);
  });

  it('shows the initials beside the first name until there is a photo, then the photo', () => {
    renderNav({ user: jobSeeker, profilePercentage: 40 });
    const button = within(nav()).getByRole('button', { name: 'Maria' });
    expect(button).toHaveTextContent('MLMaria');
    expect(button.querySelector('img')).toBeNull();
  });

  it('shows the photo in the menu button, leaving its name the first name', () => {
    renderNav({ user: jobSeeker, profilePercentage: 40, photo: 'https://api.example.com/api/Common/images/p1?expires=1&signature=s' });
    const button = within(nav()).getByRole('button', { name: 'Maria' });
    expect(button.querySelector('img')).toHaveAttribute('src', 'https://api.example.com/api/Common/images/p1?expires=1&signature=s');
    expect(button.querySelector('img')).toHaveAttribute('alt', '');
    expect(button).toHaveTextContent(/^Maria$/);
  });

  it('falls back to the initials when the photo cannot be loaded', () => {
    renderNav({ user: jobSeeker, photo: 'https://api.example.com/expired.webp' });
    const button = within(nav()).getByRole('button', { name: 'Maria' });
    fireEvent.error(button.querySelector('img')!);
    expect(button.querySelector('img')).toBeNull();
    expect(button).toHaveTextContent('MLMaria');
  });

  it('sends SuperAdmin to the back office from Dashboard, with Companies and Reports beside it', () => {
    renderNav({ user: superAdmin });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/back-office/dashboard');
    expect(within(nav()).getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/back-office/company');
    expect(within(nav()).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/back-office/reports');
    expect(within(nav()).queryByRole('link', { name: 'Jobs' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Sam' })).toBeInTheDocument();
  });

  it('sends every other role to /user/dashboard', () => {
    renderNav({ user: employer });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
  });

  it('gives an employer Jobs and Applicants beside Dashboard, and Company, Invitations sent, Staff and Billing in the menu', async () => {
    const { user } = renderNav({ user: employer });
    expect(within(nav()).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/user/jobs');
    expect(within(nav()).getByRole('link', { name: 'Applicants' })).toHaveAttribute('href', '/user/applicants');
    await user.click(within(nav()).getByRole('button', { name: 'Erin' }));
    expect(itemsOf(await dropdown('Erin'))).toEqual([
      { name: 'Profile', href: '/user/settings/profile' },
      { name: 'Company', href: '/user/settings/company-details' },
      { name: 'Invitations sent', href: '/user/invites' },
      { name: 'Staff', href: '/user/staff' },
      { name: 'Billing', href: '/user/billing' },
      { name: 'Change Password', href: null },
      { name: 'Logout', href: null },
    ]);
  });

  it('gives a recruiter Jobs, Applicants, Company and Invitations sent, and a job seeker none of them', async () => {
    const { user } = renderNav({ user: { ...employer, firstName: 'Amir', role: 'Recruiter' } });
    expect(within(nav()).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/user/jobs');
    expect(within(nav()).getByRole('link', { name: 'Applicants' })).toHaveAttribute('href', '/user/applicants');
    await user.click(within(nav()).getByRole('button', { name: 'Amir' }));
    expect(itemsOf(await dropdown('Amir')).map((i) => i.name)).toEqual([
      'Profile',
      'Company',
      'Invitations sent',
      'Change Password',
      'Logout',
    ]);
    cleanup();
    renderNav({ user: jobSeeker, profilePercentage: 40 });
    expect(within(nav()).queryByRole('link', { name: 'Jobs' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Applicants' })).not.toBeInTheDocument();
  });

  it('calls back when Logout is chosen', async () => {
    const { user, props } = renderNav({ user: jobSeeker, profilePercentage: 40 });
    await user.click(within(nav()).getByRole('button', { name: 'Maria' }));
    await user.click(within(await dropdown('Maria')).getByRole('button', { name: 'Logout' }));
    expect(props.onLogout).toHaveBeenCalledTimes(1);
    expect(props.onChangePassword).not.toHaveBeenCalled();
    // Choosing an item closes the dropdown.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Maria' })).not.toBeInTheDocument());
  });

  it('calls back when Change Password is chosen, from the keyboard too', async () => {
    const { user, props } = renderNav({ user: jobSeeker, profilePercentage: 40 });
    act(() => within(nav()).getByRole('button', { name: 'Maria' }).focus());
    await user.keyboard('{ArrowDown}');
    const list = await dropdown('Maria');
    await waitFor(() => expect(within(list).getByRole('link', { name: /Profile/ })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
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
        { name: 'Build Your Resume', href: '/build-your-resume' },
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
      const name = menu.button.startsWith('Theme') ? 'Theme' : menu.button;
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('list', { name })).not.toBeInTheDocument();

      act(() => button.focus());
      await user.keyboard(menu.key);
      const open = await dropdown(name);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(button).toHaveAttribute('aria-controls', open.id);
      const items = itemsOf(open).map((i) => ({ ...i, name: i.name?.replace(/\s+/g, ' ').replace(/^✓/, '') }));
      expect(items).toEqual(menu.items);
      const [first, second] = within(open)
        .getAllByRole('listitem')
        .map((li) => li.querySelector<HTMLElement>('a, button')!);
      if (menu.key === '{ArrowDown}') {
        // Arrow Down opens it at its first item; the arrows move between items.
        await waitFor(() => expect(first).toHaveFocus());
        await user.keyboard('{ArrowDown}');
        expect(second).toHaveFocus();
        await user.keyboard('{ArrowUp}');
        expect(first).toHaveFocus();
      } else {
        // Enter leaves the focus on the button; Tab goes into the list.
        expect(button).toHaveFocus();
        await user.tab();
        expect(first).toHaveFocus();
      }

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('list', { name })).not.toBeInTheDocument());
      expect(button).toHaveFocus();
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  }

  it('keeps Build Your Resume inside the product, in the same tab', async () => {
    const { user } = renderNav();
    act(() => within(nav()).getByRole('button', { name: 'JobSeeker' }).focus());
    await user.keyboard('{Enter}');
    const resume = within(await dropdown('JobSeeker')).getByRole('link', { name: 'Build Your Resume' });
    expect(resume).toHaveAttribute('href', '/build-your-resume');
    expect(resume).not.toHaveAttribute('target');
  });

  it('follows a menu item to its page', async () => {
    const { user, location } = renderNav();
    act(() => within(nav()).getByRole('button', { name: 'Support' }).focus());
    await user.keyboard('{ArrowDown}');
    await dropdown('Support');
    await user.keyboard('{End}{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/faqs'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Support' })).not.toBeInTheDocument());
  });

  it('closes a dropdown when the pointer goes down outside it, or the focus leaves it', async () => {
    const { user } = renderNav();
    await user.click(within(nav()).getByRole('button', { name: 'About us' }));
    await dropdown('About us');
    await user.click(within(nav()).getByRole('link', { name: 'Colleges' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'About us' })).not.toBeInTheDocument());

    const support = within(nav()).getByRole('button', { name: 'Support' });
    await user.click(support);
    const list = await dropdown('Support');
    // Tab through the three links and out of the dropdown.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(list).getByRole('link', { name: 'FAQs' })).toHaveFocus();
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Support' })).not.toBeInTheDocument());
    expect(support).toHaveAttribute('aria-expanded', 'false');
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
    await user.click(within(await dropdown('Erin')).getByRole('button', { name: 'Logout' }));

    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Erin' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(revoked).toEqual(['refresh-em-1']);
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });

  it("shows a job seeker's photo once read, and a photo changed on a page at once, without a reload", async () => {
    const read = deferred<ProfilePhoto | null>();
    const completion: CompletionStatus = {
      isCompleted: false,
      completedPercentage: 50,
      profileComplete: true,
      educationComplete: false,
      skillsComplete: true,
      experienceComplete: true,
      preferencesComplete: false,
      documentsComplete: false,
    };
    renderApp({
      path: '/change-password',
      stored: storedSessionFor(jobSeeker),
      layout: {
        completionLogic: profileCompletionMachine.provide({ actors: { load: fromPromise(async () => completion) } }),
        photoLogic: userPhotoMachine.provide({ actors: { load: fromPromise(() => read.promise) } }),
      },
    });
    // The nav is drawn anew once the job seeker's session is restored: look it up each time.
    const button = await waitFor(() => within(nav()).getByRole('button', { name: 'Maria' }));
    expect(button).toHaveTextContent('MLMaria');
    const stored = { src: 'https://api.example.com/api/Common/images/p1?expires=1&signature=s', expiresAt: '2030-01-01T00:00:00.000Z' };
    await act(async () => read.resolve(stored));
    expect(button.querySelector('img')).toHaveAttribute('src', stored.src);

    const uploaded = { src: 'https://api.example.com/api/Common/images/p2?expires=1&signature=s', expiresAt: '2030-01-01T00:00:00.000Z' };
    act(() => profileChanges.photoChanged(uploaded));
    expect(button.querySelector('img')).toHaveAttribute('src', uploaded.src);
    act(() => profileChanges.photoChanged(null));
    expect(button.querySelector('img')).toBeNull();
    expect(button).toHaveTextContent('MLMaria');
  });

  it('shows a signed-out visitor Login and Register', async () => {
    renderApp({ path: '/' });
    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
