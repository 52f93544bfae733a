import { useSession } from '../../app/session.tsx';
import { SeekerJobsPage, type SeekerJobsPageProps } from './seeker-jobs-page.tsx';

/** /user/applied-jobs: the jobs the seeker applied to, with each application's status. */
export default function AppliedJobsPage(props: SeekerJobsPageProps) {
  const { role } = useSession();
  return (
    <SeekerJobsPage
      {...props}
      list="applied"
      role={role}
      title="Applied jobs"
      intro="The jobs you applied to, newest first, with where each application stands."
    />
  );
}
