/**
 * A job seeker's education and experience as the server answers them, the lookups their dialogs
 * offer, and the entries machines with every call swapped for a stub the test answers.
 */
import { fromPromise, type AnyStateMachine } from 'xstate';
import type { Education, Experience, ExperienceList } from '../../../src/contract/jobseeker.ts';
import type { AllLookups } from '../../../src/contract/lookups.ts';
import type { Choice, Loaded } from '../../../src/machines/jobseeker/entries.machine.ts';
import { deferred } from './model.ts';

export const lookups: AllLookups = {
  jobSkills: [
    { id: 101, name: 'Carpentry', category: 'Construction and skilled trades' },
    { id: 102, name: 'Customer service', category: 'Sales and service' },
    { id: 103, name: 'Espresso drinks', category: 'Food and hospitality' },
  ],
  jobTypes: [
    { id: 1, name: 'Full-time' },
    { id: 2, name: 'Part-time' },
  ],
  jobEducations: [
    { id: 1, name: 'High school diploma or GED', level: 1 },
    { id: 4, name: "Bachelor's degree", level: 4 },
    { id: 5, name: "Master's degree", level: 5 },
  ],
  jobBenefits: [],
  fieldsOfStudy: [
    { id: 11, name: 'Computer and Information Sciences and Support Services', cipCode: '11' },
    { id: 52, name: 'Business, Management, Marketing, and Related Support Services', cipCode: '52' },
  ],
  industries: [],
  jobSchedules: [],
  jobSupplementalPays: [],
  preferLocations: [],
};

export const psu: Education = {
  id: '7b0c2f61-35a1-4c7e-9b59-3f0d2a1e6c01',
  degreeId: 4,
  degree: "Bachelor's degree",
  level: 4,
  completion: 2017,
  universityId: 209807,
  university: 'Portland State University',
  focusId: 52,
  focus: 'Business, Management, Marketing, and Related Support Services',
};
export const clark: Education = {
  id: '7b0c2f61-35a1-4c7e-9b59-3f0d2a1e6c02',
  degreeId: 1,
  degree: 'High school diploma or GED',
  level: 1,
  completion: 2012,
  universityId: null,
  university: 'Hudson’s Bay High School',
  focusId: null,
  focus: null,
};
export const osu: Education = {
  id: '7b0c2f61-35a1-4c7e-9b59-3f0d2a1e6c03',
  degreeId: 5,
  degree: "Master's degree",
  level: 5,
  completion: 2020,
  universityId: 209542,
  university: 'Oregon State University',
  focusId: 11,
  focus: 'Computer and Information Sciences and Support Services',
};
export const psuChoice: Choice = { value: 209807, label: 'Portland State University' };

export const barista: Experience = {
  id: '5e1d9a40-0c0e-4a55-8d1b-8e3b7c2f9a01',
  companyName: 'Blue Star Coffee',
  jobTitle: 'Barista',
  startDate: '2021-03-01',
  endDate: null,
  currentEmployer: true,
  jobDescription: 'Morning shifts at the Pearl District café.',
  salary: 18.5,
  salaryType: 'Hourly',
  salaryTypeName: 'Hourly',
  skills: [
    { id: 102, name: 'Customer service' },
    { id: 103, name: 'Espresso drinks' },
  ],
  expTypeId: 2,
  expTypeName: 'Part-time',
};
export const framer: Experience = {
  id: '5e1d9a40-0c0e-4a55-8d1b-8e3b7c2f9a02',
  companyName: 'Cascade Builders',
  jobTitle: 'Framing carpenter',
  startDate: '2018-06-15',
  endDate: '2021-02-26',
  currentEmployer: false,
  jobDescription: '',
  salary: 52000,
  salaryType: 'Yearly',
  salaryTypeName: 'Yearly',
  skills: [{ id: 101, name: 'Carpentry' }],
  expTypeId: 1,
  expTypeName: 'Full-time',
};
export const jobs = (isFresher: boolean, ...entries: Experience[]): ExperienceList => ({ isFresher, jobsekerExps: entries });

type Pending = ReturnType<typeof deferred<never>>;

/** Every call a list section makes, each answered by the test through `pending`. */
export function stubServer<L>() {
  const server = {
    loads: 0,
    saves: [] as Array<{ id: string | null; input: unknown }>,
    removes: [] as string[],
    flags: [] as boolean[],
    searches: [] as Array<{ query: string; signal: AbortSignal }>,
    pending: {} as Record<string, Pending | undefined>,
  };
  const hold = <T>(id: string) => {
    const d = deferred<T>();
    server.pending[id] = d as unknown as Pending;
    return d.promise;
  };
  const actors = {
    load: fromPromise<Loaded<L>>(() => {
      server.loads++;
      return hold('load');
    }),
    save: fromPromise<L, { id: string | null; input: unknown }>(({ input }) => {
      server.saves.push(input);
      return hold('save');
    }),
    remove: fromPromise<L, { id: string }>(({ input }) => {
      server.removes.push(input.id);
      return hold('remove');
    }),
    setFlag: fromPromise<L, { value: boolean }>(({ input }) => {
      server.flags.push(input.value);
      return hold('setFlag');
    }),
    search: fromPromise<Choice[], { query: string }>(({ input, signal }) => {
      server.searches.push({ query: input.query, signal });
      return hold('search');
    }),
  };
  return { server, actors };
}

/** `machine` with its calls answered by the test. */
export function stubbedMachine<M extends AnyStateMachine, L>(machine: M) {
  const { server, actors } = stubServer<L>();
  return { server, logic: machine.provide({ actors } as never) as M };
}
