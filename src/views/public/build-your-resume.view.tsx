import { Link, Redirect } from 'wouter';
import { useSession } from '../../app/session.tsx';
import { MAX_DOCUMENTS_PER_KIND } from '../../contract/documents.ts';
import { publicPage } from '../../lib/public-heads.ts';
import { Actions, ActionLink, PublicPage } from './public-page.tsx';

/** Where a signed-in job seeker builds a resume: the profile builder. */
export const PROFILE_BUILDER_PATH = '/user/settings/profile';

/**
 * Build Your Resume (the JobSeeker menu): a signed-in job seeker goes straight to the profile
 * builder; anyone else reads what it is and how to start.
 */
export default function BuildYourResumePage() {
  const { role } = useSession();
  if (role === 'JobSeeker') return <Redirect to={PROFILE_BUILDER_PATH} replace />;
  return (
    <PublicPage
      head={publicPage('/build-your-resume')}
      lead="Here your resume is your profile: fill it in once, keep it current, and every application and every employer looking for people like you reads it."
    >
      <Actions>
        <ActionLink href="/register">Create a job seeker account</ActionLink>
        <ActionLink href="/login" secondary>
          Login to your profile
        </ActionLink>
      </Actions>

      <h2>What goes into it</h2>
      <ol>
        <li>
          <strong>Your details.</strong> Your name, phone and email, and a photo if you like.
        </li>
        <li>
          <strong>Experience.</strong> Each job with its title, employer, dates and what you did there, and the skills you used.
        </li>
        <li>
          <strong>Education.</strong> Schools, colleges and universities, with the degree and field of study, chosen from lists so employers
          can search them.
        </li>
        <li>
          <strong>Skills.</strong> Chosen from a list of skills employers search for. Upload a resume and we suggest the skills we read in
          it; you choose which to add.
        </li>
        <li>
          <strong>Preferences.</strong> The kind of work, schedule, pay and places you want, which decide the jobs that match you.
        </li>
        <li>
          <strong>Documents.</strong> Up to {MAX_DOCUMENTS_PER_KIND} resumes and {MAX_DOCUMENTS_PER_KIND} cover letters (PDF or Word), so
          you can send the right one to each job.
        </li>
      </ol>
      <p>The navigation shows how complete your profile is, so you know what is left.</p>

      <h2>Writing it well</h2>
      <p>
        Start with <Link href="/blogs/your-first-resume">how to write your first resume</Link>, even with no work history, and read the
        other articles on the <Link href="/blogs">blog</Link>.
      </p>
    </PublicPage>
  );
}
