import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Conversation, MessagingPost } from '../../contract/messaging.ts';
import { messageAge } from '../../lib/message-text.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { otherPartyOf } from './thread.view.tsx';

export interface ConversationListProps {
  side: 'staff' | 'seeker';
  /** The user's messaging identity: their own messages preview as "You: …". */
  me: string;
  conversations: Conversation[];
  openUrl: string | null;
  typed: string;
  search: string;
  jobId: string | null;
  posts: MessagingPost[];
  postsError: string | null;
  loading: boolean;
  loadError: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  moreError: string | null;
  now?: Date;
  onOpen: (url: string) => void;
  onSearch: (text: string) => void;
  onSearchNow: () => void;
  onJob: (jobId: string | null) => void;
  onMore: () => void;
  onRetry: () => void;
}

const inputClass = 'w-full rounded border border-line bg-surface px-1 py-0.5 text-sm text-ink';

/** The preview of a conversation's newest message, as text on one line. */
function preview(c: Conversation, me: string) {
  const m = c.channel.last_message;
  if (!m) return 'No messages yet';
  return `${m.sender.clientId === me ? 'You: ' : ''}${m.text.replace(/\s+/g, ' ')}`;
}

/** The user's conversations: search (and for staff, the job), then one row per conversation. */
export function ConversationList(props: ConversationListProps) {
  const { side, conversations, openUrl } = props;
  const list = useRef<HTMLUListElement>(null);
  const end = useRef<HTMLLIElement>(null);
  const { hasMore, loadingMore, moreError, onMore } = props;

  // Scrolling to the end of the list reads the next page (the button does the same).
  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || loadingMore || moreError || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), { root: list.current });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, moreError, onMore]);

  // Up and Down move between conversations, Home and End to the first and last.
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-conversation]') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const next =
      e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? links.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    links[Math.max(0, Math.min(links.length - 1, next))]?.focus();
  };

  const empty = props.search
    ? `No conversations match “${props.search}”.`
    : props.jobId
      ? 'No conversations about this job yet.'
      : side === 'staff'
        ? 'No conversations yet. Open an applicant and choose Message to start one.'
        : 'No messages yet. When a company writes to you about a job you applied to, the conversation shows here.';

  return (
    <section aria-label="Conversations" className="flex min-h-0 flex-col gap-1">
      <form
        role="search"
        className="flex flex-col gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSearchNow();
        }}
      >
        {side === 'staff' && (
          <label className="flex flex-col gap-0.5 text-sm font-semibold">
            Job
            <select className={inputClass} value={props.jobId ?? ''} onChange={(e) => props.onJob(e.target.value || null)}>
              <option value="">All jobs</option>
              {props.posts.map((p) => (
                <option key={p.jobPost.id} value={p.jobPost.id}>
                  {p.jobPost.title}
                  {p.unread_message_count ? ` (${p.unread_message_count} unread)` : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {props.postsError && <Alert tone="error">{props.postsError}</Alert>}
        <label className="flex flex-col gap-0.5 text-sm font-semibold">
          Search conversations
          <input
            type="search"
            className={inputClass}
            value={props.typed}
            maxLength={100}
            placeholder={side === 'staff' ? 'Applicant or job' : 'Job or company'}
            onChange={(e) => props.onSearch(e.target.value)}
          />
        </label>
      </form>

      {props.loadError !== null ? (
        <LoadFailed message={props.loadError} onRetry={props.onRetry} />
      ) : props.loading ? (
        <Loading label="Loading conversations" />
      ) : conversations.length === 0 ? (
        <p className="rounded border border-dashed border-line p-2 text-sm text-muted">{empty}</p>
      ) : (
        <ul
          ref={list}
          onKeyDown={onKeyDown}
          className="flex min-h-0 flex-col overflow-y-auto rounded border border-line"
          aria-label="Conversation list"
        >
          {conversations.map((c) => {
            const unread = c.channel.unread_message_count;
            const current = c.channel.url === openUrl;
            const when = c.channel.last_message?.createdAt ?? c.channel.last_message_date * 1000;
            return (
              <li key={c.channel.url} className="border-b border-line last:border-b-0">
                <a
                  data-conversation
                  href={`?c=${encodeURIComponent(c.channel.url)}`}
                  aria-current={current ? 'true' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    props.onOpen(c.channel.url);
                  }}
                  className={cx(
                    'flex flex-col gap-0.5 px-1.5 py-1 text-ink no-underline hover:bg-black/5 dark:hover:bg-white/10',
                    current && 'bg-brand-50 dark:bg-brand-900/40',
                  )}
                >
                  <span className="flex items-baseline justify-between gap-1">
                    <span className={cx('truncate', unread ? 'font-bold' : 'font-semibold')}>{otherPartyOf(c, side)}</span>
                    <span className="shrink-0 text-xs text-muted">{messageAge(when, props.now)}</span>
                  </span>
                  <span className="truncate text-sm text-muted">{c.jobPost.title}</span>
                  <span className="flex items-center justify-between gap-1">
                    <span className={cx('truncate text-sm', unread ? 'text-ink' : 'text-muted')}>{preview(c, props.me)}</span>
                    {unread > 0 && (
                      <span className="min-w-2.5 shrink-0 rounded-full bg-brand-700 px-0.5 py-0.5 text-center text-xs leading-none font-bold text-white">
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </span>
                </a>
              </li>
            );
          })}
          {hasMore && <li ref={end} aria-hidden="true" className="h-px" />}
        </ul>
      )}
      {props.hasMore && !props.loading && props.loadError === null && (
        <Button variant="secondary" busy={props.loadingMore} onClick={props.onMore}>
          Load more conversations
        </Button>
      )}
      {props.moreError && <Alert tone="error">{props.moreError}</Alert>}
    </section>
  );
}
