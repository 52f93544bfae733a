import type { InviteManyRequest, InviteRequest, SentInvitationsRequest, SuggestionRequest } from '../contract/suggestions.ts';
import { contractLoader } from './http.ts';

const contract = contractLoader(() => import('../contract/suggestions.ts'));

type Signal = AbortSignal | undefined;

/** Typed calls of suggested job seekers and invitations (spec 2 §7 SuggestedJobSeekerByJob, InviteJobSeeker, InviteJobSeekersByJobId). */
export const suggestionsService = {
  /** One page of the job seekers suggested for one of the company's jobs. */
  suggested: (request: SuggestionRequest, signal?: Signal) => contract.call('suggestedJobSeekerByJob', { body: request }, { signal }),
  invite: (request: InviteRequest, signal?: Signal) => contract.call('inviteJobSeeker', { body: request }, { signal }),
  inviteMany: (request: InviteManyRequest, signal?: Signal) => contract.call('inviteJobSeekersByJobId', { body: request }, { signal }),
  /** One page of the invitations the company sent (/user/invites). */
  sent: (request: SentInvitationsRequest, signal?: Signal) => contract.call('sentInvitations', { body: request }, { signal }),
  /** The job seeker's own invitations, newest first. */
  mine: (pageSize: number, signal?: Signal) => contract.call('seekerInvitations', { query: { pageNumber: 1, pageSize } }, { signal }),
  /** The seeker opened the job from an invitation; a failure is not worth telling (no toast). */
  viewed: (invitationId: string, signal?: Signal) => contract.call('invitationViewed', { body: { invitationId } }, { signal, quiet: true }),
};
