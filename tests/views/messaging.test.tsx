import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../src/app/route-table.ts';
import { MessagingMessages, SocketClose, type ConversationPage, type Message } from '../../src/contract/messaging.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  conversationA,
  conversationB,
  message,
  mine,
  RECRUITER_ID,
  threadPage,
  URL_A,
  URL_B,
} from '../../src/views/messaging/messaging-stories-support.ts';
import MessagingPage, { Messaging } from '../../src/views/messaging/messaging.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { testConnection, testLogic } from '../support/client/messaging-harness.ts';
import { deferred } from '../support/client/model.ts';
import { widenScreen } from '../support/client/wide-screen.ts';

const recruiter = storedSessionFor({
  id: RECRUITER_ID,
  email: 'amir@northwind.example',
  firstName: 'Amir',
  lastName: 'Nguyen',
  role: 'Recruiter',
});
const admin = storedSessionFor({ id: 'user-admin', email: 'sam@example.com', firstName: 'Sam', lastName: 'Carter', role: 'SuperAdmin' });
const NOW = new Date('2026-03-14T10:00:00Z');
const page: ConversationPage = { messages: [conversationA, conversationB], nextToken: null };

function open(options: { path?: string; wide?: boolean; handlers?: Parameters<typeof testLogic>[0]; side?: 'staff' | 'seeker' } = {}) {
  if (options.wide ?? true) widenScreen();
  const connection = testConnection();
  const logic = testLogic({ list: async () => page, thread: async () => threadPage([mine(9), message(10)]), ...options.handlers });
  const app = renderInApp(
    <Messaging
      side={options.side ?? 'staff'}
      me={RECRUITER_ID}
      connection={connection.actor}
      conversationsLogic={logic.conversationsLogic}
      threadLogic={logic.threadLogic}
      now={NOW}
    />,
    { path: options.path ?? '/user/messaging', stored: recruiter },
  );
  return { app, connection, calls: logic.calls };
}

const row = (name: string) => screen.findByRole('link', { name: new RegExp(name) });
const status = () => screen.getByText(/Connecting…|Online|Reconnecting…|Offline/, { selector: '[role="status"]' });

