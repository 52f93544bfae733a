import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDateZone, useHydrating } from '../../app/hydration.ts';
import { useImageSource } from '../../app/image-source.tsx';
import { JobMessages } from '../../contract/job-messages.ts';
import type { CompanyCard, JobDetail } from '../../contract/jobs.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { compensationLabel, experienceLabel, locationLabel, postedLabel, workScheduleLabel } from '../../lib/job-display.ts';
import { cityState } from '../../lib/places.ts';
import { cleanRichText } from '../posting/rich-text.ts';
import { cx } from '../ui/cx.ts';
import { SkillChips } from './job-card.tsx';

/** The page title a job's page has, as the server writes it into the page's HTML (server/jobs/seo.ts). */

/** The website as people read it: no scheme, no trailing slash. */
const readableWebsite = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
const listed = (items: ReadonlyArray<{ name: string }>) => items.map((i) => i.name).join(', ');

/** "Full time · 40 hours a week · 6 months"; "Part time · 20 hours a week · Ongoing". */
export function scheduleLabel(schedule: JobDetail['schedule']): string {
  return [
    workScheduleLabel(schedule.workSchedule),
    schedule.hoursPerWeek > 0 ? `${schedule.hoursPerWeek} hours a week` : '',
    schedule.durationMonths ? months(schedule.durationMonths) : 'Ongoing',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The job's pay as shown (spec 2 §5), with the way the poster chose to show it. */
export const payLabel = (job: JobDetail) =>
  compensationLabel(job.compensation, { compensationType: job.compensationType, isCompetitiveSalary: job.isCompetitiveSalary });

/** Where the job is: its street address for on-site and hybrid jobs, the states a remote job takes people from. */
export function whereLabel(job: JobDetail): string {
  if (job.type === 'remote') {
    return job.remoteStates.length
      ? `Remote, from ${job.remoteStates.map((s) => s.name).join(', ')}`
      : 'Remote, anywhere in the United States';
  }
  const address = job.address;
  if (!address) return locationLabel(job);
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  // The street line is often the whole address as the map gave it, city and all.
  const street = address.street?.trim() || null;
  const whole = street !== null && !!address.city && street.toLowerCase().includes(address.city.toLowerCase());
  const place = whole ? street : [street, cityLine].filter(Boolean).join(', ');
  return job.type === 'hybrid' ? `Hybrid · ${place}` : place;
}

export function VerifiedBadge() {
  return (
    <p className="inline-flex w-fit items-center gap-0.5 rounded-full border border-brand-500/40 bg-brand-50 px-1 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900/40 dark:text-brand-100">
      <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
        <path d="M10 1.5l2.2 1.6 2.7-.1.8 2.6 2.2 1.6-.9 2.6.9 2.6-2.2 1.6-.8 2.6-2.7-.1L10 18.5l-2.2-1.6-2.7.1-.8-2.6-2.2-1.6.9-2.6-.9-2.6 2.2-1.6.8-2.6 2.7.1zm3.3 5.8L8.9 11.7 6.7 9.5l-1.2 1.2 3.4 3.4 5.6-5.6z" />
      </svg>
      {JobMessages.verifiedBusiness}
    </p>
  );
}

/** Who is hiring: logo, name (to the company's page), where it is, its website and the verified badge. */
export function CompanyCardView({ company }: { company: CompanyCard }) {
  const imageSource = useImageSource();
  const place = cityState(company);
  return (
    <section aria-labelledby="company-title" className="flex flex-col gap-1 rounded border border-line bg-surface p-2 shadow-sm">
      <h2 id="company-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
        About the company
      </h2>
      <div className="flex items-center gap-1.5">
        <div className="flex size-8 shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-surface-raised">
          {company.logoUrl ? (
            <img src={imageSource(company.logoUrl)} alt={`${company.name} logo`} className="size-full object-contain" />
          ) : (
            <span aria-hidden="true" className="text-xl font-bold text-muted">
              {company.name.charAt(0)}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-col">
          <Link href={`/companies/${company.id}`} className="font-semibold break-words">
            {company.name}
          </Link>
          {place && <span className="text-sm text-muted">{place}</span>}
        </div>
      </div>
      {company.verified && <VerifiedBadge />}
      {company.website && (
        <a href={company.website} target="_blank" rel="noopener noreferrer nofollow" className="text-sm break-all">
          {readableWebsite(company.website)}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}

/** A heading and what is under it; nothing at all when there is nothing to say. */
export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cx('flex flex-col gap-1', className)}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows, label }: { rows: Array<[string, ReactNode]>; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-x-2 gap-y-1 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-muted">{term}</dt>
          <dd className="mb-0.5 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The job at a glance: pay, place, experience, types, schedule and its dates. */
export function KeyFacts({ job }: { job: JobDetail }) {
  const zone = useDateZone();
  const rows: Array<[string, ReactNode]> = [
    ['Pay', payLabel(job)],
    ['Where', whereLabel(job) || 'Not given'],
    ['Experience', experienceLabel(job.minimumExperience, job.maximumExperience)],
  ];
  if (job.jobType.length) rows.push(['Job type', listed(job.jobType)]);
  const schedule = scheduleLabel(job.schedule);
  if (schedule) rows.push(['Schedule', schedule]);
  if (job.schedule.schedules.length) rows.push(['Shifts', listed(job.schedule.schedules)]);
  rows.push(['Start date', job.startDate ? formatDisplayDate(job.startDate, zone) : 'As soon as possible']);
  if (job.numberOfHires > 1) rows.push(['People to hire', String(job.numberOfHires)]);
  if (job.offersRelocation) rows.push(['Relocation', 'Relocation assistance offered']);
  rows.push(['Posted', postedLabel(job, zone)]);
  rows.push(['Valid through', formatDisplayDate(job.validThrough, zone)]);
  return <Facts rows={rows} label="Job details" />;
}

/** What the job asks of applicants beyond experience: education, grades, fields of study, and what to send. */
export function Requirements({ job }: { job: JobDetail }) {
  const r = job.requirements;
  const rows: Array<[string, ReactNode]> = [];
  if (r.minimumEducation) rows.push(['Education', `${r.minimumEducation.name} or higher`]);
  if (r.minimumGPA !== null) rows.push(['Minimum GPA', r.minimumGPA.toFixed(1)]);
  if (r.fieldsOfStudy.length) rows.push(['Fields of study', listed(r.fieldsOfStudy)]);
  // Experience is among the key facts above.
  if (r.tags.length) rows.push(['Also', r.tags.join(', ')]);
  const asks = [
    job.requiresResume && 'a résumé',
    job.requiresCoverLetter && 'a cover letter',
    job.requiresWorkAuthorization && 'authorization to work in the United States',
  ].filter(Boolean) as string[];
  rows.push(['To apply', asks.length ? `This job asks for ${asks.join(', ')}.` : 'Nothing more than your application.']);
  return (
    <Section id="requirements-title" title="Requirements">
      <Facts rows={rows} label="Requirements" />
    </Section>
  );
}

/** The job's skills, those the seeker has marked, and how many of them the seeker has. */
export function Skills({ job }: { job: JobDetail }) {
  if (!job.skills.length) return null;
  const viewer = job.viewer;
  return (
    <Section id="skills-title" title="Skills">
      {viewer && viewer.totalSkills > 0 && (
        <p className="text-sm font-medium">
          You have {viewer.matchedSkills} of {viewer.totalSkills} skills
        </p>
      )}
      <SkillChips skills={job.skills} size="sm" />
    </Section>
  );
}

/** Benefits, supplemental pay and industries, each a short list when the job names any. */
export function Extras({ job }: { job: JobDetail }) {
  const lists: Array<[string, string, ReadonlyArray<{ id: number; name: string }>]> = [
    ['benefits-title', 'Benefits', job.benefits],
    ['supplemental-title', 'Supplemental pay', job.supplementalPay],
    ['industries-title', 'Industries', job.industries],
  ];
  return (
    <>
      {lists
        .filter(([, , items]) => items.length > 0)
        .map(([id, title, items]) => (
          <Section key={id} id={id} title={title}>
            <ul className="flex flex-wrap gap-0.5">
              {items.map((item) => (
                <li key={item.id} className="rounded-full border border-line px-1 py-0.5 text-sm">
                  {item.name}
                </li>
              ))}
            </ul>
          </Section>
        ))}
    </>
  );
}

/** The description as its poster wrote it: paragraphs, lists, bold, italic and links only (cleaned again here). */
export function Description({ html }: { html: string }) {
  // Taking over the server's HTML: the server sanitised the description and drew it as it is
  // (it has no DOM to clean it with); cleaned here right after.
  const clean = useHydrating() ? html.trim() : cleanRichText(html);
  return (
    <Section id="description-title" title="Description">
      {clean ? (
        <div
          className="flex flex-col gap-1 [&_a]:text-link [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-3 [&_ul]:list-disc [&_ul]:pl-3"
          dangerouslySetInnerHTML={{ __html: clean }}
        />
      ) : (
        <p className="text-muted">The company has not described this job.</p>
      )}
    </Section>
  );
}
