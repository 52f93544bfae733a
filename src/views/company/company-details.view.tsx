import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { toast } from '../ui/toast.tsx';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import { companyDetailsMachine } from '../../machines/company/company-details.machine.ts';
import type { companyLogoMachine } from '../../machines/company/company-logo.machine.ts';
import type { featuredImagesMachine } from '../../machines/company/featured-images.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { CompanyDetailsForm, CompanyDetailsReadOnly } from './company-details-form.view.tsx';
import { CompanyLogoSection } from './company-logo.view.tsx';
import { FeaturedImagesSection } from './featured-images.view.tsx';
import { CompanySettings, NotForYourRole } from './settings-layout.tsx';

/** The page's sections, by the spec's settings section keys (spec 2 §2). */
export const companySections = [
  { key: 'company-details', label: 'Company details' },
  { key: 'company-logo', label: 'Company logo' },
  { key: 'feature-images', label: 'Featured images' },
] as const;
export type CompanySectionKey = (typeof companySections)[number]['key'];

const PATH = '/user/settings/company-details';

/** The address of a section: /user/settings/company-details?section=company-logo. */
export const sectionHref = (key: CompanySectionKey) => `${PATH}?section=${key}`;

function sectionOf(search: string): CompanySectionKey | null {
  const wanted = new URLSearchParams(search).get('section');
  return companySections.find((s) => s.key === wanted)?.key ?? null;
}

export interface CompanyDetailsPageProps {
  logic?: typeof companyDetailsMachine;
  snapshot?: SnapshotFrom<typeof companyDetailsMachine>;
  logoLogic?: typeof companyLogoMachine;
  logoSnapshot?: SnapshotFrom<typeof companyLogoMachine>;
  featuredLogic?: typeof featuredImagesMachine;
  featuredSnapshot?: SnapshotFrom<typeof featuredImagesMachine>;
  /** The address search, with stubbed answers in tests and stories. */
  locationLogic?: typeof locationSearchMachine;
}

/**
 * /user/settings/company-details: the company's details, logo and featured images, each a section
 * the address can name (?section=company-logo), reached from the section list, which scrolls to it
 * and moves the focus to its heading.
 */
export function CompanyDetailsContent({
  logic,
  snapshot,
  logoLogic,
  logoSnapshot,
  featuredLogic,
  featuredSnapshot,
  locationLogic,
}: CompanyDetailsPageProps) {
  const actor = useActorRef(logic ?? companyDetailsMachine, snapshot ? { snapshot } : {});
  const details = useSelector(actor, (s) => s.context.details);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const readOnly = useSelector(actor, (s) => s.matches('readOnly'));
  const section = sectionOf(useSearch());
  const ready = Boolean(details) && !loading;

  useEffect(() => {
    const sub = actor.on('company.saved', ({ message }) => toast.success(message));
    return () => sub.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (!ready || !section) return;
    const target = document.getElementById(section);
    target?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    document.getElementById(`${section}-title`)?.focus({ preventScroll: true });
  }, [ready, section]);

  if (loading) return <Loading label="Loading your company…" />;
  if (loadFailed || !details)
    return <LoadFailed message="Your company could not be loaded." onRetry={() => actor.send({ type: 'details.retry' })} />;

  const canEdit = details.canEdit && !readOnly;
  return (
    <div className="flex flex-col gap-3 lg:flex-row">
      <nav aria-label="Company settings sections" className="lg:order-2 lg:w-24 lg:shrink-0">
        <ul className="flex gap-1 overflow-x-auto lg:sticky lg:top-8 lg:flex-col">
          {companySections.map(({ key, label }) => (
            <li key={key}>
              <Link
                href={sectionHref(key)}
                aria-current={section === key ? 'location' : undefined}
                className={cx(
                  'block whitespace-nowrap rounded px-1.5 py-1 text-sm no-underline hover:bg-surface-raised',
                  section === key ? 'bg-brand-50 font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100' : 'text-ink',
                )}
              >
                {label}
              </Link>
            </li>
          ))}
          <li>
            <Link href={`~/companies/${details.id}`} className="block whitespace-nowrap px-1.5 py-1 text-sm">
              View public page
            </Link>
          </li>
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {companySections.map(({ key, label }) => (
          <section
            key={key}
            id={key}
            aria-labelledby={`${key}-title`}
            className="scroll-mt-8 rounded border border-line bg-surface p-2 shadow-sm"
          >
            <h2
              id={`${key}-title`}
              tabIndex={-1}
              className="mb-1.5 text-xl font-bold focus:outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              {label}
            </h2>
            {key === 'company-details' &&
              (canEdit ? <CompanyDetailsForm actor={actor} locationLogic={locationLogic} /> : <CompanyDetailsReadOnly details={details} />)}
            {key === 'company-logo' && (
              <CompanyLogoSection
                logo={details.logo}
                companyName={details.companyName}
                canEdit={canEdit}
                logic={logoLogic}
                snapshot={logoSnapshot}
              />
            )}
            {key === 'feature-images' && <FeaturedImagesSection canEdit={canEdit} logic={featuredLogic} snapshot={featuredSnapshot} />}
          </section>
        ))}
      </div>
    </div>
  );
}

export default function CompanyDetailsPage(props: CompanyDetailsPageProps) {
  const { role } = useSession();
  if (role !== 'Employer' && role !== 'Recruiter') return <NotForYourRole title="Company Details" />;
  return (
    <CompanySettings title="Company Details" intro="What job seekers see of your company: its name, place, website, logo and pictures.">
      <CompanyDetailsContent {...props} />
    </CompanySettings>
  );
}
