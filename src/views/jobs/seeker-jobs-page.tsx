import type { Role } from '../../contract/roles.ts';
import type { SeekerList } from '../../machines/jobs/seeker-jobs.machine.ts';
import { SeekerJobsList, type SeekerJobsListProps } from './seeker-jobs-list.tsx';

export type SeekerJobsPageProps = Omit<SeekerJobsListProps, 'list'>;

/** The frame of a seeker's list page: its heading, a line on what it holds, and the list. */
export function SeekerJobsPage({
  list,
  role,
  title,
  intro,
  ...props
}: SeekerJobsPageProps & { list: SeekerList; role: Role | null | undefined; title: string; intro: string }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className="text-3xl font-bold">
          {title}
        </h1>
        {role === 'JobSeeker' && <p className="mt-1 text-muted">{intro}</p>}
      </div>
      {role === 'JobSeeker' ? (
        <SeekerJobsList list={list} {...props} />
      ) : (
        <p className="text-muted">This page is for job seekers: their applications and saved jobs are listed here.</p>
      )}
    </section>
  );
}
