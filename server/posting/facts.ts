import type { JobFacts } from '../platform/job-writer.ts';
import { stateName } from '../platform/us-states.ts';
import { decodeSupplementalPay, SUPPLEMENTAL_PAYS } from '../../src/contract/lookups.ts';
import type { JobData } from '../../src/contract/posting.ts';
import type { PostingNames } from './names.ts';

const namesOf = (ids: readonly number[], known: ReadonlyMap<number, string>) =>
  ids.map((id) => known.get(id)).filter((n): n is string => !!n);

/** What the job writer is told: the draft's own fields with the lookups' names. */
export function jobFacts(d: JobData, names: PostingNames, companyName: string): JobFacts {
  const j = d.jobDetails;
  const geo = j.geoLocation;
  const place = geo ? [geo.city, geo.state].filter(Boolean).join(', ') || geo.name : null;
  const supplemental = decodeSupplementalPay(d.payDetails.supplementalPay)
    .map((flag) => SUPPLEMENTAL_PAYS.find((s) => s.id === flag))
    .filter((s) => s && s.name !== 'None')
    .map((s) => s!.name);
  const c = d.candidateRequirements;
  return {
    companyName,
    title: j.title,
    jobTypes: namesOf(j.positionType, names.jobTypes),
    numberOfHires: j.numberOfHires,
    locationType: j.locationType,
    place: j.locationType === 'remote' ? null : place || j.address,
    remoteStates: j.remoteStates.map((s) => stateName(s) ?? s),
    startJobDate: j.startJobDate,
    requiresWorkAuthorization: j.requiresWorkAuthorization,
    offersRelocation: j.offersRelocation,
    requiresResume: j.requiresResume,
    requiresCoverLetter: j.requiresCoverLetter,
    workSchedule: d.timeRequirements.workSchedule === 1 ? 'Full time' : d.timeRequirements.workSchedule === 2 ? 'Part time' : null,
    hoursPerWeek: d.timeRequirements.hoursPerWeek,
    durationMonths: d.timeRequirements.duration,
    schedules: namesOf(d.timeRequirements.schedules, names.schedules),
    pay: {
      minimum: d.payDetails.minSalary,
      maximum: d.payDetails.maxSalary,
      shownAs: d.payDetails.compensationType,
      rate: d.payDetails.rate,
      competitive: d.payDetails.isCompetitiveSalary,
    },
    benefits: namesOf(d.payDetails.benefits, names.benefits),
    supplementalPay: supplemental,
    industries: namesOf(d.categorization.industries, names.industries),
    skills: namesOf(c.skills, names.skills),
    tags: c.tags,
    fieldsOfStudy: namesOf(c.fields, names.fieldsOfStudy),
    minimumEducation: c.minimumEducation !== null ? (names.educationLevels.get(c.minimumEducation) ?? null) : null,
    minimumGPA: c.minimumGPA,
    minExperience: c.minExperience,
    maxExperience: c.maxExperience,
    openToMinors: c.openToMinors,
  };
}
