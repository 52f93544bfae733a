import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { useImageSource } from '../../app/image-source.tsx';
import { CompanyMessages, type PublicCompany } from '../../contract/company.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { cityState } from '../../lib/places.ts';
import { publicCompanyMachine } from '../../machines/company/public-company.machine.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

type Logic = typeof publicCompanyMachine;

/** The website as people read it: no scheme, no trailing slash. */
const readableWebsite = (url: string) => url.replace(/^https:\/\//, '').replace(/\/$/, '');

function VerifiedBadge({ verifiedAt }: { verifiedAt: string | null }) {
  return (
    <p className="inline-flex w-fit items-center gap-0.5 rounded-full border border-brand-500/40 bg-brand-50 px-1 py-0.5 text-sm font-semibold text-brand-800 dark:bg-brand-900/40 dark:text-brand-100">
      <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
        <path d="M10 1.5l2.2 1.6 2.7-.1.8 2.6 2.2 1.6-.9 2.6.9 2.6-2.2 1.6-.8 2.6-2.7-.1L10 18.5l-2.2-1.6-2.7.1-.8-2.6-2.2-1.6.9-2.6-.9-2.6 2.2-1.6.8-2.6 2.7.1zm3.3 5.8L8.9 11.7 6.7 9.5l-1.2 1.2 3.4 3.4 5.6-5.6z" />
      </svg>
      Verified business
      {verifiedAt && <span className="font-normal">· verified {formatDisplayDate(verifiedAt)}</span>}
    </p>
  );
}

function CompanyPage({ company }: { company: PublicCompany }) {
  const imageSource = useImageSource();
  const place = cityState(company);
  return (
    <article className="flex flex-col gap-3" aria-labelledby="page-title">
      <header className="flex flex-wrap items-center gap-2">
        <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-surface-raised">
          {company.logoUrl ? (
            <img src={imageSource(company.logoUrl)} alt={`${company.name} logo`} className="size-full object-contain" />
          ) : (
            <span aria-hidden="true" className="text-2xl font-bold text-muted">
              {company.name.charAt(0)}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h1 id="page-title" className="text-3xl font-bold break-words">
            {company.name}
          </h1>
          <VerifiedBadge verifiedAt={company.verifiedAt} />
          <p className="flex flex-wrap gap-x-2 text-muted">
            {place && <span>{place}</span>}
            {company.industry && <span>{company.industry}</span>}
            {company.website && (
              <a href={company.website} target="_blank" rel="noopener noreferrer nofollow">
                {readableWebsite(company.website)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </p>
        </div>
      </header>

      {company.featuredImages.length > 0 && (
        <section aria-label="Pictures of the company">
          <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {company.featuredImages.map((image, i) => (
              <li key={image.id}>
                <img
                  src={imageSource(image.url)}
                  alt={`${company.name}, picture ${i + 1} of ${company.featuredImages.length}`}
                  className="aspect-video w-full rounded object-cover"
                  loading={i < 3 ? 'eager' : 'lazy'}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="about-title" className="flex flex-col gap-1">
        <h2 id="about-title" className="text-xl font-bold">
          About {company.name}
        </h2>
        <p className="whitespace-pre-line">{company.about ?? `${company.name} has not written about itself yet.`}</p>
      </section>

      <section aria-labelledby="jobs-title" className="flex flex-col gap-1">
        <h2 id="jobs-title" className="text-xl font-bold">
          Open jobs
        </h2>
        <p className="text-muted">No open jobs right now.</p>
      </section>
    </article>
  );
}

/** /companies/:id: what tells a job seeker a company is real (its verified business, its pictures, its site). */
export function PublicCompanyView({ id, logic, snapshot }: { id: string; logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? publicCompanyMachine, snapshot ? { snapshot, input: { id } } : { input: { id } });
  const company = useSelector(actor, (s) => s.context.company);
  const state = useSelector(actor, (s) =>
    s.matches('loaded') ? 'loaded' : s.matches('notFound') ? 'notFound' : s.matches('failed') ? 'failed' : 'loading',
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-2 px-2 py-4">
      {state === 'loading' && <Loading label="Loading the company…" />}
      {state === 'failed' && (
        <LoadFailed message="The company could not be loaded." onRetry={() => actor.send({ type: 'company.retry' })} />
      )}
      {state === 'notFound' && (
        <section aria-labelledby="page-title" className="flex flex-col gap-1">
          <h1 id="page-title" className="text-3xl font-bold">
            Company not found
          </h1>
          <p>{CompanyMessages.companyNotFound}</p>
          <Link href="/">Back to the home page</Link>
        </section>
      )}
      {state === 'loaded' && company && <CompanyPage company={company} />}
    </div>
  );
}

export default function PublicCompanyPage({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const { id = '' } = useParams<{ id: string }>();
  // A new id is a new page: the machine starts again.
  return <PublicCompanyView key={id} id={id} logic={logic} snapshot={snapshot} />;
}
