import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { MAX_MESSAGE_LENGTH, type Conversation, type Message } from '../../contract/messaging.ts';
import { messageAge, messageDay, messageTime } from '../../lib/message-text.ts';
import type { ConnectionActor } from '../../machines/messaging/connection.machine.ts';
import {
  canSend,
  selectLoadError,
  selectNewestId,
  selectNewestOwnId,
  selectSeen,
  threadMachine,
  type PendingMessage,
} from '../../machines/messaging/thread.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { MessageText } from './message-text.tsx';

export type ThreadLogic = typeof threadMachine;

export interface ThreadViewProps {
  url: string;
  /** The user's messaging identity. */
  me: string;
  /** Which side the user is on: staff see the applicant's name, job seekers the company's. */
  side: 'staff' | 'seeker';
  connection: ConnectionActor | null;
  /** On a narrow screen: back to the list (the Back button, Escape). */
  onBack?: () => void;
  /** The conversation as read, and the unread total after reading it. */
  onLoaded?: (conversation: Conversation) => void;
  logic?: ThreadLogic;
  snapshot?: SnapshotFrom<ThreadLogic>;
  /** The moment the days are told from (tests and stories fix it). */
  now?: Date;
}

/** Who the user talks with in a conversation. */
export const otherPartyOf = (c: Conversation, side: 'staff' | 'seeker') => (side === 'staff' ? c.applicant.name : c.jobPost.companyName);

const bubble = (mine: boolean) =>
  cx(
    'max-w-[85%] rounded-lg px-1.5 py-1',
    mine ? 'ml-auto bg-brand-50 text-ink dark:bg-brand-900/60' : 'mr-auto border border-line bg-surface-raised',
  );

function MessageItem({ message, mine, seen }: { message: Message; mine: boolean; seen: boolean }) {
  return (
    <li className={cx('flex flex-col gap-0.5', mine ? 'items-end' : 'items-start')}>
      <div className={bubble(mine)}>
        <p className="text-xs font-semibold text-muted">
          {mine ? 'You' : message.sender.nickname}
          <span className="font-normal">
            {' · '}
            <time dateTime={message.createdAt} title={messageAge(message.createdAt)}>
              {messageTime(message.createdAt)}
            </time>
          </span>
        </p>
        <MessageText text={message.text} />
      </div>
      {seen && <p className="text-xs text-muted">Seen</p>}
    </li>
  );
}

/** Where a new day starts in the conversation. */
function DayHeading({ day }: { day: string }) {
  return (
    <li className="flex items-center gap-1 py-0.5 text-xs font-semibold text-muted">
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
      <h3>{day}</h3>
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
    </li>
  );
}

