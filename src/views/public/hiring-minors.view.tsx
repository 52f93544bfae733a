import { Link } from 'wouter';
import { CHILD_LABOR_RULES, DOL_SOURCES, HAZARDOUS_ORDERS, NOT_LEGAL_ADVICE, YOUNGEST_APPLICANT } from '../../lib/child-labor.ts';
import { publicPage } from '../../lib/public-heads.ts';
import { PublicPage, SourceLink } from './public-page.tsx';

/** /hiringMinors: the federal rules for 16- and 17-year-olds, each with its source, and how posting applies them. */
export default function HiringMinorsPage() {
  return (
    <PublicPage
      head={publicPage('/hiringMinors')}
      lead="Sixteen- and seventeen-year-olds can be great hires for part-time, seasonal and first jobs. Federal law lets them do most work, with a few exceptions that matter. Here they are, with where each comes from."
      wide
    >
      <p role="note" className="rounded border border-line bg-surface-raised p-1.5 !text-base">
        <strong>Not legal advice.</strong> {NOT_LEGAL_ADVICE}
      </p>

      <h2>The federal rules</h2>
      <ul>
        {CHILD_LABOR_RULES.map((r) => (
          <li key={r.id}>
            <strong>{r.rule}</strong> {r.detail} <span className="text-muted">Source: </span>
            <SourceLink href={r.source.url}>{r.source.title}</SourceLink>.
          </li>
        ))}
      </ul>

      <h2>The Hazardous Occupations Orders</h2>
      <p>
        No one under 18 may be employed in these non-farm occupations (29 CFR Part 570, Subpart E). Orders marked “limited” have narrow
        exemptions for student-learners and apprentices under written agreements and close supervision. Source:{' '}
        <SourceLink href={DOL_SOURCES.factSheet43.url}>{DOL_SOURCES.factSheet43.title}</SourceLink>; see also the{' '}
        <SourceLink href={DOL_SOURCES.prohibitedOccupations.url}>{DOL_SOURCES.prohibitedOccupations.title}</SourceLink>.
      </p>
      <table>
        <caption className="mb-0.5 text-left text-sm text-muted">Federal Hazardous Occupations Orders for non-agricultural work</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Occupation</th>
            <th scope="col">Regulation</th>
            <th scope="col">Apprentice exemption</th>
          </tr>
        </thead>
        <tbody>
          {HAZARDOUS_ORDERS.map((o) => (
            <tr key={o.number}>
              <th scope="row">HO {o.number}</th>
              <td>{o.name}</td>
              <td>{o.cfr}</td>
              <td>{o.apprenticeExemption ? 'Limited' : 'None'}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>How this marketplace applies them</h2>
      <ul>
        <li>
          <strong>Job seekers are {YOUNGEST_APPLICANT} or older.</strong> Registration asks for a date of birth and refuses anyone younger,
          so the rules for 14- and 15-year-olds never come into play here.
        </li>
        <li>
          <strong>Jobs are for adults unless you open them.</strong> Every job starts closed to applicants under 18. A job seeker aged{' '}
          {YOUNGEST_APPLICANT} or 17 who tries to apply to such a job is told it is for adults, and the application is refused.
        </li>
        <li>
          <strong>The 16+ flag is checked against the orders.</strong> When you open a job to applicants aged {YOUNGEST_APPLICANT} and over,
          the job post wizard and the server both read the job’s title and skills for the words that name a hazardous occupation (a
          forklift, a roof, a meat slicer, a delivery driver…). If they find one, the job cannot be published open to minors, and the
          message names the word and the order. If they find none, you must still confirm that the job involves none of the occupations
          listed above.
        </li>
        <li>
          <strong>Hours and permits are yours to check.</strong> The marketplace cannot know a teen’s school schedule or your state’s
          limits. Check your state’s hour limits and whether it asks for a work permit (the Department of Labor’s{' '}
          <SourceLink href={DOL_SOURCES.ageCertificates.url}>table of state certificates</SourceLink>) before the first shift.
        </li>
      </ul>
      <p>
        The guard reads words, so it can miss a hazard a post describes in other terms, and the duties you give on the job count, not the
        title. You remain responsible for the work you assign. For ideas of what teens can do, read{' '}
        <Link href="/blogs/what-teens-can-do-at-work">what teens can do at work</Link>.
      </p>
    </PublicPage>
  );
}
