import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { lookupStoreOf, type Lookups } from '../lookups/index.ts';
import { US_STATES } from '../platform/us-states.ts';
import { PostingMessages, type JobData, type StepIssue } from '../../src/contract/posting.ts';

/** The lookup names a job refers to by id, as maps for the rules, the lists and the writer. */
export interface PostingNames {
  jobTypes: ReadonlyMap<number, string>;
  schedules: ReadonlyMap<number, string>;
  benefits: ReadonlyMap<number, string>;
  industries: ReadonlyMap<number, string>;
  skills: ReadonlyMap<number, string>;
  fieldsOfStudy: ReadonlyMap<number, string>;
  /** The degree of each education level (1 high school … 7 doctorate). */
  educationLevels: ReadonlyMap<number, string>;
}

const built = new WeakMap<Lookups, PostingNames>();

const byId = (rows: ReadonlyArray<{ id: number; name: string }>) => new Map(rows.map((r) => [r.id, r.name]));

/** The names, read with the shared lookup store (once per process). */
export async function postingNames(ctx: AppContext): Promise<PostingNames> {
  const lookups = await lookupStoreOf(ctx.db).get();
  let names = built.get(lookups);
  if (!names) {
    const levels = new Map<number, string>();
    for (const d of [...lookups.degrees].sort((a, b) => a.id - b.id)) if (!levels.has(d.level)) levels.set(d.level, d.name);
    names = {
      jobTypes: byId(lookups.jobTypes),
      schedules: byId(lookups.schedules),
      benefits: byId(lookups.benefits),
      industries: byId(lookups.industries),
      skills: byId(lookups.skills),
      fieldsOfStudy: byId(lookups.fieldsOfStudy),
      educationLevels: levels,
    };
    built.set(lookups, names);
  }
  return names;
}

/** Ids of a job's data that are in no list, and states that do not exist: one issue per field. */
export function unknownLookupIssues(d: JobData, names: PostingNames): StepIssue[] {
  const issues: StepIssue[] = [];
  const check = (ids: readonly number[], known: ReadonlyMap<number, string>, path: string[], message: string) => {
    if (ids.some((id) => !known.has(id))) issues.push({ path, message });
  };
  check(d.jobDetails.positionType, names.jobTypes, ['jobDetails', 'positionType'], PostingMessages.positionType);
  if (d.jobDetails.remoteStates.some((s) => !US_STATES[s]))
    issues.push({ path: ['jobDetails', 'remoteStates'], message: PostingMessages.remoteStates });
  const state = d.jobDetails.geoLocation?.state;
  if (state && !US_STATES[state]) issues.push({ path: ['jobDetails', 'address'], message: PostingMessages.address });
  check(d.timeRequirements.schedules, names.schedules, ['timeRequirements', 'schedules'], PostingMessages.schedules);
  check(d.payDetails.benefits, names.benefits, ['payDetails', 'benefits'], PostingMessages.benefits);
  check(d.categorization.industries, names.industries, ['categorization', 'industries'], PostingMessages.industries);
  check(d.candidateRequirements.skills, names.skills, ['candidateRequirements', 'skills'], PostingMessages.skills);
  check(d.candidateRequirements.fields, names.fieldsOfStudy, ['candidateRequirements', 'fields'], PostingMessages.fields);
  const education = d.candidateRequirements.minimumEducation;
  if (education !== null && !names.educationLevels.has(education)) {
    issues.push({ path: ['candidateRequirements', 'minimumEducation'], message: PostingMessages.minimumEducation });
  }
  return issues;
}

/**
 * A 400 naming each issue: `state.errors` holds the messages, `state.fieldErrors` the same keyed
 * by the field's dotted path as the request names it (`prefix` is where jobData sits in the body,
 * e.g. "Draft.jobData").
 */
export function issuesError(message: string, issues: readonly StepIssue[], prefix: string) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[[prefix, ...issue.path].join('.')] ??= issue.message;
  return badRequest(message, { errors: [...new Set(issues.map((i) => i.message))], fieldErrors });
}

/** Refuses a job's data that names an unknown lookup id (400 on the field; the first issue is the message). */
export function assertKnownLookups(d: JobData, names: PostingNames, prefix: string): void {
  const issues = unknownLookupIssues(d, names);
  if (issues.length) throw issuesError(issues[0]!.message, issues, prefix);
}
