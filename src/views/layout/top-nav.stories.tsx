import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import type { SessionUser } from '../../contract/account.ts';
import { storyPortrait } from '../jobseeker/photo-stories-support.ts';
import { TopNav } from './top-nav.view.tsx';

const jobSeeker: SessionUser = {
  id: 'user-jobseeker',
  email: 'maria.lopez@example.com',
  firstName: 'Maria',
  lastName: 'Lopez',
  role: 'JobSeeker',
};

const superAdmin: SessionUser = {
  id: 'user-admin',
  email: 'sam.carter@example.com',
  firstName: 'Sam',
  lastName: 'Carter',
  role: 'SuperAdmin',
};

const dark = { theme: 'dark' } as const;
/** 375 px wide: below the 1,200 px breakpoint, so the nav collapses into its menu button. */
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;

const meta = {
  title: 'Layout/Top navigation',
  component: TopNav,
  args: {
    user: null,
    profilePercentage: null,
    photo: null,
    themeMode: 'system',
    onThemeChange: fn(),
    onChangePassword: fn(),
    onLogout: fn(),
  },
  argTypes: {
    themeMode: { control: 'inline-radio', options: ['light', 'dark', 'system'] },
    // null until a job seeker's percentage arrives, so a number field rather than a slider.
    profilePercentage: { control: { type: 'number', min: 0, max: 100, step: 5 } },
  },
  parameters: { layout: 'fullscreen', docs: { story: { height: '80px' } } },
} satisfies Meta<typeof TopNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {};

export const SignedOutDark: Story = { globals: dark, args: { themeMode: 'dark' } };

export const JobSeeker: Story = {
  args: { user: jobSeeker, profilePercentage: 65 },
};

export const JobSeekerDark: Story = { ...JobSeeker, globals: dark, args: { ...JobSeeker.args, themeMode: 'dark' } };

/** A job seeker with a profile photo: it shows beside the first name instead of the initials. */
export const JobSeekerWithPhoto: Story = {
  args: { user: jobSeeker, profilePercentage: 65, photo: storyPortrait },
};

export const JobSeekerWithPhotoDark: Story = {
  ...JobSeekerWithPhoto,
  globals: dark,
  args: { ...JobSeekerWithPhoto.args, themeMode: 'dark' },
};

/** The first-name menu opened: Profile (with the completion percentage), Change Password, Logout. */
export const JobSeekerMenuOpen: Story = {
  args: { user: jobSeeker, profilePercentage: 65 },
  parameters: { docs: { story: { height: '240px' } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Maria' }));
    await expect(await screen.findByRole('link', { name: /Profile/ })).toHaveTextContent('65% complete');
  },
};

export const JobSeekerMenuOpenDark: Story = { ...JobSeekerMenuOpen, globals: dark, args: { ...JobSeekerMenuOpen.args, themeMode: 'dark' } };

export const SuperAdmin: Story = {
  args: { user: superAdmin },
};

export const SuperAdminDark: Story = { ...SuperAdmin, globals: dark, args: { ...SuperAdmin.args, themeMode: 'dark' } };

export const Mobile: Story = {
  globals: phone,
};

export const MobileDark: Story = { globals: { ...phone, ...dark }, args: { themeMode: 'dark' } };

/** The collapsed nav with its menu opened, as a signed-in job seeker. */
export const MobileMenuOpen: Story = {
  globals: phone,
  args: { user: jobSeeker, profilePercentage: 65 },
  parameters: { docs: { story: { height: '720px' } } },
  play: async ({ canvas, userEvent }) => {
    // The menu button exists only below 1,200 px: on a wide docs page the full nav shows instead.
    const button = canvas.queryByRole('button', { name: 'Menu' });
    if (!button) return;
    await userEvent.click(button);
    await expect(canvas.getByRole('link', { name: /Build Your Resume/ })).toHaveAttribute('target', '_blank');
  },
};

export const MobileMenuOpenDark: Story = {
  ...MobileMenuOpen,
  globals: { ...phone, ...dark },
  args: { ...MobileMenuOpen.args, themeMode: 'dark' },
};

/** Unread messages: a badge on Messages, and the count in the link's name ("Messages, 3 unread"). */
export const UnreadMessages: Story = { args: { user: jobSeeker, profilePercentage: 65, unread: 3 } };

export const UnreadMessagesDark: Story = { ...UnreadMessages, globals: dark, args: { ...UnreadMessages.args, themeMode: 'dark' } };
