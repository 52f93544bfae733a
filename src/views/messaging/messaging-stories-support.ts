/** Demo conversations and messages for the messaging stories and tests. */
import type { Conversation, Message, MessagingSession, ThreadPage } from '../../contract/messaging.ts';

export const RECRUITER_ID = 'user-recruiter';
export const SEEKER_ID = 'user-seeker';
export const URL_A = 'ch-nurse-maria';
export const URL_B = 'ch-cook-sam';

export const session: MessagingSession = {
  clientId: RECRUITER_ID,
  nickname: 'Amir Nguyen',
  sessionToken: 'token-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

export function message(id: number, over: Partial<Message> = {}): Message {
  return {
    id,
    channelUrl: URL_A,
    sender: { clientId: SEEKER_ID, nickname: 'Maria Lopez', role: 'JobSeeker' },
    text: `Message ${id}`,
    createdAt: new Date(Date.UTC(2026, 2, 14, 9, id)).toISOString(),
    clientMessageId: null,
    ...over,
  };
}

export const mine = (id: number, over: Partial<Message> = {}) =>
  message(id, { sender: { clientId: RECRUITER_ID, nickname: 'Amir Nguyen', role: 'Recruiter' }, ...over });

export function conversation(
  url: string,
  over: { name?: string; title?: string; unread?: number; last?: Message | null; jobId?: string; seekerId?: string } = {},
): Conversation {
  const last = over.last === undefined ? message(5, { channelUrl: url }) : over.last;
  return {
    jobPost: { id: over.jobId ?? 'job-1', title: over.title ?? 'Night Nurse', companyName: 'Northwind Care', city: 'Austin', state: 'TX' },
    channel: {
      url,
      name: `${over.name ?? 'Maria Lopez'} · ${over.title ?? 'Night Nurse'}`,
      last_message_date: last ? Math.floor(Date.parse(last.createdAt) / 1000) : 1_773_000_000,
      last_message: last,
      unread_message_count: over.unread ?? 0,
      members: [
        { clientId: RECRUITER_ID, nickname: 'Amir Nguyen', role: 'Recruiter' },
        { clientId: over.seekerId ?? SEEKER_ID, nickname: over.name ?? 'Maria Lopez', role: 'JobSeeker' },
      ],
      read_up_to: {},
    },
    applicant: { id: `app-${url}`, name: over.name ?? 'Maria Lopez', status: 'Applied' },
  };
}

export const conversationA = conversation(URL_A, { unread: 2 });
export const conversationB = conversation(URL_B, {
  name: 'Sam Ortiz',
  title: 'Line Cook',
  seekerId: 'user-sam',
  unread: 0,
  last: message(3, { channelUrl: URL_B, sender: { clientId: 'user-sam', nickname: 'Sam Ortiz', role: 'JobSeeker' } }),
});

export function threadPage(messages: Message[], hasOlder = false, readUpTo: Record<string, number> = {}): ThreadPage {
  const c = conversation(URL_A);
  return {
    conversation: { ...c, channel: { ...c.channel, read_up_to: readUpTo } },
    messages: [...messages].sort((a, b) => b.id - a.id),
    hasOlder,
  };
}
