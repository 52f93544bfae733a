import { Link } from 'wouter';
import { RENEWAL_RETRY_DAYS } from '../../contract/billing.ts';
import { publicPage } from '../../lib/public-heads.ts';
import { YOUNGEST_APPLICANT } from '../../lib/child-labor.ts';
import { PolicyVersion, SupportEmail, TERMS_VERSION } from './legal.tsx';
import { PublicPage } from './public-page.tsx';

/** /terms-of-service: the rules of using the marketplace, dated and versioned. */
export default function TermsPage() {
  return (
    <PublicPage
      head={publicPage('/terms-of-service')}
      lead="The terms on which you use the Job Marketplace. By creating an account you accept them; please read them with the Privacy Policy."
    >
      <PolicyVersion of={TERMS_VERSION} />

      <h2>1. Who may use it</h2>
      <ul>
        <li>Anyone may search and read jobs without an account.</li>
        <li>Job seekers must be at least {YOUNGEST_APPLICANT} years old and give their true date of birth.</li>
        <li>
          Employers must be businesses legally registered in the United States and pass business verification with their true legal name and
          Taxpayer Identification Number. An employer is responsible for the recruiters it invites.
        </li>
        <li>One person, one account. Keep your password to yourself; you are responsible for what is done with your account.</li>
      </ul>

      <h2>2. Job posts</h2>
      <ul>
        <li>A job post must describe a real, open position with the employer that posts it, with true pay, place and duties.</li>
        <li>
          Posts must follow the law where the work is done, including pay transparency laws and child labor law. A job opened to applicants
          under 18 must involve none of the federal Hazardous Occupations Orders (<Link href="/hiringMinors">Hiring minors</Link>); our
          check of a post’s words does not replace the employer’s own.
        </li>
        <li>
          Not allowed: asking applicants for money, fees, bank details or identity documents before an offer; discriminating against
          applicants unlawfully; recruiting for anything other than the job posted; posting for another business.
        </li>
      </ul>

      <h2>3. Applications and messages</h2>
      <ul>
        <li>Job seekers apply with true information and documents that are their own.</li>
        <li>
          Employers use applicants’ details only to consider them for the company’s jobs, and messages only to talk about work. No spam, no
          harassment.
        </li>
      </ul>

      <h2>4. Boosts and payments</h2>
      <ul>
        <li>
          Boosts are paid in advance for each period at the price shown before you confirm, in US dollars, through our payment processor,
          and renew until cancelled. Prices are on the <Link href="/employers">Employers page</Link>.
        </li>
        <li>
          A cancelled boost runs to the end of the period paid. A failed renewal is tried again {RENEWAL_RETRY_DAYS.join(', ')} days later;
          after the last failure the boost is cancelled. A boost whose job closes, or whose company is blacklisted or deactivated, ends
          without a further charge. Periods already paid are not refunded unless the law requires it.
        </li>
        <li>Each payment has an invoice, available to the employer in Billing.</li>
      </ul>

      <h2>5. Reports, suspension and removal</h2>
      <p>
        Anyone signed in as a job seeker can report a job. Our administrators review reports and may remove a post, deactivate or blacklist
        a company, or switch off an account that breaks these terms or the law. A blacklisted company’s jobs leave the site and its boosts
        end.
      </p>

      <h2>6. Your content</h2>
      <p>
        You keep the rights to what you upload and write. You allow us to store it and show it to the people this service shows it to (see
        the <Link href="/privacy-policy">Privacy Policy</Link>), only to run the marketplace.
      </p>

      <h2>7. What we do not promise</h2>
      <p>
        We verify businesses and act on reports, but we do not employ anyone, do not guarantee that a job, an applicant or a post is what it
        says, and are not a party to any job offer or contract of employment. The marketplace is provided as it is; we work to keep it
        available but do not promise it will be without interruption. Nothing on this site is legal advice.
      </p>

      <h2>8. Ending</h2>
      <p>
        You may stop using the marketplace at any time and ask us to delete your account by writing to <SupportEmail />. We may end access
        for breaking these terms.
      </p>

      <h2>9. Changes and contact</h2>
      <p>
        When these terms change, the version and date above change, and we tell account holders of important changes by email. Questions:{' '}
        <SupportEmail />, or the <Link href="/contact">contact page</Link>.
      </p>
    </PublicPage>
  );
}