describe('the messaging page', () => {
  it('is /user/messaging, for signed-in users', () => {
    expect(routeTable.find((r) => r.path === '/user/messaging')).toMatchObject({ page: 'messaging/messaging.view', access: 'signedIn' });
  });

  it('lists conversations: the applicant, the job, the newest message, its age and what is unread', async () => {
    open();
    const maria = await row('Maria Lopez');
    expect(maria).toHaveTextContent('Night Nurse');
    expect(maria).toHaveTextContent('Message 5');
    expect(maria).toHaveTextContent('2 unread');
    // 09:05 to 10:00 is under an hour: minutes.
    expect(maria).toHaveTextContent('55 minutes ago');
    const sam = await row('Sam Ortiz');
    expect(sam).toHaveTextContent('Line Cook');
    expect(sam).not.toHaveTextContent('unread');
  });

  it('shows the connection’s state as it changes', async () => {
    const { connection } = open();
    await row('Maria Lopez');
    expect(status()).toHaveTextContent('Connecting…');
    act(() => connection.frame({ type: 'ready', clientId: RECRUITER_ID, unread: 2 }));
    expect(status()).toHaveTextContent('Online');
    act(() => connection.close(1006));
    expect(status()).toHaveTextContent('Reconnecting…');
    expect(screen.getByRole('button', { name: 'Try now' })).toBeInTheDocument();
    act(() => connection.browser('browser.offline'));
    expect(status()).toHaveTextContent('Offline — you are offline; messages will send when you are back.');
    act(() => connection.browser('browser.online'));
    await waitFor(() => expect(status()).toHaveTextContent(/Connecting…|Reconnecting…/));
    act(() => connection.close(SocketClose.forbidden));
    expect(status()).toHaveTextContent('messaging is not available for this account');
  });

  it('opens a conversation beside the list on a wide screen, with the composer focused', async () => {
    const { app, calls } = open();
    await app.user.click(await row('Maria Lopez'));
    expect(app.location()).toBe(`/user/messaging?c=${URL_A}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Message 10')).toBeInTheDocument();
    expect(within(log).getByText('Message 9').closest('li')).toHaveTextContent('You');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    expect(screen.getByRole('link', { name: /Maria Lopez/ })).toHaveAttribute('aria-current', 'true');
    expect(calls.threads).toEqual([{ url: URL_A }]);
    // What was on screen is read.
    await waitFor(() => expect(calls.reads).toEqual([{ url: URL_A, messageId: 10 }]));
  });

  it('heads each day of the conversation, so older messages say when they were sent', async () => {
    open({
      path: `/user/messaging?c=${URL_A}`,
      handlers: {
        thread: async () =>
          threadPage([message(7, { createdAt: '2026-03-12T15:00:00Z' }), mine(8, { createdAt: '2026-03-12T15:30:00Z' }), message(10)]),
      },
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(
      within(log)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['03-12-2026', 'Today']);
    const items = within(log)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.indexOf('03-12-2026')).toBeLessThan(items.findIndex((t) => t?.includes('Message 7')));
    expect(items.indexOf('Today')).toBe(items.findIndex((t) => t?.includes('Message 10')) - 1);
  });

  it('opens the conversation of ?c=', async () => {
    const { calls } = open({ path: `/user/messaging?c=${URL_B}` });
    expect(await screen.findByRole('log', { name: 'Messages' })).toBeInTheDocument();
    expect(calls.threads[0]).toEqual({ url: URL_B });
  });

  it('sends with Enter, a new line with Shift+Enter; the message shows as sending, then as sent', async () => {
    const answer = deferred<Message>();
    const { app, calls } = open({ path: `/user/messaging?c=${URL_A}`, handlers: { send: () => answer.promise } });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(screen.getByText('0 / 4,000 characters')).toBeInTheDocument();
    await screen.findByText('Message 10');
    await app.user.type(box, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(box).toHaveValue('Hello\nthere');
    expect(screen.getByText('11 / 4,000 characters')).toBeInTheDocument();
    expect(send).toBeEnabled();
    await app.user.keyboard('{Enter}');
    expect(box).toHaveValue('');
    expect(calls.sends).toHaveLength(1);
    expect(calls.sends[0]).toMatchObject({ url: URL_A, text: 'Hello\nthere' });
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    await act(async () => answer.resolve(mine(20, { text: 'Hello\nthere', clientMessageId: calls.sends[0]!.clientMessageId })));
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    expect(screen.getAllByText(/Hello\s*there/)).toHaveLength(1);
  });

  it('keeps a message that could not be sent, with its reason and Retry; too fast says so', async () => {
    let tries = 0;
    const { app, calls } = open({
      path: `/user/messaging?c=${URL_A}`,
      handlers: {
        send: async (input) => {
          tries++;
          if (tries === 1) throw ApiError.of('rate.limited', MessagingMessages.tooFast);
          return mine(20, { text: input.text, clientMessageId: input.clientMessageId });
        },
      },
    });
    await screen.findByText('Message 10');
    await app.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you free Monday?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(`Not sent. ${MessagingMessages.tooFast}`);
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument());
    expect(calls.sends.map((s) => s.clientMessageId)).toEqual([calls.sends[0]!.clientMessageId, calls.sends[0]!.clientMessageId]);
    expect(screen.getByText('Are you free Monday?')).toBeInTheDocument();
  });

  it('keeps what is written while offline and sends it when the browser is back', async () => {
    const { app, calls, connection } = open({
      path: `/user/messaging?c=${URL_A}`,
      handlers: { send: async (i) => mine(20, { text: i.text, clientMessageId: i.clientMessageId }) },
    });
    await screen.findByText('Message 10');
    act(() => connection.browser('browser.offline'));
    await app.user.type(screen.getByRole('textbox', { name: 'Message' }), 'See you Monday{Enter}');
    expect(screen.getByText('Waiting to send: you are offline.')).toBeInTheDocument();
    expect(calls.sends).toEqual([]);
    act(() => connection.browser('browser.online'));
    await waitFor(() => expect(calls.sends).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Waiting to send|Sending…/)).not.toBeInTheDocument());
  });

  it('puts a refused message back in the composer with the reason', async () => {
    const { app } = open({
      path: `/user/messaging?c=${URL_A}`,
      handlers: {
        send: async () => {
          throw ApiError.of('request.invalid', MessagingMessages.noScripts, { fieldErrors: { text: MessagingMessages.noScripts } });
        },
      },
    });
    await screen.findByText('Message 10');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await app.user.type(box, '<script>{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MessagingMessages.noScripts);
    expect(box).toHaveValue('<script>');
  });

  it('shows live messages once, others’ typing and "Seen"; the list moves the conversation to the top', async () => {
    const { connection } = open({
      path: `/user/messaging?c=${URL_B}`,
      handlers: { thread: async () => ({ ...threadPage([mine(9, { channelUrl: URL_B })]), conversation: conversationB }) },
    });
    await screen.findByText('Message 9');
    act(() => connection.frame({ type: 'ready', clientId: RECRUITER_ID, unread: 2 }));
    act(() => connection.frame({ type: 'typing', channelUrl: URL_B, clientId: 'user-sam', nickname: 'Sam Ortiz' }));
    expect(screen.getByText('Sam Ortiz is typing…')).toBeInTheDocument();
    act(() => connection.frame({ type: 'read', channelUrl: URL_B, clientId: 'user-sam', messageId: 9 }));
    expect(screen.getByText('Seen')).toBeInTheDocument();
    const live = message(30, {
      text: 'On my way',
      channelUrl: URL_B,
      sender: { clientId: 'user-sam', nickname: 'Sam Ortiz', role: 'JobSeeker' },
    });
    act(() => connection.frame({ type: 'message', message: live }));
    // A catch-up after a reconnect may send it again.
    act(() => connection.frame({ type: 'message', message: live }));
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getAllByText('On my way')).toHaveLength(1);
    expect(screen.queryByText('Sam Ortiz is typing…')).not.toBeInTheDocument();
    // Maria's conversation was first; Sam's is now, and it is read (open).
    const rows = within(screen.getByRole('list', { name: 'Conversation list' })).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('Sam Ortiz');
    expect(rows[0]).toHaveTextContent('On my way');
    expect(rows[0]).not.toHaveTextContent('unread');
  });

  it('after a drop, catches up from the newest message the open thread shows, and the thread and list show what was missed', async () => {
    const { connection } = open({
      path: `/user/messaging?c=${URL_B}`,
      handlers: { thread: async () => ({ ...threadPage([mine(9, { channelUrl: URL_B })]), conversation: conversationB }) },
    });
    await screen.findByText('Message 9');
    act(() => connection.frame({ type: 'ready', clientId: RECRUITER_ID, unread: 0 }));
    // No live message came: the connection still knows what the thread loaded over HTTP.
    act(() => connection.close(1006));
    await waitFor(() => expect(connection.world.sockets).toHaveLength(2), { timeout: 3000 });
    expect(connection.socket().input.lastMessageId).toBe(9);
    const missed = message(12, {
      text: 'Sent while you were away',
      channelUrl: URL_B,
      sender: { clientId: 'user-sam', nickname: 'Sam Ortiz', role: 'JobSeeker' },
    });
    act(() => connection.frame({ type: 'ready', clientId: RECRUITER_ID, unread: 1 }));
    act(() => connection.frame({ type: 'message', message: missed }));
    expect(within(screen.getByRole('log', { name: 'Messages' })).getByText('Sent while you were away')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Conversation list' })).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('Sent while you were away');
  });

  it('catches up from the newest message the list shows when no conversation is open', async () => {
    const { connection } = open();
    await row('Sam Ortiz');
    act(() => connection.frame({ type: 'ready', clientId: RECRUITER_ID, unread: 2 }));
    act(() => connection.close(1006));
    await waitFor(() => expect(connection.world.sockets).toHaveLength(2), { timeout: 3000 });
    // Maria's conversation ends with message 5, Sam's with 3.
    expect(connection.socket().input.lastMessageId).toBe(5);
  });

  it('shows messages as text, with only web addresses as links that open safely in a new tab', async () => {
    const evil = message(11, { text: 'Apply at https://jobs.example.com/apply <img src=x onerror=alert(1)> javascript:alert(1)' });
    open({ path: `/user/messaging?c=${URL_A}`, handlers: { thread: async () => threadPage([evil]) } });
    const link = await screen.findByRole('link', { name: /https:\/\/jobs\.example\.com\/apply/ });
    expect(link).toHaveAttribute('href', 'https://jobs.example.com/apply');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.querySelector('img')).toBeNull();
    expect(log).toHaveTextContent('<img src=x onerror=alert(1)> javascript:alert(1)');
    expect(within(log).getAllByRole('link')).toHaveLength(1);
  });

  it('on a narrow screen shows the list or the thread, with Back and Escape to return', async () => {
    const { app } = open({ wide: false });
    await app.user.click(await row('Maria Lopez'));
    expect(await screen.findByRole('log', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversation list' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: /Back/ }));
    expect(app.location()).toBe('/user/messaging');
    await app.user.click(await row('Sam Ortiz'));
    await screen.findByRole('log', { name: 'Messages' });
    await app.user.keyboard('{Escape}');
    expect(await screen.findByRole('list', { name: 'Conversation list' })).toBeInTheDocument();
  });

  it('moves between conversations with the arrow keys', async () => {
    const { app } = open();
    const maria = await row('Maria Lopez');
    maria.focus();
    await app.user.keyboard('{ArrowDown}');
    expect(await row('Sam Ortiz')).toHaveFocus();
    await app.user.keyboard('{Home}');
    expect(maria).toHaveFocus();
  });

  it('searches after a pause, and filters by job for a company’s staff', async () => {
    const { app, calls } = open({
      handlers: {
        posts: async () => [{ jobPost: conversationB.jobPost, conversations: 1, unread_message_count: 0, last_message_date: 1 }],
        list: async (q) => (q.search || q.jobId ? { messages: [], nextToken: null } : page),
      },
    });
    await row('Maria Lopez');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zed');
    expect(await screen.findByText('No conversations match “zed”.', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(calls.lists.at(-1)).toMatchObject({ search: 'zed', nextToken: null });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Job' }), conversationB.jobPost.id);
    await waitFor(() => expect(calls.lists.at(-1)).toMatchObject({ jobId: conversationB.jobPost.id }));
  });

  it('says when there are no conversations yet, and when they cannot be read, with Try again', async () => {
    let fail = true;
    const { app } = open({
      handlers: {
        list: async () => {
          if (fail) throw new ApiError('invalid-response', 200, MessagingMessages.invalidList);
          return { messages: [], nextToken: null };
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response from messages-list API');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No conversations yet. Open an applicant and choose Message/)).toBeInTheDocument();
  });

  it('loads more conversations from where the last page ended', async () => {
    const { app, calls } = open({
      handlers: {
        list: async (q) =>
          q.nextToken ? { messages: [conversationB], nextToken: null } : { messages: [conversationA], nextToken: 'next-1' },
      },
    });
    await row('Maria Lopez');
    await app.user.click(screen.getByRole('button', { name: 'Load more conversations' }));
    expect(await row('Sam Ortiz')).toBeInTheDocument();
    expect(calls.lists.at(-1)!.nextToken).toBe('next-1');
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).not.toBeInTheDocument();
  });

  it('a job seeker sees the company’s name for each conversation', async () => {
    open({ side: 'seeker' });
    const rows = await screen.findAllByRole('link', { name: /Northwind Care/ });
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Night Nurse'), expect.stringContaining('Line Cook')]);
    expect(screen.queryByRole('combobox', { name: 'Job' })).not.toBeInTheDocument();
  });

  it('tells an administrator politely that messaging is not for their account', async () => {
    renderInApp(<MessagingPage />, { path: '/user/messaging', stored: admin });
    expect(await screen.findByText(/It is not available for this account/)).toBeInTheDocument();
  });
});
