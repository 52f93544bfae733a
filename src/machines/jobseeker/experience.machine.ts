import { ProfileMessages, experienceInputSchema, type Experience, type ExperienceList } from '../../contract/jobseeker.ts';
import { jobSeekerService } from '../../services/jobseeker.ts';
import { loadLookups } from '../../services/lookups.ts';
import { defineEntries } from './entries.machine.ts';

export const experienceFields = [
  'companyName',
  'jobTitle',
  'startDate',
  'endDate',
  'currentEmployer',
  'jobDescription',
  'salary',
  'salaryType',
  'expTypeId',
  'skills',
] as const;
export type ExperienceField = (typeof experienceFields)[number];

/** The form keeps a job's skills as their ids joined by commas, as every field is text. */
export const skillIdsOf = (text: string): number[] => (text ? text.split(',').map(Number) : []);
export const withSkill = (text: string, id: number) => (skillIdsOf(text).includes(id) ? text : [...skillIdsOf(text), id].join(','));
export const withoutSkill = (text: string, id: number) =>
  skillIdsOf(text)
    .filter((s) => s !== id)
    .join(',');

/** A checkbox's value as text. */
const CHECKED = 'true';

/**
 * The job seeker's work history (spec 2 §3 "Experience"): newest start first (spec 2 §5), and the
 * "no work experience yet" switch, which completes the section while no job is listed.
 */
export const experience = defineEntries({
  id: 'experience',
  fields: experienceFields,
  schema: experienceInputSchema,
  toInput: (v) => ({
    companyName: v.companyName,
    jobTitle: v.jobTitle,
    startDate: v.startDate,
    endDate: v.endDate || null,
    currentEmployer: v.currentEmployer === CHECKED,
    jobDescription: v.jobDescription,
    salary: v.salary.trim() === '' ? null : v.salary,
    salaryType: (v.salaryType || null) as Experience['salaryType'],
    expTypeId: v.expTypeId ? Number(v.expTypeId) : null,
    skills: skillIdsOf(v.skills),
  }),
  blank: {},
  valuesOf: (e: Experience) => ({
    companyName: e.companyName,
    jobTitle: e.jobTitle,
    startDate: e.startDate,
    endDate: e.endDate ?? '',
    currentEmployer: e.currentEmployer ? CHECKED : '',
    jobDescription: e.jobDescription,
    salary: e.salary === null ? '' : String(e.salary),
    salaryType: e.salaryType ?? '',
    expTypeId: e.expTypeId === null ? '' : String(e.expTypeId),
    skills: e.skills.map((s) => s.id).join(','),
  }),
  // A current job has no end date.
  tidy: (v) => (v.currentEmployer === CHECKED && v.endDate ? { ...v, endDate: '' } : v),
  entriesOf: (list: ExperienceList) => list.jobsekerExps,
  flagOf: (list) => list.isFresher,
  order: (a, b) => (a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : 0),
  messages: { saved: ProfileMessages.experienceSaved, deleted: ProfileMessages.experienceDeleted },
  services: {
    load: async (signal) => {
      const [list, lookups] = await Promise.all([jobSeekerService.experience(signal), loadLookups()]);
      return { list: list.data, lookups };
    },
    save: async ({ id, input }, signal) =>
      (id === null
        ? await jobSeekerService.addExperience(input, signal)
        : await jobSeekerService.updateExperience({ ...input, id }, signal)
      ).data,
    remove: async (id, signal) => (await jobSeekerService.deleteExperience(id, signal)).data,
    setFlag: async (value, signal) => (await jobSeekerService.setFresher(value, signal)).data,
  },
});

export const experienceMachine = experience.machine;
