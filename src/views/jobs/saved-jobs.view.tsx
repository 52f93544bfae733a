import { useSession } from '../../app/session.tsx';
import { SeekerJobsPage, type SeekerJobsPageProps } from './seeker-jobs-page.tsx';

/** /user/saved-jobs: the jobs the seeker saved for later. */
export default function SavedJobsPage(props: SeekerJobsPageProps) {
  const { role } = useSession();
  return (
    <SeekerJobsPage
      {...props}
      list="saved"
      role={role}
      title="Saved jobs"
      intro="The jobs you saved for later, newest saved first. Take one off with its Saved button."
    />
  );
}
