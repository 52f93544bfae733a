import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { Conversation } from '../../contract/messaging.ts';
import { useSession } from '../../app/session.tsx';
import { connectionStore, startConnection } from '../../machines/messaging/connection-runtime.ts';
import { selectStatus, type ConnectionActor } from '../../machines/messaging/connection.machine.ts';
import { conversationsMachine, selectLoadError, selectNewestListed } from '../../machines/messaging/conversations.machine.ts';
import { canMessage } from '../layout/nav-items.ts';
import { useMediaQuery, WIDE_SCREEN } from '../ui/use-media-query.ts';
import { ConnectionStatusLine } from './connection-status.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ThreadView, type ThreadLogic } from './thread.view.tsx';

export const MESSAGING_PATH = '/user/messaging';

export interface MessagingProps {
  side: 'staff' | 'seeker';
  /** The user's messaging identity (their user id). */
  me: string;
  /** The tab's realtime connection; null while it starts. */
  connection: ConnectionActor | null;
  conversationsLogic?: typeof conversationsMachine;
  conversationsSnapshot?: SnapshotFrom<typeof conversationsMachine>;
  threadLogic?: ThreadLogic;
  /** The open conversation in a given state (stories). */
  threadSnapshot?: SnapshotFrom<ThreadLogic>;
  /** "Now" for message ages (stories and tests). */
  now?: Date;
}

const noConnection = { status: 'connecting' as const, forbidden: false, error: null };

/** The connection's state as the page shows it. */
function useConnectionState(connection: ConnectionActor | null) {
  return useSyncExternalStore(
    useCallback(
      (onChange: () => void) => {
        if (!connection) return () => undefined;
        const sub = connection.subscribe(onChange);
        return () => sub.unsubscribe();
      },
      [connection],
    ),
    () => (connection ? connection.getSnapshot() : null),
  );
}

/** The url of the conversation to open, from ?c=. */
export const openUrlOf = (search: string) => new URLSearchParams(search).get('c') || null;

