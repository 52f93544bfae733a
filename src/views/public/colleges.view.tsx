import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { CAMPUS_RADIUS_MILES, CollegeMessages } from '../../contract/colleges.ts';
import { campusSearchHref } from '../../lib/colleges.ts';
import { publicPage } from '../../lib/public-heads.ts';
import { collegesMachine, selectJobsFailed, selectJobsLoading, selectSearching } from '../../machines/public/colleges.machine.ts';
import { ServerErrors } from '../account/server-errors.view.tsx';
import { JobCard } from '../jobs/job-card.tsx';
import { Button } from '../ui/button.tsx';
import { ComboboxField } from '../ui/select-field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ActionLink, Actions, PublicPage } from './public-page.tsx';

export interface CollegesPageProps {
  /** The machine with its calls provided (stories and tests stub them). */
  logic?: typeof collegesMachine;
  snapshot?: SnapshotFrom<typeof collegesMachine>;
}

/** /colleges: find a US college and the part-time jobs and internships near its campus. */
export default function CollegesPage({ logic, snapshot }: CollegesPageProps) {
  const actor = useActorRef(logic ?? collegesMachine, snapshot ? { snapshot } : undefined);
  const colleges = useSelector(actor, (s) => s.context.colleges);
  const query = useSelector(actor, (s) => s.context.query);
  const college = useSelector(actor, (s) => s.context.college);
  const jobs = useSelector(actor, (s) => s.context.jobs);
  const errors = useSelector(actor, (s) => s.context.errors);
  const searching = useSelector(actor, selectSearching);
  const loading = useSelector(actor, selectJobsLoading);
  const failed = useSelector(actor, selectJobsFailed);

  const options = (colleges ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.city}, ${c.state})` }));
  const total = jobs ? `${jobs.total.toLocaleString('en-US')}${jobs.totalIsLowerBound ? '+' : ''}` : '';

  return (
    <PublicPage
      head={publicPage('/colleges')}
      lead="Find your college and see the part-time jobs and internships near its campus: work that fits around classes, a short trip away."
    >
      <h2>Find a college</h2>
      <p>
        The list holds the colleges, universities and trade schools of the U.S. Department of Education’s directory (IPEDS). Each campus is
        placed at the centre of its city, and the jobs are searched within {CAMPUS_RADIUS_MILES} miles of it, nearest first.
      </p>
      <div className="not-prose my-2 max-w-xl">
        <ComboboxField
          label="College or university"
          placeholder="e.g. Portland State University"
          value={college ? { value: college.id, label: college.name } : null}
          onChange={(choice) => {
            const chosen = colleges?.find((c) => c.id === choice?.value);
            if (chosen) actor.send({ type: 'college.choose', college: chosen });
          }}
          onQueryChange={(text) => actor.send({ type: 'college.search', text })}
          options={options}
          searching={searching}
          emptyText={query.trim().length >= 2 && colleges ? CollegeMessages.nothingFound : 'Type at least 2 letters of the name'}
          hint="Type part of the name, then choose the college from the list."
        />
      </div>

      {college && (
        <section aria-labelledby="campus-jobs" aria-busy={loading} className="not-prose my-3 flex flex-col gap-2">
          <h2 id="campus-jobs" className="text-2xl font-bold">
            Part-time jobs and internships near {college.name}
          </h2>
          <p className="text-muted">
            Within {CAMPUS_RADIUS_MILES} miles of {college.city}, {college.state}, nearest first.
          </p>
          <div aria-live="polite">
            {loading && <Spinner label="Finding jobs near the campus" />}
            {jobs && (
              <p>
                {jobs.total === 0
                  ? 'No part-time jobs or internships are open near this campus yet.'
                  : `${total} part-time ${jobs.total === 1 ? 'job or internship' : 'jobs and internships'} open near this campus.`}
              </p>
            )}
          </div>
          {failed && (
            <div className="flex flex-col items-start gap-1">
              <ServerErrors errors={errors} />
              <Button onClick={() => actor.send({ type: 'jobs.retry' })}>Try again</Button>
            </div>
          )}
          {jobs && jobs.items.length > 0 && (
            <ul className="flex flex-col gap-1.5" aria-label={`Jobs near ${college.name}`}>
              {jobs.items.map((job) => (
                <li key={job.id}>
                  <JobCard job={job} />
                </li>
              ))}
            </ul>
          )}
          {jobs && (
            <Actions>
              <ActionLink href={campusSearchHref(college)}>
                {jobs.total > jobs.items.length ? `See all ${total} on the map and list` : 'Search and widen on the jobs page'}
              </ActionLink>
            </Actions>
          )}
        </section>
      )}

      <h2>For students</h2>
      <ul>
        <li>
          Part-time jobs and internships are what employers mark as such when they post; the search page lets you add full-time or other job
          types, change the distance, and see the jobs on a map.
        </li>
        <li>
          To apply, <Link href="/register">create a job seeker account</Link> and add your school under Education in your profile: it is
          picked from the same list of colleges.
        </li>
        <li>
          Not sure how to start? Read <Link href="/jobseekers">how it works for job seekers</Link> and our{' '}
          <Link href="/blogs">articles</Link> on resumes and interviews.
        </li>
      </ul>

      <h2>For career offices</h2>
      <p>
        Link your students to this page, or to the search it opens for your campus: its address keeps the place, the distance and the
        filters, so the link shows the jobs open on the day a student follows it. Employers near your campus can{' '}
        <Link href="/employers">post their openings here</Link> once their business is verified.
      </p>
      <Actions>
        <ActionLink href="/jobs">Browse all jobs</ActionLink>
        <ActionLink href="/employers" secondary>
          For employers
        </ActionLink>
      </Actions>
    </PublicPage>
  );
}
