import type { ReactNode } from 'react';
import { completionSections } from '../../machines/account/profile-completion.machine.ts';
import { SettingsLayout, type SettingsLink } from '../layout/settings-layout.tsx';

/** The job seeker's settings pages, in the order the dashboard lists their sections. */
export const settingsLinks: readonly SettingsLink[] = [
  ...completionSections.map(({ label, href }) => ({ label, href })),
  { label: 'Job alerts', href: '/user/settings/job-alerts' },
  { label: 'Change Password', href: '/user/settings/change-password' },
];

/** The frame of a job seeker's settings page, with every profile section in its side list. */
export function JobSeekerSettings({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <SettingsLayout links={settingsLinks} title={title} intro={intro}>
      {children}
    </SettingsLayout>
  );
}