/** Conversations and the open one: two columns on a wide screen, one or the other on a narrow one. */
export function Messaging({
  side,
  me,
  connection,
  conversationsLogic,
  conversationsSnapshot,
  threadLogic,
  threadSnapshot,
  now,
}: MessagingProps) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const openUrl = openUrlOf(search);
  const wide = useMediaQuery(WIDE_SCREEN);
  const input = { side };
  const list = useActorRef(
    conversationsLogic ?? conversationsMachine,
    conversationsSnapshot ? { snapshot: conversationsSnapshot, input } : { input },
  );
  const ctx = useSelector(list, (s) => s.context);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const loadingMore = useSelector(list, (s) => s.hasTag('loadingMore'));
  const loadError = useSelector(list, selectLoadError);
  const snap = useConnectionState(connection);
  const state = snap ? { status: selectStatus(snap), forbidden: snap.hasTag('forbidden'), error: snap.context.error } : noConnection;

  // New messages reorder the list and count as unread there.
  useEffect(() => {
    if (!connection) return undefined;
    const sub = connection.on('message', (e) =>
      list.send({ type: 'conversation.message', message: e.message, mine: e.message.sender.clientId === me }),
    );
    return () => sub.unsubscribe();
  }, [connection, list, me]);

  // A reconnect catches up from the newest message the list shows, too.
  const newestListed = useSelector(list, selectNewestListed);
  useEffect(() => {
    if (newestListed !== null) connection?.send({ type: 'messages.shown', messageId: newestListed });
  }, [connection, newestListed]);

  useEffect(() => {
    list.send({ type: 'conversation.open', url: openUrl });
  }, [list, openUrl]);

  const open = (url: string) => navigate(`${path}?c=${encodeURIComponent(url)}`);
  const back = useCallback(() => {
    const from = openUrl;
    navigate(path);
    // Focus returns to the conversation the user came from.
    requestAnimationFrame(() => {
      const links = document.querySelectorAll<HTMLAnchorElement>('a[data-conversation]');
      const target = [...links].find((a) => a.getAttribute('href') === `?c=${encodeURIComponent(from ?? '')}`) ?? links[0];
      target?.focus();
    });
  }, [navigate, path, openUrl]);
  const onLoaded = useCallback((conversation: Conversation) => list.send({ type: 'conversation.add', conversation }), [list]);

  const showList = wide || !openUrl;
  const showThread = wide || !!openUrl;

  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-7xl flex-col gap-1 px-2 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h1 id="page-title" className="text-3xl font-bold">
          Messages
        </h1>
        <ConnectionStatusLine
          status={state.status}
          forbidden={state.forbidden}
          error={state.error}
          onRetry={() => connection?.send({ type: 'connection.retry' })}
        />
      </div>
      <div className={cx2(wide)}>
        {showList && (
          <ConversationList
            side={side}
            me={me}
            conversations={ctx.conversations}
            openUrl={openUrl}
            typed={ctx.typed}
            search={ctx.search}
            jobId={ctx.jobId}
            posts={ctx.posts}
            postsError={ctx.postsError}
            loading={loading}
            loadError={loadError}
            hasMore={ctx.nextToken !== null}
            loadingMore={loadingMore}
            moreError={ctx.moreError}
            now={now}
            onOpen={open}
            onSearch={(text) => list.send({ type: 'conversations.search', text })}
            onSearchNow={() => list.send({ type: 'conversations.apply' })}
            onJob={(jobId) => list.send({ type: 'conversations.job', jobId })}
            onMore={() => list.send({ type: 'conversations.more' })}
            onRetry={() => list.send({ type: 'conversations.retry' })}
          />
        )}
        {showThread &&
          (openUrl ? (
            <ThreadView
              key={openUrl}
              url={openUrl}
              me={me}
              side={side}
              connection={connection}
              onBack={wide ? undefined : back}
              onLoaded={onLoaded}
              logic={threadLogic}
              snapshot={threadSnapshot?.context.url === openUrl ? threadSnapshot : undefined}
              now={now}
            />
          ) : (
            <div className="flex items-center justify-center rounded border border-dashed border-line p-3 text-center text-muted">
              <p>Choose a conversation to read and reply.</p>
            </div>
          ))}
      </div>
    </section>
  );
}

/** Two columns on a wide screen; one on a narrow one. Either way the page does not scroll: the list and the messages do. */
const cx2 = (wide: boolean) =>
  wide ? 'grid h-[calc(100dvh-12rem)] min-h-60 grid-cols-[22rem_1fr] gap-2' : 'flex h-[calc(100dvh-10rem)] min-h-60 flex-col gap-1';

/** The tab's one connection: the one the navigation started, or started here when the page came first. */
function useSharedConnection(userId: string | null, side: 'staff' | 'seeker'): ConnectionActor | null {
  const shared = useSyncExternalStore(connectionStore.subscribe, connectionStore.get);
  useEffect(() => {
    if (userId && !connectionStore.get()) startConnection(userId, side);
  }, [userId, side]);
  return shared;
}

/** /user/messaging (spec 2 §2): for job seekers and a company's staff. */
export default function MessagingPage() {
  const { user, role } = useSession();
  const side = role === 'JobSeeker' ? 'seeker' : 'staff';
  const allowed = canMessage(role) && !!user;
  const connection = useSharedConnection(allowed ? user.id : null, side);
  if (!allowed) {
    return (
      <section className="mx-auto max-w-3xl px-2 py-4" aria-labelledby="page-title">
        <h1 id="page-title" className="text-3xl font-bold">
          Messages
        </h1>
        <p className="mt-2 text-muted">
          Messaging is for job seekers and the companies they apply to. It is not available for this account.
        </p>
      </section>
    );
  }
  return <Messaging side={side} me={user.id} connection={connection} />;
}
