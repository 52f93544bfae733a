import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { MessagingMessages, type ConversationPage, type MessagingPost } from '../../src/contract/messaging.ts';
import {
  allPosts,
  CONVERSATION_SEARCH_DEBOUNCE_MS,
  conversationsMachine,
  JOB_FILTER_PAGES,
  type ConversationQuery,
  type ConversationsEvent,
} from '../../src/machines/messaging/conversations.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { conversationA, conversationB, message, mine, URL_A, URL_B } from '../../src/views/messaging/messaging-stories-support.ts';
import {
  atomicStates,
  deferred,
  eventTypesOf,
  flush,
  modelOf,
  modelStates,
  settle,
  whileActorRuns,
  type ModelState,
} from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof conversationsMachine>;
type Side = 'staff' | 'seeker';

const invalidList = new ApiError('invalid-response', 200, MessagingMessages.invalidList);
const invalidPosts = new ApiError('invalid-response', 200, MessagingMessages.invalidPosts);
const firstPage: ConversationPage = { messages: [conversationA], nextToken: 'page-2' };
const lastPage: ConversationPage = { messages: [conversationB, conversationA], nextToken: null };
const post: MessagingPost = { jobPost: conversationA.jobPost, conversations: 1, unread_message_count: 2, last_message_date: 1 };
const waited = { type: 'xstate.after.searchDelay.conversations.typing.waiting' };

function stubbed() {
  const server = {
    loads: [] as ConversationQuery[],
    posts: 0,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const logic = conversationsMachine.provide({
    actors: {
      load: fromPromise<ConversationPage, ConversationQuery>(({ input, self }) => {
        server.loads.push(input);
        const d = deferred<never>();
        server.pending[self.id] = d;
        return d.promise;
      }),
      loadPosts: fromPromise<MessagingPost[]>(() => {
        server.posts++;
        const d = deferred<never>();
        server.pending.loadPosts = d;
        return d.promise;
      }),
    },
  });
  return { server, logic };
}

async function replay(path: EventObject[], side: Side = 'staff') {
  const { server, logic } = stubbed();
  const actor = createActor(logic, { input: { side } }).start();
  for (const event of path) {
    if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(CONVERSATION_SEARCH_DEBOUNCE_MS);
    else if (!settle(server.pending, event)) actor.send(event as ConversationsEvent);
    await flush();
  }
  return { actor, server };
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    rows: s.context.conversations.map((c) => `${c.channel.url}|${c.channel.unread_message_count}|${c.channel.last_message?.id}`),
    next: s.context.nextToken,
    typed: s.context.typed,
    search: s.context.search,
    jobId: s.context.jobId,
    posts: s.context.posts.length,
    postsError: s.context.postsError,
    loadError: s.context.loadError,
    moreError: s.context.moreError,
    open: s.context.openUrl,
  });

const events = [
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.done.actor.load', output: { messages: [], nextToken: null } },
  { type: 'xstate.error.actor.load', error: invalidList },
  { type: 'xstate.done.actor.loadMore', output: lastPage },
  { type: 'xstate.error.actor.loadMore', error: invalidList },
  { type: 'xstate.done.actor.loadPosts', output: [post] },
  { type: 'xstate.error.actor.loadPosts', error: invalidPosts },
  { type: 'conversations.search', text: 'maria' },
  waited,
  { type: 'conversations.apply' },
  { type: 'conversations.job', jobId: post.jobPost.id },
  { type: 'conversations.more' },
  { type: 'conversations.retry' },
  {
    type: 'conversation.message',
    message: message(20, { channelUrl: URL_B, sender: conversationB.channel.last_message!.sender }),
    mine: false,
  },
  { type: 'conversation.message', message: mine(21), mine: true },
  { type: 'conversation.open', url: URL_A },
  { type: 'conversation.add', conversation: conversationB },
] as unknown as EventObject[];

