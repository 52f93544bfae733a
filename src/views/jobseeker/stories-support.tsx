import { withProviders } from '../account/stories-support.tsx';

/** The providers a job seeker's pages read: the app's settings and a signed-in job seeker. */
export const withJobSeeker = withProviders({
  token: 'story-token',
  refreshToken: 'story-refresh',
  role: 'JobSeeker',
  user: { id: 'js-1', email: 'maria.lopez@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' },
  // Far enough ahead that the story's session never tries a refresh.
  expiresAt: Date.now() + 24 * 3600_000,
  remember: false,
});
