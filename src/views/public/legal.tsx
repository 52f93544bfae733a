import { useAppConfig } from '../../app/app-config.tsx';

/** The version and date of each policy: a change to a policy's text is a new version with its date. */
export const TERMS_VERSION = { version: '1.0', effective: '2026-11-28' } as const;
export const PRIVACY_VERSION = { version: '1.0', effective: '2026-11-28' } as const;

const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** "Version 1.0, in effect from November 28, 2026." */
export function PolicyVersion({ of }: { of: { version: string; effective: string } }) {
  return (
    <p className="text-sm text-muted">
      Version {of.version}, in effect from <time dateTime={of.effective}>{longDate(of.effective)}</time>.
    </p>
  );
}

/** The support address the server is configured with, as a mail link. */
export function SupportEmail() {
  const { supportEmail } = useAppConfig();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}