describe.each(['staff', 'seeker'] as const)('conversations machine for %s (model-based)', (side) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(conversationsMachine, {
    events: side === 'staff' ? events : events.filter((e) => !e.type.includes('Posts') && e.type !== 'conversations.job'),
    input: { side },
    serializeState: ((s: Snap) => observable(s)) as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      const s = snap as Snap;
      const plain = !s.context.search && !s.context.jobId;
      const settled = s.matches({ posts: 'done' }) && s.matches({ typing: 'idle' });
      if (e.type === 'xstate.done.actor.load' && (e as unknown as { output: ConversationPage }).output.messages.length === 0) return !plain;
      // The job posts arrive (or fail) while the first page is read: once.
      if (e.type.endsWith('actor.loadPosts')) return plain && s.matches({ list: 'loading' }) && !s.context.loadError;
      if (e.type.startsWith('xstate.'))
        return e.type === waited.type || side === 'seeker' || s.matches({ posts: 'done' }) || s.matches({ list: 'loading' });
      if (e.type === 'conversations.search')
        return settled && s.context.typed === '' && s.matches({ list: { ready: 'idle' } }) && !s.context.jobId;
      if (e.type === 'conversations.job') return settled && !s.context.search && s.matches({ list: { ready: 'idle' } });
      if (e.type.startsWith('conversation.'))
        return settled && plain && s.matches({ list: { ready: 'idle' } }) && s.context.openUrl === null && s.context.nextToken !== null;
      if (e.type === 'conversations.apply') return s.matches({ typing: 'waiting' });
      if (e.type === 'conversations.more' || e.type === 'conversations.retry') return settled;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const { actor, server } = await replay(path, side);
      const now = actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A fresh read always starts from the first page with the current search and job; more continues from the cursor.
      if (now.matches({ list: 'loading' }))
        expect(server.loads.at(-1)).toEqual({ side, search: now.context.search, jobId: now.context.jobId, nextToken: null });
      if (now.matches({ list: { ready: 'more' } })) expect(server.loads.at(-1)!.nextToken).toBe(now.context.nextToken);
      // Each conversation once.
      const urls = now.context.conversations.map((c) => c.channel.url);
      expect(new Set(urls).size).toBe(urls.length);
      expect(server.posts).toBe(side === 'staff' ? 1 : 0);
      actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    const leaves = [
      'list.failed',
      'list.loading',
      'list.ready.idle',
      'list.ready.more',
      'list.ready.moreFailed',
      'posts.done',
      'typing.idle',
      'typing.waiting',
    ];
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(
      (side === 'staff' ? [...leaves, 'posts.loading'] : leaves).sort(),
    );
    const handled = eventTypesOf(conversationsMachine).filter(
      (t) => side === 'staff' || (!t.includes('Posts') && t !== 'conversations.job'),
    );
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(handled.sort());
  });
});

describe('conversations rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const loaded = async (side: Side = 'staff') =>
    replay([{ type: 'xstate.done.actor.load', output: lastPage } as unknown as EventObject], side);

  it('a new message from the other side moves its conversation to the top and counts as unread', async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().context.conversations.map((c) => c.channel.url)).toEqual([URL_B, URL_A]);
    actor.send({ type: 'conversation.message', message: message(30), mine: false });
    const [top] = actor.getSnapshot().context.conversations;
    expect(top!.channel.url).toBe(URL_A);
    expect(top!.channel.unread_message_count).toBe(3);
    expect(top!.channel.last_message!.text).toBe('Message 30');
    // The same message again changes nothing.
    actor.send({ type: 'conversation.message', message: message(30), mine: false });
    expect(actor.getSnapshot().context.conversations[0]!.channel.unread_message_count).toBe(3);
  });

  it('does not count the user’s own messages or those of the conversation on screen', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'conversation.open', url: URL_B });
    expect(actor.getSnapshot().context.conversations[0]!.channel.unread_message_count).toBe(0);
    actor.send({ type: 'conversation.message', message: message(31, { channelUrl: URL_B }), mine: false });
    actor.send({ type: 'conversation.message', message: mine(32), mine: true });
    const rows = actor.getSnapshot().context.conversations;
    expect(rows.map((c) => [c.channel.url, c.channel.unread_message_count])).toEqual([
      [URL_A, 2],
      [URL_B, 0],
    ]);
  });

  it('searches after a pause in typing, as message-applicants for staff and messaging-list for job seekers', async () => {
    const { actor, server } = await loaded('seeker');
    for (const text of ['n', 'nu', 'nurse']) {
      actor.send({ type: 'conversations.search', text });
      await vi.advanceTimersByTimeAsync(CONVERSATION_SEARCH_DEBOUNCE_MS - 1);
    }
    expect(server.loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.loads.at(-1)).toEqual({ side: 'seeker', search: 'nurse', jobId: null, nextToken: null });
    expect(server.posts).toBe(0);
  });

  it('says what went wrong in the product’s words, and reads again on Try again', async () => {
    const { actor, server } = await replay([{ type: 'xstate.error.actor.load', error: invalidList } as unknown as EventObject]);
    expect(actor.getSnapshot().context.loadError).toBe('Invalid response from messages-list API');
    actor.send({ type: 'conversations.retry' });
    await flush();
    expect(server.loads).toHaveLength(2);
  });

  it('offers every job with conversations in the job filter, reading page after page (up to a bound)', async () => {
    const asked: Array<string | null> = [];
    const jobs = (n: number) => ({ ...post, jobPost: { ...post.jobPost, id: `job-${n}` } });
    const three = await allPosts(async (token) => {
      asked.push(token);
      const n = token ? Number(token) : 0;
      return { posts: [jobs(n)], nextToken: n < 2 ? String(n + 1) : null };
    });
    expect(asked).toEqual([null, '1', '2']);
    expect(three.map((p) => p.jobPost.id)).toEqual(['job-0', 'job-1', 'job-2']);
    let pages = 0;
    const endless = await allPosts(async () => ({ posts: [jobs(pages++)], nextToken: 'more' }));
    expect(endless).toHaveLength(JOB_FILTER_PAGES);
  });
});
