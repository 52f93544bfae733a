import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import type { SuggestedSkill } from '../../contract/documents.ts';
import { MAX_SKILLS, ProfileMessages, skillRequestSchema, type Skill } from '../../contract/jobseeker.ts';
import { documentsService } from '../../services/documents.ts';
import { codeOf } from '../../services/http.ts';
import { jobSeekerService } from '../../services/jobseeker.ts';
import { loadLookups } from '../../services/lookups.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import { messagesOf, validate } from '../form.ts';

/** What the newest résumé offers; 'noResume' when none is on file, null when the documents could not be read. */
export type Suggested = SuggestedSkill[] | 'noResume' | null;

export interface SkillsData {
  skills: Skill[];
  /** Every skill a seeker may list (the lookup), with its category. */
  taxonomy: Skill[];
  suggested: Suggested;
}

/** One add or remove the user asked for, waiting for the server or on its way there. */
export interface SkillChange {
  kind: 'add' | 'remove';
  skill: Skill;
}

export interface SkillsContext {
  /** The skills as the server last answered them. */
  saved: Skill[];
  /** Changes not yet answered, in the order asked; the first is the one on its way while adding or removing. */
  queue: SkillChange[];
  taxonomy: Skill[];
  suggested: Suggested;
  /** What went wrong with the last change, until the user makes another. */
  error: string | null;
}

export type SkillsEvent = { type: 'skills.retry' } | { type: 'skill.add'; id: number } | { type: 'skill.remove'; id: number };

/** A skill as the page lists it: `pending` while its add waits for the server. */
export type ListedSkill = Skill & { pending: boolean };

const byName = (a: Skill, b: Skill) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

/** The skills as they will be once every change asked for is through: what the page shows. */
function listedOf(context: Pick<SkillsContext, 'saved' | 'queue'>): ListedSkill[] {
  let list: ListedSkill[] = context.saved.map((s) => ({ ...s, pending: false }));
  for (const change of context.queue) {
    if (change.kind === 'remove') list = list.filter((s) => s.id !== change.skill.id);
    else if (!list.some((s) => s.id === change.skill.id)) list.push({ ...change.skill, pending: true });
  }
  return list.sort(byName);
}

const isListed = (context: SkillsContext, id: number) => listedOf(context).some((s) => s.id === id);

/** Why a skill cannot be added now, or null when it can. */
function refusalOf(context: SkillsContext, id: number): string | null {
  const invalid = validate(skillRequestSchema, { skill: id }, ['skill']).skill;
  if (invalid || !context.taxonomy.some((s) => s.id === id)) return invalid ?? ProfileMessages.skillUnknown;
  if (isListed(context, id)) return ProfileMessages.skillDuplicate;
  if (listedOf(context).length >= MAX_SKILLS) return ProfileMessages.skillLimit;
  return null;
}

/**
 * `change` put in line. A change still waiting that it undoes is dropped instead (add then remove
 * before the add left); the one on its way (the first, while any are queued) is never touched.
 */
function enqueue(queue: SkillChange[], change: SkillChange): SkillChange[] {
  const waiting = queue.findIndex((c, i) => i > 0 && c.skill.id === change.skill.id);
  if (waiting > 0 && queue[waiting]!.kind !== change.kind) return queue.filter((_, i) => i !== waiting);
  return [...queue, change];
}

/** The server says the change was already made (in another tab): nothing to undo. */
function alreadyDone(change: SkillChange | undefined, error: unknown): boolean {
  if (!change) return false;
  return codeOf(error) === (change.kind === 'add' ? 'skill.duplicate' : 'skill.notOnProfile');
}

const nextIs =
  (kind: SkillChange['kind']) =>
  ({ context }: { context: SkillsContext }) =>
    context.queue[0]?.kind === kind;

/**
 * The job seeker's skills (spec 2 §3): loaded with the skills lookup and what the newest résumé
 * mentions; each add or remove shows at once and goes to the server one at a time, in the order
 * asked; a refused one is undone and said why.
 */
