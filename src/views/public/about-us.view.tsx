import { Link } from 'wouter';
import { publicPage } from '../../lib/public-heads.ts';
import { Actions, ActionLink, PublicPage } from './public-page.tsx';

/** /about-us: who the marketplace is for and the principles it is built on. */
export default function AboutUsPage() {
  return (
    <PublicPage
      head={publicPage('/about-us')}
      lead="The Job Marketplace connects people looking for work with the businesses hiring near them, in the United States."
    >
      <h2>Who it is for</h2>
      <ul>
        <li>
          <strong>Job seekers</strong> from 16 years old: students looking for a first or part-time job, people changing careers, anyone who
          would rather work close to home. <Link href="/jobseekers">What job seekers can do</Link>.
        </li>
        <li>
          <strong>Employers and their recruiters</strong>: businesses registered in the United States that post jobs, manage applicants and
          message them. <Link href="/employers">What employers can do</Link>.
        </li>
        <li>
          <strong>Colleges and career offices</strong> helping students find work near campus.
        </li>
      </ul>

      <h2>What we believe</h2>
      <ul>
        <li>
          <strong>Where a job is matters.</strong> Search starts from a place and shows jobs on a map, with real distances, because a short
          commute is worth as much as a raise to many people.
        </li>
        <li>
          <strong>Every employer is a real business.</strong> Employers pass business verification before they can sign in, job seekers can
          report a job post, and administrators act on reports.
        </li>
        <li>
          <strong>Pay belongs in the post.</strong> Where state law requires a pay range, a job cannot be published without one, and every
          job’s card and page show what it pays.
        </li>
        <li>
          <strong>Young workers are protected.</strong> Jobs open to 16- and 17-year-olds are checked against the federal list of
          occupations forbidden to them. <Link href="/hiringMinors">How we apply the rules</Link>.
        </li>
        <li>
          <strong>Your data is used to run the marketplace, nothing else.</strong> We do not sell it, and the{' '}
          <Link href="/privacy-policy">Privacy Policy</Link> says plainly what we keep and why.
        </li>
        <li>
          <strong>Free for job seekers.</strong> Searching, applying and messaging cost job seekers nothing; employers pay only to boost a
          job.
        </li>
      </ul>

      <h2>Get in touch</h2>
      <p>
        Questions, ideas or a problem to report: write to us from the <Link href="/contact">contact page</Link>, or read the{' '}
        <Link href="/faqs">FAQs</Link> first.
      </p>
      <Actions>
        <ActionLink href="/jobs">Browse jobs</ActionLink>
        <ActionLink href="/register" secondary>
          Create an account
        </ActionLink>
      </Actions>
    </PublicPage>
  );
}
