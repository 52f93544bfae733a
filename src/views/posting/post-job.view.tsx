import { useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DraftWizard, type DraftWizardProps } from './draft-wizard.view.tsx';

export type PostJobPageProps = Omit<DraftWizardProps, 'draftId' | 'onCreated'>;

/**
 * /user/jobs/post-job: the job post wizard. `?draft=<id>` resumes a draft at its step; without it
 * the wizard asks for a title, makes the draft, and the address then names it, so a reload or a
 * later visit resumes it.
 */
export default function PostJobPage(props: PostJobPageProps) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const draftId = new URLSearchParams(search).get('draft');
  // The draft the wizard made itself keeps the same wizard when the address names it.
  const created = useRef<string | null>(null);
  const key = draftId && draftId === created.current ? 'new' : (draftId ?? 'new');

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h1 id="page-title" className="text-3xl font-bold">
          Post a job
        </h1>
        <Link href="/user/jobpost-create" className="text-sm font-medium text-link underline">
          All drafts
        </Link>
      </div>
      <DraftWizard
        key={key}
        {...props}
        draftId={draftId}
        onCreated={(id) => {
          created.current = id;
          navigate(`/user/jobs/post-job?draft=${encodeURIComponent(id)}`, { replace: true });
        }}
      />
    </section>
  );
}
