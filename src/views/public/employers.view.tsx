import { Link } from 'wouter';
import { BOOST_PLACEMENT_NAMES, boostPlacements, centsToDollars, RENEWAL_RETRY_DAYS } from '../../contract/billing.ts';
import { BOOST_TIERS_ON_SALE } from '../../contract/boost-tier-table.ts';
import { PAY_TRANSPARENCY_STATES } from '../../contract/posting-rules.ts';
import { formatMoney } from '../../lib/money.ts';
import { publicPage } from '../../lib/public-heads.ts';
import { Actions, ActionLink, PublicPage } from './public-page.tsx';

const lengths = [...new Set(BOOST_TIERS_ON_SALE.flatMap((t) => t.prices.map((p) => p.lengthDays)))].sort((a, b) => a - b);

/** The tiers on sale: what each buys and its price for each length (from the tier table's data). */
function TierTable() {
  return (
    <table>
      <caption className="mb-0.5 text-left text-sm text-muted">
        Boost tiers and prices in US dollars, paid for each period in advance
      </caption>
      <thead>
        <tr>
          <th scope="col">Tier</th>
          <th scope="col">What it gives the job</th>
          {lengths.map((d) => (
            <th key={d} scope="col">
              {d} days
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {BOOST_TIERS_ON_SALE.map((tier) => (
          <tr key={tier.id}>
            <th scope="row">{tier.name}</th>
            <td>
              <ul className="!my-0 !pl-2">
                {boostPlacements
                  .filter((p) => tier.placements.includes(p))
                  .map((p) => (
                    <li key={p} className="!my-0">
                      {BOOST_PLACEMENT_NAMES[p]}
                    </li>
                  ))}
              </ul>
            </td>
            {lengths.map((d) => {
              const price = tier.prices.find((p) => p.lengthDays === d);
              return (
                <td key={d} className="tabular-nums">
                  {price ? formatMoney(centsToDollars(price.priceCents)) : '—'}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /employers: posting, applicants, messaging, metrics, boosts and business verification. */
export default function EmployersPage() {
  return (
    <PublicPage
      head={publicPage('/employers')}
      lead="Post jobs, see who applies and talk to them, and read what happens to every post. Your company is verified first, so job seekers can trust what they read."
      wide
    >
      <Actions>
        <ActionLink href="/register">Register your business</ActionLink>
        <ActionLink href="/login" secondary>
          Login
        </ActionLink>
      </Actions>

      <h2>Business verification, and why it is required</h2>
      <p>
        Fake job posts are how many scams start: a stranger posing as an employer asks for a fee, a bank account or an identity document. So
        every employer account begins with business verification. When you register, you give the business’s legal name and its Taxpayer
        Identification Number (an EIN; a sole proprietor may use an SSN or ITIN), and you cannot sign in until they pass. One number belongs
        to one company only, and our administrators can blacklist a business that misuses the marketplace, which takes its jobs off the
        site.
      </p>
      <p>
        The legal name and number are shown back to you read only; changing them means verifying again, through support. Your company page
        shows what you choose to publish: display name, logo, website, description and up to six pictures.
      </p>

      <h2>Posting a job</h2>
      <ol>
        <li>
          <strong>Start a draft.</strong> Give it a title; the wizard then walks through the job’s details, time requirements, pay,
          categories, what you ask of candidates and an optional boost, and saves as you go. Drafts wait in your{' '}
          <Link href="/user/jobpost-create">drafts list</Link> until you publish, and anyone on your staff can pick one up.
        </li>
        <li>
          <strong>Let the writer help, if you like.</strong> From the draft’s own fields it can suggest a description, shown beside yours
          until you use it or dismiss it.
        </li>
        <li>
          <strong>Publish.</strong> Every step is checked before the job goes live. Jobs for work in a state whose law requires a pay range
          in the posting ({PAY_TRANSPARENCY_STATES.length} states and districts today) must give one, and a job can be opened to 16- and
          17-year-olds only if it names no occupation federal law forbids them (see <Link href="/hiringMinors">Hiring minors</Link>).
        </li>
        <li>
          <strong>Keep it current.</strong> Close and reopen a job, edit it through a new draft, clone it for a similar role, or delete it.
          A job runs until its last day (30 days if you set none).
        </li>
      </ol>

      <h2>Applicants and messages</h2>
      <p>
        Each job’s applicants are listed with the resume and cover letter they chose and, if you ask, whether they are authorized to work in
        the United States. Move each application through Reviewed, Interviewing, Offered, Hired or Rejected; the applicant sees the status,
        and open applicants are told by mail when a job closes. Message an applicant from their application: conversations update live in
        every open tab, and unread messages are mailed to whoever is away. You can also find job seekers whose profiles match a job and
        invite them to apply.
      </p>
      <p>
        An employer adds recruiters by email from <Link href="/user/staff">Staff</Link>; they share the company’s drafts, jobs and
        applicants. Only the employer manages billing.
      </p>

      <h2>Metrics</h2>
      <p>
        For each job and for the company as a whole: how many job seekers saw the job in a list (impressions), opened it (views), started an
        application and applied, day by day in your time zone, against the period before, with the jobs doing best and worst. Every chart
        can be read as a table and downloaded as CSV. Counts leave out your own staff and known bots.
      </p>

      <h2>Boosts</h2>
      <p>
        A boost puts a job in front of more job seekers for 7, 14 or 30 days. It is paid for each period in advance by card, invoiced, and
        renews by itself until you cancel; a cancelled boost runs to the end of its paid period. If a renewal fails, the boost pauses and we
        try again {RENEWAL_RETRY_DAYS.map((d) => `${d}`).join(', ')} days later before cancelling it. A boost stops without a charge when
        its job closes. Longer lengths cost less a day.
      </p>
      <TierTable />
      <p>You boost a job from your jobs list, from its applicants page, or as the last step of its draft.</p>

      <h2>What it costs</h2>
      <p>
        Registering, verifying your business, posting jobs, managing applicants, messaging and reading your metrics cost nothing. Only
        boosts are paid.
      </p>
    </PublicPage>
  );
}
