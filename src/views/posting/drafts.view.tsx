import { lazy, Suspense, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { DraftSummary } from '../../contract/posting.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { draftsMachine, selectLoading, selectPageCount } from '../../machines/posting/drafts.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { LoadFailed } from '../ui/load-state.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Pager } from './pager.tsx';
import { stepLabel } from './step-indicator.tsx';

type Logic = typeof draftsMachine;

export interface DraftsPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

/** Loaded when first asked: the list shows without them. */
const ConfirmDialog = lazy(() => import('../ui/confirm-dialog.tsx'));
const NewPostDialog = lazy(() => import('./new-post-dialog.tsx'));

export const wizardPath = (draftId: string) => `/user/jobs/post-job?draft=${encodeURIComponent(draftId)}`;

function DraftRow({ draft, busy, onDelete }: { draft: DraftSummary; busy: boolean; onDelete: () => void }) {
  const titleId = `draft-${draft.jobPostDraftId}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-wrap items-center justify-between gap-1 border-t border-line py-1.5 first:border-t-0"
    >
      <div className="min-w-0">
        <h3 id={titleId} className="font-semibold break-words">
          {draft.title}
          {draft.jobPostId && (
            <span className="ml-1 rounded-full border border-line px-1 text-xs font-normal text-muted">Changes to a published job</span>
          )}
        </h3>
        <p className="text-sm">{stepLabel(draft.stepTracking.currentStep)}</p>
        <p className="text-sm text-muted">
          Last changed {formatDisplayDate(draft.modified)} by {draft.modifiedBy.name}
        </p>
      </div>
      <div className="flex gap-1">
        <Link
          href={wizardPath(draft.jobPostDraftId)}
          aria-label={`Continue ${draft.title}`}
          className="inline-flex min-h-5 items-center rounded bg-brand-700 px-2 py-1 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
        >
          Continue
        </Link>
        <Button variant="ghost" aria-label={`Delete ${draft.title}`} busy={busy} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The company's drafts: search, pages of 10, continue or delete each, and a new job post. */
export function DraftList({ logic, snapshot }: DraftsPageProps) {
  const actor = useActorRef(logic ?? draftsMachine, snapshot ? { snapshot } : {});
  const [, navigate] = useLocation();
  const search = useSelector(actor, (s) => s.context.search);
  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const page = useSelector(actor, (s) => s.context.page);
  const pages = useSelector(actor, selectPageCount);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const notice = useSelector(actor, (s) => s.context.notice);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const target = useSelector(actor, (s) => s.context.target);
  const confirming = useSelector(actor, (s) => s.matches({ dialog: 'confirming' }));
  const deleting = useSelector(actor, (s) => s.matches({ dialog: 'deleting' }));
  const naming = useSelector(actor, (s) => s.matches({ dialog: 'naming' }) || s.matches({ dialog: 'creating' }));
  const creating = useSelector(actor, (s) => s.matches({ dialog: 'creating' }));
  const title = useSelector(actor, (s) => s.context.title);
  const titleError = useSelector(actor, (s) => s.context.titleError);
  const createError = useSelector(actor, (s) => s.context.createError);
  const loaded = useSelector(actor, (s) => s.matches({ list: 'ready' }));

  useEffect(() => {
    const sub = actor.on('draft.created', (e) => navigate(wizardPath(e.draftId)));
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  const summary = total === 1 ? '1 draft' : `${total} drafts`;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <TextField
          label="Search drafts"
          type="search"
          className="w-full max-w-sm"
          placeholder="Job title"
          value={search}
          autoComplete="off"
          onChange={(e) => actor.send({ type: 'search.change', text: e.target.value })}
        />
        <Button onClick={() => actor.send({ type: 'create.open' })}>New job post</Button>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {actionError && <Alert tone="error">{actionError}</Alert>}
      {failed ? (
        <LoadFailed message={loadError ?? 'The drafts could not be loaded.'} onRetry={() => actor.send({ type: 'drafts.retry' })} />
      ) : (
        <section
          aria-labelledby="drafts-title"
          aria-busy={loading || undefined}
          className="flex flex-col gap-1 rounded border border-line bg-surface p-2 shadow-sm"
        >
          <div className="flex items-center justify-between gap-1">
            <h2 id="drafts-title" className="text-lg font-semibold">
              Drafts
            </h2>
            <p role="status" className="flex items-center gap-1 text-sm text-muted">
              {loading ? (
                <>
                  <Spinner size={16} /> Loading drafts…
                </>
              ) : (
                `${summary}${pages > 1 ? `, page ${page} of ${pages}` : ''}`
              )}
            </p>
          </div>
          {loaded && items.length === 0 && !loading && (
            <p className="text-muted">
              {search.trim()
                ? `No drafts match “${search.trim()}”.`
                : 'No drafts yet. Start a new job post and it is saved here as you write it.'}
            </p>
          )}
          {items.length > 0 && (
            <ul aria-labelledby="drafts-title" className="flex flex-col">
              {items.map((d) => (
                <DraftRow
                  key={d.jobPostDraftId}
                  draft={d}
                  busy={deleting && target?.jobPostDraftId === d.jobPostDraftId}
                  onDelete={() => actor.send({ type: 'draft.delete', id: d.jobPostDraftId })}
                />
              ))}
            </ul>
          )}
          <Pager
            page={page}
            count={pages}
            label="Draft pages"
            disabled={loading}
            onPage={(p) => actor.send({ type: 'page.go', page: p })}
          />
        </section>
      )}
      {confirming && target && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Delete this draft?"
            confirmLabel="Delete draft"
            cancelLabel="Cancel"
            onConfirm={() => actor.send({ type: 'confirm.accept' })}
            onCancel={() => actor.send({ type: 'confirm.cancel' })}
          >
            <p>
              “{target.title}” and everything written in it will be deleted.{' '}
              {target.jobPostId ? 'The published job stays as it is.' : 'This cannot be undone.'}
            </p>
          </ConfirmDialog>
        </Suspense>
      )}
      {naming && (
        <Suspense fallback={null}>
          <NewPostDialog
            title={title}
            error={titleError}
            failure={createError}
            busy={creating}
            onChange={(next) => actor.send({ type: 'title.change', title: next })}
            onSubmit={() => actor.send({ type: 'title.submit' })}
            onClose={() => actor.send({ type: 'create.cancel' })}
          />
        </Suspense>
      )}
    </div>
  );
}

/** /user/jobpost-create: the company's job post drafts. */
export default function DraftsPage(props: DraftsPageProps) {
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        Job post drafts
      </h1>
      <p className="text-muted">
        Job posts you and your company’s recruiters started. Each is saved as it is written; continue one where it was left.
      </p>
      <DraftList {...props} />
    </section>
  );
}
