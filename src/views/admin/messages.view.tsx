import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { NO_CONTACT_MESSAGES, type AdminContactMessage } from '../../contract/admin.ts';
import { formatAuditTime } from '../../lib/audit.ts';
import {
  messagesMachine,
  messagesPageOf,
  messagesSearchOf,
  replyHref,
  selectErrors,
  selectPageCount,
} from '../../machines/admin/messages.machine.ts';
import { cx } from '../ui/cx.ts';
import { PageSteps } from '../ui/page-steps.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import { EmptyList, ListSkeleton, LoadErrors, useQueryInAddress } from './office-parts.tsx';
import { recruiterPath } from './paths.ts';

type Logic = typeof messagesMachine;

export interface MessagesPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const ROLE_NAMES: Record<string, string> = {
  JobSeeker: 'job seeker',
  Employer: 'employer',
  Recruiter: 'recruiter',
  SuperAdmin: 'administrator',
};

/** Who sent it: the name and address they gave, and the account they were signed in with, if any. */
function Sender({ m }: { m: AdminContactMessage }) {
  const account = m.account;
  const staff = account && (account.role === 'Employer' || account.role === 'Recruiter');
  return (
    <p className="text-sm">
      <strong>{m.name}</strong> <span className="break-all text-muted">&lt;{m.email}&gt;</span>
      {account && (
        <span className="block text-xs text-muted">
          Signed in as {staff ? <Link href={recruiterPath(account.id)}>{account.name}</Link> : account.name}
          {account.email !== m.email && ` (${account.email})`}, {ROLE_NAMES[account.role] ?? account.role}
        </span>
      )}
    </p>
  );
}

function MessageItem({ m }: { m: AdminContactMessage }) {
  const headingId = `message-${m.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-1 rounded border border-line bg-surface p-2">
        <header className="flex flex-wrap items-start justify-between gap-1">
          <div className="min-w-0">
            <h2 id={headingId} className={cx('text-lg font-semibold break-words', !m.subject && 'text-muted italic')}>
              {m.subject ?? 'No subject'}
            </h2>
            <Sender m={m} />
          </div>
          <time dateTime={m.createdAt} className="text-sm whitespace-nowrap text-muted tabular-nums">
            {formatAuditTime(m.createdAt)}
          </time>
        </header>
        <p className="whitespace-pre-wrap break-words">{m.message}</p>
        <p>
          <a
            href={replyHref(m)}
            aria-label={`Reply to ${m.name} by email`}
            className="inline-block rounded border border-brand-700 px-1.5 py-0.5 text-sm font-semibold text-brand-700 no-underline hover:bg-brand-50 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-white/5"
          >
            Reply
          </a>
        </p>
      </article>
    </li>
  );
}

/** /back-office/messages: what visitors sent with the contact form, newest first, 10 a page, each with a reply link. */
export default function MessagesPage({ logic, snapshot }: MessagesPageProps) {
  const search = useSearch();
  const input = useRef({ pageNumber: messagesPageOf(search) }).current;
  const actor = useActorRef(logic ?? messagesMachine, snapshot ? { snapshot, input } : { input });
  const pageNumber = useSelector(actor, (s) => s.context.pageNumber);
  const list = useSelector(actor, (s) => s.context.list);
  const errors = useSelector(actor, selectErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const pages = useSelector(actor, selectPageCount);

  useQueryInAddress(pageNumber, messagesSearchOf, messagesPageOf, (page) => actor.send({ type: 'messages.address', page }));

  return (
    <BackOfficeLayout title="Messages">
      <p className="text-muted">
        Messages sent from the contact page, newest first. Reply by email: the reply link opens a new mail to the sender.
      </p>
      <p aria-live="polite" className="text-sm text-muted">
        {list && !loading && errors.length === 0 ? `${list.totalCount} ${list.totalCount === 1 ? 'message' : 'messages'}` : ''}
      </p>
      {errors.length > 0 ? (
        <LoadErrors errors={errors} onRetry={() => actor.send({ type: 'messages.retry' })} />
      ) : !list ? (
        <ListSkeleton label="Loading the messages" />
      ) : list.messages.length === 0 && !loading ? (
        <EmptyList>{NO_CONTACT_MESSAGES}</EmptyList>
      ) : (
        <div aria-busy={loading || undefined} className={cx('flex flex-col gap-2 transition-opacity', loading && 'opacity-60')}>
          <ul aria-label="Contact messages, newest first" className="flex flex-col gap-1.5">
            {list.messages.map((m) => (
              <MessageItem key={m.id} m={m} />
            ))}
          </ul>
          <PageSteps page={pageNumber} pages={pages} disabled={loading} onPage={(p) => actor.send({ type: 'messages.page', page: p })} />
        </div>
      )}
    </BackOfficeLayout>
  );
}