function PendingItem({
  pending,
  online,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  online: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const failed = pending.status === 'failed';
  return (
    <li className="flex flex-col items-end gap-0.5">
      <div className={cx(bubble(true), failed ? 'border border-danger/60' : 'opacity-80')}>
        <p className="text-xs font-semibold text-muted">You</p>
        <MessageText text={pending.text} />
      </div>
      {failed ? (
        <div className="flex flex-wrap items-center justify-end gap-1 text-xs">
          <span className="text-danger" role="alert">
            Not sent. {pending.error}
          </span>
          <button type="button" onClick={onRetry} className="font-semibold text-brand-700 underline dark:text-brand-300">
            Retry
          </button>
          <button type="button" onClick={onDiscard} className="text-muted underline">
            Discard
          </button>
        </div>
      ) : (
        <p className="text-xs text-muted">{pending.status === 'queued' && !online ? 'Waiting to send: you are offline.' : 'Sending…'}</p>
      )}
    </li>
  );
}

/** One conversation: its messages, who is typing, and the composer. */
export function ThreadView({ url, me, side, connection, onBack, onLoaded, logic, snapshot, now }: ThreadViewProps) {
  const input = { url, me };
  const actor = useActorRef(logic ?? threadMachine, snapshot ? { snapshot, input } : { input });
  const conversation = useSelector(actor, (s) => s.context.conversation);
  const messages = useSelector(actor, (s) => s.context.messages);
  const pending = useSelector(actor, (s) => s.context.pending);
  const draft = useSelector(actor, (s) => s.context.draft);
  const sendError = useSelector(actor, (s) => s.context.sendError);
  const typing = useSelector(actor, (s) => s.context.typing);
  const hasOlder = useSelector(actor, (s) => s.context.hasOlder);
  const olderError = useSelector(actor, (s) => s.context.olderError);
  const loadingOlder = useSelector(actor, (s) => s.hasTag('loadingOlder'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, selectLoadError);
  const seen = useSelector(actor, selectSeen);
  const newestOwn = useSelector(actor, selectNewestOwnId);
  const newest = useSelector(actor, selectNewestId);
  const online = useSelector(actor, (s) => s.context.online);
  const composer = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const ids = { composer: useId(), counter: useId(), heading: useId() };

  // Live messages, typing and read receipts from the tab's connection.
  useEffect(() => {
    if (!connection) return undefined;
    const subs = [
      connection.on('message', (e) => actor.send({ type: 'live.message', message: e.message })),
      connection.on('typing', (e) =>
        actor.send({ type: 'live.typing', channelUrl: e.channelUrl, clientId: e.clientId, nickname: e.nickname }),
      ),
      connection.on('read', (e) =>
        actor.send({ type: 'live.read', channelUrl: e.channelUrl, clientId: e.clientId, messageId: e.messageId }),
      ),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, connection]);

  // A reconnect catches up from the newest message shown here, loaded over HTTP or sent too.
  useEffect(() => {
    if (newest !== null) connection?.send({ type: 'messages.shown', messageId: newest });
  }, [connection, newest]);

  // Messages wait while the browser is offline, and go when it is back.
  const browserOnline = useSelector(connection ?? undefined, (s) => !(s?.matches({ offline: 'network' }) ?? false));
  useEffect(() => {
    actor.send({ type: 'connection.change', online: browserOnline });
  }, [actor, browserOnline]);

  // The user's typing and the unread total go back through the connection.
  useEffect(() => {
    const subs = [
      actor.on('typing', (e) => connection?.send({ type: 'send.typing', channelUrl: e.channelUrl })),
      actor.on('unread', (e) => connection?.send({ type: 'unread.set', unread: e.unread })),
      actor.on('loaded', (e) => onLoaded?.(e.conversation)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, connection, onLoaded]);

  // New messages are read only while the tab is visible.
  useEffect(() => {
    if (typeof document === 'undefined') return undefined;
    const tell = () => actor.send({ type: 'visibility', visible: document.visibilityState !== 'hidden' });
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [actor]);

  // Focus goes to the composer when the conversation opens.
  useEffect(() => {
    composer.current?.focus();
  }, [url]);

  // The newest message stays in view as messages arrive.
  const count = messages.length + pending.length;
  useEffect(() => {
    // Scrolls the messages only, never the page.
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      actor.send({ type: 'message.send' });
    }
  };
  const length = draft.trim().length;
  const today = now ?? new Date();
  const days = messages.map((m) => messageDay(m.createdAt, today));
  const title = conversation ? otherPartyOf(conversation, side) : 'Conversation';

  return (
    <section
      aria-labelledby={ids.heading}
      className="flex min-h-0 flex-1 flex-col rounded border border-line bg-surface"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onBack) {
          e.preventDefault();
          onBack();
        }
      }}
    >
      <header className="flex items-center gap-1 border-b border-line px-2 py-1">
        {onBack && (
          <Button variant="ghost" onClick={onBack} className="px-1">
            <span aria-hidden="true">‹</span> Back
          </Button>
        )}
        <div className="min-w-0">
          <h2 id={ids.heading} className="truncate text-lg font-semibold">
            {title}
          </h2>
          {conversation && <p className="truncate text-sm text-muted">{conversation.jobPost.title}</p>}
        </div>
      </header>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-2 py-1">
        {loadError !== null ? (
          <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'thread.retry' })} />
        ) : loading && messages.length === 0 ? (
          <Loading label="Loading messages" />
        ) : (
          <>
            {hasOlder && (
              <div className="mb-1 flex flex-col items-center gap-0.5">
                <Button variant="ghost" busy={loadingOlder} onClick={() => actor.send({ type: 'thread.older' })}>
                  Load older messages
                </Button>
                {olderError && <Alert tone="error">{olderError}</Alert>}
              </div>
            )}
            {messages.length === 0 && pending.length === 0 && (
              <p className="py-2 text-center text-sm text-muted">No messages yet. Say hello — your message starts the conversation.</p>
            )}
            <div role="log" aria-label="Messages" aria-live="polite">
              <ol className="flex flex-col gap-1">
                {messages.map((m, i) => (
                  <Fragment key={m.id}>
                    {days[i] !== days[i - 1] && <DayHeading day={days[i]!} />}
                    <MessageItem message={m} mine={m.sender.clientId === me} seen={seen && m.id === newestOwn} />
                  </Fragment>
                ))}
                {pending.length > 0 && days.at(-1) !== 'Today' && <DayHeading day="Today" />}
                {pending.map((p) => (
                  <PendingItem
                    key={p.clientMessageId}
                    pending={p}
                    online={online}
                    onRetry={() => actor.send({ type: 'message.retry', clientMessageId: p.clientMessageId })}
                    onDiscard={() => actor.send({ type: 'message.discard', clientMessageId: p.clientMessageId })}
                  />
                ))}
              </ol>
            </div>
          </>
        )}
      </div>

      <p aria-live="polite" className="min-h-3 px-2 text-xs text-muted">
        {typing ? `${typing} is typing…` : ''}
      </p>

      <form
        className="flex flex-col gap-0.5 border-t border-line px-2 py-1"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'message.send' });
        }}
      >
        <label htmlFor={ids.composer} className="text-sm font-semibold">
          Message
        </label>
        <textarea
          id={ids.composer}
          ref={composer}
          rows={3}
          value={draft}
          onChange={(e) => actor.send({ type: 'draft.change', text: e.target.value })}
          onKeyDown={onKeyDown}
          aria-describedby={ids.counter}
          aria-invalid={length > MAX_MESSAGE_LENGTH || !!sendError || undefined}
          className="w-full resize-y rounded border border-line bg-surface px-1 py-0.5 text-sm text-ink"
          placeholder="Write a message. Enter sends; Shift+Enter starts a new line."
        />
        {sendError && <Alert tone="error">{sendError}</Alert>}
        <div className="flex items-center justify-between gap-1">
          <p id={ids.counter} className={cx('text-xs', length > MAX_MESSAGE_LENGTH ? 'text-danger' : 'text-muted')}>
            {length.toLocaleString('en-US')} / {MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters
          </p>
          <Button type="submit" disabled={!canSend(draft)}>
            Send
          </Button>
        </div>
      </form>
    </section>
  );
}