export const skillsMachine = setup({
  types: {
    context: {} as SkillsContext,
    events: {} as SkillsEvent,
  },
  actors: {
    load: fromPromise<SkillsData>(async ({ signal }) => {
      const [mine, lookups, suggested] = await Promise.all([
        jobSeekerService.skills(signal),
        loadLookups(),
        // Suggestions are extra: without them the page still works.
        documentsService.list(signal).then(
          (res): Suggested => (res.data.resumes.some((r) => r.id !== null) ? res.data.suggestedSkills : 'noResume'),
          (): Suggested => null,
        ),
      ]);
      return { skills: mine.data, taxonomy: lookups.jobSkills, suggested };
    }),
    add: fromPromise<Skill[], number>(async ({ input, signal }) => (await jobSeekerService.addSkill(input, signal)).data),
    remove: fromPromise<Skill[], number>(async ({ input, signal }) => (await jobSeekerService.deleteSkill(input, signal)).data),
  },
  actions: {
    queueAdd: assign(({ context, event }) => {
      assertEvent(event, 'skill.add');
      return { queue: enqueue(context.queue, { kind: 'add', skill: context.taxonomy.find((s) => s.id === event.id)! }), error: null };
    }),
    /** Says why; the picker offers only what can be added, so this is a stale screen or a race. */
    refuseAdd: assign(({ context, event }) => {
      assertEvent(event, 'skill.add');
      return { error: refusalOf(context, event.id) };
    }),
    queueRemove: assign(({ context, event }) => {
      assertEvent(event, 'skill.remove');
      return { queue: enqueue(context.queue, { kind: 'remove', skill: listedOf(context).find((s) => s.id === event.id)! }), error: null };
    }),
    announceChange: () => profileChanges.changed(),
    /** The server's answer is the list; what is still queued shows on top of it. */
    acceptAnswer: assign(({ context }, output: Skill[]) => ({ saved: output, queue: context.queue.slice(1) })),
    /** The change the server refused is undone, with the changes queued after it for that skill. */
    rollBack: assign(({ context }, error: unknown) => {
      const [failed, ...rest] = context.queue;
      if (!failed) return {};
      const said = messagesOf(error, AccountMessages.generic)[0];
      const what =
        failed.kind === 'add' ? ProfileMessages.skillNotAdded(failed.skill.name) : ProfileMessages.skillNotRemoved(failed.skill.name);
      return { queue: rest.filter((c) => c.skill.id !== failed.skill.id), error: `${what} ${said}` };
    }),
    /** The server already had it so: take that as the answer. */
    acceptAsDone: assign(({ context }) => {
      const [done, ...rest] = context.queue;
      if (!done) return {};
      const others = context.saved.filter((s) => s.id !== done.skill.id);
      return { saved: done.kind === 'add' ? [...others, done.skill].sort(byName) : others, queue: rest };
    }),
  },
  guards: {
    canAdd: ({ context, event }) => event.type === 'skill.add' && refusalOf(context, event.id) === null,
    isListed: ({ context, event }) => event.type === 'skill.remove' && isListed(context, event.id),
    nextIsAdd: nextIs('add'),
    nextIsRemove: nextIs('remove'),
    alreadyDone: ({ context }, error: unknown) => alreadyDone(context.queue[0], error),
  },
}).createMachine({
  id: 'jobSeekerSkills',
  context: { saved: [], queue: [], taxonomy: [], suggested: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            saved: event.output.skills,
            queue: [],
            taxonomy: event.output.taxonomy,
            suggested: event.output.suggested,
            error: null,
          })),
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'skills.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        // Queued in every sub-state; idle sends the first one on its way.
        'skill.add': [{ guard: 'canAdd', actions: 'queueAdd' }, { actions: 'refuseAdd' }],
        'skill.remove': { guard: 'isListed', actions: 'queueRemove' },
      },
      states: {
        idle: {
          always: [
            { guard: 'nextIsAdd', target: 'adding' },
            { guard: 'nextIsRemove', target: 'removing' },
          ],
        },
        adding: {
          tags: ['busy'],
          invoke: {
            id: 'add',
            src: 'add',
            input: ({ context }) => context.queue[0]!.skill.id,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'acceptAnswer', params: ({ event }: { event: DoneActorEvent<Skill[]> }) => event.output },
                'announceChange',
              ],
            },
            onError: [
              {
                guard: { type: 'alreadyDone', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                target: 'idle',
                actions: 'acceptAsDone',
              },
              { target: 'idle', actions: { type: 'rollBack', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
            ],
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => context.queue[0]!.skill.id,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'acceptAnswer', params: ({ event }: { event: DoneActorEvent<Skill[]> }) => event.output },
                'announceChange',
              ],
            },
            onError: [
              {
                guard: { type: 'alreadyDone', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                target: 'idle',
                actions: 'acceptAsDone',
              },
              { target: 'idle', actions: { type: 'rollBack', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
            ],
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof skillsMachine>;

/** The skills shown, by name; a pending one waits for the server. */
export const selectSkills = (s: Snap) => listedOf(s.context);
export const selectCount = (s: Snap) => listedOf(s.context).length;
export const selectAtLimit = (s: Snap) => listedOf(s.context).length >= MAX_SKILLS;
/** The lookup's skills not listed yet, in the lookup's order (by category). */
export const selectChoices = (s: Snap) => {
  const listed = new Set(listedOf(s.context).map((k) => k.id));
  return s.context.taxonomy.filter((k) => !listed.has(k.id));
};
/** Skills from the newest résumé not listed yet; 'noResume' or null as in the context. */
export const selectSuggested = (s: Snap): Suggested => {
  const { suggested } = s.context;
  if (!Array.isArray(suggested)) return suggested;
  const listed = new Set(listedOf(s.context).map((k) => k.id));
  return suggested.filter((k) => !listed.has(k.id));
};
