import { Link } from 'wouter';
import { publicPage } from '../../lib/public-heads.ts';
import { PolicyVersion, PRIVACY_VERSION, SupportEmail } from './legal.tsx';
import { PublicPage } from './public-page.tsx';

/** What the software keeps in the browser, and why: every key it reads or writes (src/services/*-store.ts). */
const BROWSER_STORAGE: ReadonlyArray<{ keys: string; where: string; why: string; until: string }> = [
  {
    keys: 'token, refreshToken, tokenExpiresAt, role, user',
    where: 'localStorage with “Remember me”, otherwise sessionStorage',
    why: 'Keeps you signed in: your access and refresh tokens, your role, and your name and email for the navigation.',
    until:
      'You log out (everything but the theme is cleared), or the session ends: 30 days with “Remember me”, else when the browser closes.',
  },
  { keys: 'themeMode', where: 'localStorage', why: 'Light, dark or system theme.', until: 'You change it or clear the site’s data.' },
  {
    keys: 'userLocation, geolocationPermission',
    where: 'localStorage',
    why: 'The place you chose to search from, and your answer to the location prompt, so we do not ask again.',
    until: '24 hours for a location your browser shared; otherwise until you change it or log out.',
  },
  {
    keys: 'mapZoom, mapType, mapCenter',
    where: 'localStorage',
    why: 'Where you left the job map.',
    until: 'You log out or clear the site’s data.',
  },
  {
    keys: 'jobDraft:<id>',
    where: 'localStorage',
    why: 'Employers: a copy of a job draft’s unsaved changes, so closing the tab loses nothing.',
    until: 'The draft is saved on the server, or you log out.',
  },
  {
    keys: 'signInReturnPath',
    where: 'sessionStorage',
    why: 'The page to return to after you sign in.',
    until: 'You sign in, or the tab closes.',
  },
  {
    keys: 'businessVerificationRequest',
    where: 'sessionStorage',
    why: 'Employers registering: the business name and number being verified, between the form and the next step.',
    until: 'Verification is done, or the tab closes.',
  },
];

