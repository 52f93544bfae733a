// Suggested candidates and the invitations to apply.
// What the area offers the rest of the server: nothing outside it imports its other files.

import type { AppContext } from '../context.ts';
import { markInvitationApplied } from './invite.ts';

export { suggestionRoutes } from './routes.ts';
export { seedDemoInvitations } from './demo.ts';

/** What the suggestions area does when other areas tell it something. */
export function listenForSuggestions(ctx: AppContext): void {
  // An invited seeker who applies shows as applied on the invitation.
  ctx.events.on('application.created', ({ jobPostId, seekerId, at }) => markInvitationApplied(ctx, jobPostId, seekerId, at));
}
