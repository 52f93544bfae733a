import type { BodyOf } from '../contract/endpoint.ts';
import * as ep from '../contract/jobseeker.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of the job seeker's profile (spec 2 §7). */
export const jobSeekerService = {
  skills: (signal?: Signal) => call(ep.listSkills, {}, { signal }),
  addSkill: (skill: number, signal?: Signal) => call(ep.addSkill, { body: { skill } }, { signal }),
  deleteSkill: (skill: number, signal?: Signal) => call(ep.deleteSkill, { body: { skill } }, { signal }),
  education: (signal?: Signal) => call(ep.listEducation, {}, { signal }),
  addEducation: (body: BodyOf<typeof ep.addEducation>, signal?: Signal) => call(ep.addEducation, { body }, { signal }),
  updateEducation: (body: BodyOf<typeof ep.updateEducation>, signal?: Signal) => call(ep.updateEducation, { body }, { signal }),
  deleteEducation: (id: string, signal?: Signal) => call(ep.deleteEducation, { body: { id } }, { signal }),
  experience: (signal?: Signal) => call(ep.listExperience, {}, { signal }),
  addExperience: (body: BodyOf<typeof ep.addExperience>, signal?: Signal) => call(ep.addExperience, { body }, { signal }),
  updateExperience: (body: BodyOf<typeof ep.updateExperience>, signal?: Signal) => call(ep.updateExperience, { body }, { signal }),
  deleteExperience: (id: string, signal?: Signal) => call(ep.deleteExperience, { body: { id } }, { signal }),
  setFresher: (isFresher: boolean, signal?: Signal) =>
    call(ep.addExperienceV2, { query: { IsFresher: isFresher ? 'true' : 'false' }, body: null }, { signal }),
  preferences: (signal?: Signal) => call(ep.getPreferences, {}, { signal }),
  updatePreferences: (body: BodyOf<typeof ep.updatePreferences>, signal?: Signal) => call(ep.updatePreferences, { body }, { signal }),
};