/** /privacy-policy: what the software stores and why, how long, who sees it, browser storage, copies and deletion. */
export default function PrivacyPage() {
  return (
    <PublicPage
      head={publicPage('/privacy-policy')}
      lead="What the Job Marketplace keeps about you, why, for how long and who can see it, written from what the software actually does."
      wide
    >
      <PolicyVersion of={PRIVACY_VERSION} />

      <h2>What we store, and why</h2>
      <table>
        <caption className="mb-0.5 text-left text-sm text-muted">What the marketplace stores on its servers</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Why</th>
            <th scope="col">Who can see it</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              Your account: name, email, role, phone if you give one, a job seeker’s date of birth; your password only as a scrypt hash
            </th>
            <td>
              To sign you in, to reach you, and to check that job seekers are at least 16 (and whether a job open only to adults may take
              your application).
            </td>
            <td>You; our administrators. Employers see the name and contact details on the applications you send them.</td>
          </tr>
          <tr>
            <th scope="row">
              An employer’s business: legal name, Taxpayer Identification Number, display name, logo, website, description, pictures
            </th>
            <td>Business verification, and the company’s public page.</td>
            <td>
              The number: the employer (its last four digits) and our administrators. The page: everyone, while the company is verified and
              in good standing.
            </td>
          </tr>
          <tr>
            <th scope="row">
              A job seeker’s profile: experience, education, skills, preferences, preferred places, photo (its metadata, such as GPS
              position, removed)
            </th>
            <td>
              To apply with, to match you with jobs, and, unless you switch off “Let employers find me”, to let employers with a matching
              job find you.
            </td>
            <td>You; staff of companies you apply to; with the setting on, staff of companies with a matching job.</td>
          </tr>
          <tr>
            <th scope="row">Documents: resumes and cover letters, and the text read from a resume</th>
            <td>To send with your applications; the text only to suggest skills to you.</td>
            <td>You, and the staff of the companies you apply to with that document.</td>
          </tr>
          <tr>
            <th scope="row">Applications: the job, the documents and answers you chose, their status and its history</th>
            <td>To run the hiring process.</td>
            <td>You and the staff of that company.</td>
          </tr>
          <tr>
            <th scope="row">Messages between job seekers and company staff</th>
            <td>To deliver them, show them in both inboxes, and mail a note about unread ones.</td>
            <td>The people in the conversation.</td>
          </tr>
          <tr>
            <th scope="row">Locations: a job’s place; a seeker’s preferred places</th>
            <td>Search by distance, the map, and matching.</td>
            <td>A job’s place: everyone. Preferred places: you, and employers finding matching profiles.</td>
          </tr>
          <tr>
            <th scope="row">Impressions, views and application starts of each job</th>
            <td>Employers’ metrics. They are added up per job and hour: the counts keep no record of who viewed what.</td>
            <td>The company’s staff, as totals.</td>
          </tr>
          <tr>
            <th scope="row">Payments: the processor’s token for a card, its brand, last four digits and expiry; boosts and invoices</th>
            <td>To charge boosts and keep invoices. Card numbers go to the payment processor (Stripe) and never reach our servers.</td>
            <td>The company’s employer; recruiters see its boosts.</td>
          </tr>
          <tr>
            <th scope="row">Job reports, job alert subscriptions (email, keyword, place), contact form messages</th>
            <td>Reviewing reported jobs; sending the alerts you asked for; answering you.</td>
            <td>Our administrators and support.</td>
          </tr>
        </tbody>
      </table>
      <p>
        Our request logs record the method, the page or call (never its query, which can hold an email address or a token), the status, the
        time taken and a request number; passwords, tokens and cookies are blanked out of them. Your network address is used for a few
        minutes at a time, in memory, to limit how often requests may be made, and is not stored with your account.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account, profile, documents, applications and messages: for as long as your account exists.</li>
        <li>
          Sign-in: a refresh token lasts 12 hours, or 30 days with “Remember me”; logging out or changing your password ends them. One-time
          codes last 10 minutes; email and password links expire; recruiter invitations last 7 days.
        </li>
        <li>View and start counts used to stop repeated counting: 30 minutes. Job counts are kept as totals with no person attached.</li>
        <li>Invoices: as long as the law requires us to keep accounting records, also after a company closes its account.</li>
      </ul>

      <h2>Cookies and browser storage</h2>
      <p>
        The Job Marketplace sets no cookies and uses no advertising or analytics trackers. It keeps a few things in your browser’s storage,
        which never leaves your device unless a request needs it:
      </p>
      <table>
        <caption className="mb-0.5 text-left text-sm text-muted">What the site keeps in your browser</caption>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Where</th>
            <th scope="col">Why</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          {BROWSER_STORAGE.map((row) => (
            <tr key={row.keys}>
              <th scope="row">
                <code>{row.keys}</code>
              </th>
              <td>{row.where}</td>
              <td>{row.why}</td>
              <td>{row.until}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Two services load only where they are used and when the marketplace is set up with them: Stripe’s script, when an employer enters a
        card or confirms a payment, and Google Maps, on the job map. Each may set its own cookies under its own privacy policy. Without
        them, card payments run through the built-in test processor and the map is drawn by the site itself.
      </p>

      <h2>Who we share it with</h2>
      <p>
        We do not sell your data or share it for advertising. It reaches others only as described above (the companies you apply to, the
        people you message), and the services that run the marketplace for us: the payment processor, the mail service that sends our mail
        and, where configured, the hosting of files and the map provider.
      </p>

      <h2>Your copy, corrections and deletion</h2>
      <ul>
        <li>
          You can see and correct your profile, documents and company details at any time in your settings, and delete documents there.
        </li>
        <li>
          To get a copy of everything we keep about you, or to delete your account, write to <SupportEmail /> from the address of your
          account. Deleting an account removes your profile, documents and messages; a company’s job posts stay with the company, and
          invoices are kept as the law requires.
        </li>
      </ul>

      <h2>Contact</h2>
      <p>
        Questions about this policy: <SupportEmail />, or the <Link href="/contact">contact page</Link>. When this policy changes, its
        version and date above change with it. See also the <Link href="/terms-of-service">Terms of Service</Link>.
      </p>
    </PublicPage>
  );
}
