import * as ep from '../contract/invitations.ts';
import type { AcceptInvitationRequest } from '../contract/invitations.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of the accept page of an emailed invitation (public). */
export const invitationService = {
  invitation: (token: string, signal?: Signal) => call(ep.invitation, { query: { token } }, { signal }),
  acceptInvitation: (body: AcceptInvitationRequest, signal?: Signal) => call(ep.acceptInvitation, { body }, { signal }),
};
