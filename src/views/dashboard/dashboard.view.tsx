import { Redirect } from 'wouter';
import { useSession } from '../../app/session.tsx';
import { homeFor } from '../../contract/roles.ts';
import type { profileCompletionMachine } from '../../machines/account/profile-completion.machine.ts';
import type { saveJobMachine } from '../../machines/jobs/save-job.machine.ts';
import type { seekerDashboardMachine } from '../../machines/jobs/seeker-dashboard.machine.ts';
import type { seekerInvitationsMachine } from '../../machines/suggestions/seeker-invitations.machine.ts';
import { SeekerDashboard } from './seeker-dashboard.view.tsx';
import type { companyCountsMachine } from '../../machines/company/company-counts.machine.ts';
import type { employerMetricsMachine } from '../../machines/metrics/employer-metrics.machine.ts';
import { CompanyDashboard } from '../company/company-dashboard.view.tsx';

/**
 * The signed-in user's home (spec 1 §6): a job seeker sees the jobs applied to, saved and matched,
 * how complete the profile is, the invitations to apply and the jobs that match it; an employer or a recruiter the company's
 * job posts and applicants and its last 30 days.
 */
export default function DashboardPage({
  completionLogic,
  countsLogic,
  seekerLogic,
  saveLogic,
  invitationsLogic,
  metricsLogic,
}: {
  completionLogic?: typeof profileCompletionMachine;
  countsLogic?: typeof companyCountsMachine;
  seekerLogic?: typeof seekerDashboardMachine;
  saveLogic?: typeof saveJobMachine;
  invitationsLogic?: typeof seekerInvitationsMachine;
  metricsLogic?: typeof employerMetricsMachine;
}) {
  const { user, role } = useSession();
  // A SuperAdmin's dashboard is the back office's (spec 1 §2).
  if (role === 'SuperAdmin') return <Redirect to={homeFor(role)} replace />;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className="text-3xl font-bold">
          Dashboard
        </h1>
        {user && <p className="mt-1 text-lg">Welcome, {user.firstName}.</p>}
      </div>
      {role === 'JobSeeker' && (
        <SeekerDashboard logic={seekerLogic} completionLogic={completionLogic} saveLogic={saveLogic} invitationsLogic={invitationsLogic} />
      )}
      {(role === 'Employer' || role === 'Recruiter') && <CompanyDashboard role={role} logic={countsLogic} metricsLogic={metricsLogic} />}
    </section>
  );
}
