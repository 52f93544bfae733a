import { ProfileMessages, educationInputSchema, type Education } from '../../contract/jobseeker.ts';
import { jobSeekerService } from '../../services/jobseeker.ts';
import { loadLookups, lookupsService } from '../../services/lookups.ts';
import { defineEntries } from './entries.machine.ts';

export const educationFields = ['degree', 'focus', 'university', 'universityId', 'completion'] as const;
export type EducationField = (typeof educationFields)[number];

/** An id typed as text, or null when none was chosen. */
const idOrNull = (text: string) => (text ? Number(text) : null);

/**
 * The job seeker's education (spec 2 §3 "Education"): newest completion year first (spec 2 §5).
 * The university is picked from a search of US schools, or typed when it is not there (no id).
 */
export const education = defineEntries({
  id: 'education',
  fields: educationFields,
  schema: educationInputSchema,
  toInput: (v) => ({
    degree: v.degree,
    completion: v.completion,
    university: v.university,
    universityId: idOrNull(v.universityId),
    focus: idOrNull(v.focus),
  }),
  blank: {},
  valuesOf: (e: Education) => ({
    degree: String(e.degreeId),
    focus: e.focusId === null ? '' : String(e.focusId),
    university: e.university,
    universityId: e.universityId === null ? '' : String(e.universityId),
    completion: String(e.completion),
  }),
  entriesOf: (list: Education[]) => list,
  order: (a, b) => b.completion - a.completion,
  messages: { saved: ProfileMessages.educationSaved, deleted: ProfileMessages.educationDeleted },
  services: {
    load: async (signal) => {
      const [list, lookups] = await Promise.all([jobSeekerService.education(signal), loadLookups()]);
      return { list: list.data, lookups };
    },
    save: async ({ id, input }, signal) =>
      (id === null ? await jobSeekerService.addEducation(input, signal) : await jobSeekerService.updateEducation({ ...input, id }, signal))
        .data,
    remove: async (id, signal) => (await jobSeekerService.deleteEducation(id, signal)).data,
    search: async (query, signal) =>
      (await lookupsService.searchUniversities(query, {}, signal)).items.map((u) => ({ value: u.id, label: u.name })),
  },
});

export const educationMachine = education.machine;
