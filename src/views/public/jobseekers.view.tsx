import { Link } from 'wouter';
import { REPORT_REASON_NAMES, reportReasons } from '../../contract/jobs.ts';
import { publicPage } from '../../lib/public-heads.ts';
import { YOUNGEST_APPLICANT } from '../../lib/child-labor.ts';
import { Actions, ActionLink, PublicPage } from './public-page.tsx';

/** /jobseekers: what a job seeker can do here, step by step, and how we keep them safe. */
export default function JobSeekersPage() {
  return (
    <PublicPage
      head={publicPage('/jobseekers')}
      lead="Find work close to home: search open jobs on a list or a map, keep one profile that every application uses, and talk to the people hiring, in one place."
    >
      <Actions>
        <ActionLink href="/jobs">Browse jobs</ActionLink>
        <ActionLink href="/register" secondary>
          Create a job seeker account
        </ActionLink>
      </Actions>

      <h2>How it works, step by step</h2>
      <ol>
        <li>
          <strong>Look around without an account.</strong> <Link href="/jobs">Browse jobs</Link> by title, skill or company, near a city or
          ZIP code, and open any job to read the whole post: pay, schedule, benefits and what the employer asks of applicants.
        </li>
        <li>
          <strong>Create your account.</strong> <Link href="/register">Register</Link> as a job seeker with your email (or with Google,
          where it is switched on) and confirm your address from the mail we send. You must be at least {YOUNGEST_APPLICANT} years old.
        </li>
        <li>
          <strong>Build your profile once.</strong> Your <Link href="/user/settings/profile">profile</Link> holds your contact details,
          experience, education, skills, job preferences and up to ten resumes and ten cover letters (PDF or Word). The navigation shows how
          complete it is, and when you upload a resume we suggest the skills we read in it; nothing is added without your click.
        </li>
        <li>
          <strong>Search, save and apply.</strong> Save the jobs you like, then apply in a few clicks with the resume and cover letter you
          choose and the answers the job asks for. Your applied and saved jobs each have a list, with the status of every application.
        </li>
        <li>
          <strong>Talk to employers.</strong> When a company’s staff message you about an application, the conversation appears under
          Messages, with an unread count in the navigation and a mail when you are away.
        </li>
      </ol>

      <h2>Jobs that match you</h2>
      <p>
        Your dashboard lists open jobs that match your profile, best first: the jobs that need the most of your skills, then those that meet
        the most of your preferences (employment type, schedule, and pay at least what you asked for), then the nearest to the places you
        prefer, and the newest.
      </p>
      <p>
        Unless you switch off <em>Let employers find me</em> in your preferences, employers with a matching job can find your profile and
        invite you to apply. An invitation is only that: you decide whether to apply, and you can switch the setting off at any time.
      </p>

      <h2>The map</h2>
      <p>
        Every search can be seen on a map. Choose a place (a city or ZIP code, or your current location if you allow it) and a radius, and
        the map shows where the jobs are, grouped into clusters you can zoom into. Distances are true distances over the earth from the
        place you chose. Remote jobs have no pin; they show in the list, with the states they are open to.
      </p>

      <h2>How we keep you safe from fake jobs</h2>
      <ul>
        <li>
          <strong>Employers are verified businesses.</strong> An employer cannot sign in until the business’s legal name and Taxpayer
          Identification Number have passed our business verification, and one number belongs to one company only.
        </li>
        <li>
          <strong>You can report a job.</strong> Signed in, every job page has <em>Report this job</em>. Tell us why (
          {reportReasons.map((r) => REPORT_REASON_NAMES[r].toLowerCase()).join('; ')}) and our administrators review it; a business that
          breaks the rules can be blacklisted, and its jobs leave the site.
        </li>
        <li>
          <strong>Jobs open to 16- and 17-year-olds are checked.</strong> A job can be opened to applicants under 18 only when its title and
          skills name none of the occupations federal law forbids them. <Link href="/hiringMinors">How we apply the rules</Link>.
        </li>
        <li>
          <strong>No one should ask you for money.</strong> A real employer never charges you to apply or to be hired. Read{' '}
          <Link href="/blogs/spot-a-fake-job-post">how to spot a fake job post</Link>.
        </li>
      </ul>

      <h2>Questions</h2>
      <p>
        The <Link href="/faqs">FAQs</Link> answer the common ones, and the <Link href="/privacy-policy">Privacy Policy</Link> says what we
        keep about you and who can see it.
      </p>
    </PublicPage>
  );
}
