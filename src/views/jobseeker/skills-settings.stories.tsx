import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { MAX_SKILLS, ProfileMessages, type Skill } from '../../contract/jobseeker.ts';
import { skillsMachine, type SkillsContext, type SkillsData } from '../../machines/jobseeker/skills.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import SkillsSettingsPage from './skills-settings.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const construction = 'Construction and skilled trades';
const warehouse = 'Warehouse and logistics';
const retail = 'Retail and customer service';
const taxonomy: Skill[] = [
  { id: 101, name: 'Carpentry', category: construction },
  { id: 102, name: 'Framing', category: construction },
  { id: 109, name: 'Painting', category: construction },
  { id: 118, name: 'Welding', category: construction },
  { id: 119, name: 'MIG welding', category: construction },
  { id: 120, name: 'TIG welding', category: construction },
  { id: 301, name: 'Forklift operation', category: warehouse },
  { id: 302, name: 'Pallet jack', category: warehouse },
  { id: 303, name: 'Inventory control', category: warehouse },
  { id: 304, name: 'Shipping and receiving', category: warehouse },
  { id: 701, name: 'Cash handling', category: retail },
  { id: 702, name: 'Customer service', category: retail },
  { id: 703, name: 'Merchandising', category: retail },
];
const skill = (id: number) => taxonomy.find((s) => s.id === id)!;
const mine = [101, 118, 301, 702].map(skill).sort((a, b) => a.name.localeCompare(b.name));
const data: SkillsData = {
  skills: mine,
  taxonomy,
  suggested: [
    { id: 303, name: 'Inventory control' },
    { id: 302, name: 'Pallet jack' },
  ],
};

/** A server in memory: answers after a moment with the list as it now is. */
function storyServer() {
  let skills = [...mine];
  const answer = (change: (id: number) => Skill[]) => fromPromise<Skill[], number>(({ input }) => after(700, (skills = change(input))));
  return skillsMachine.provide({
    actors: {
      load: fromPromise(() => after(600, { ...data, skills })),
      add: answer((id) => [...skills, skill(id)].sort((a, b) => a.name.localeCompare(b.name))),
      remove: answer((id) => skills.filter((s) => s.id !== id)),
    },
  });
}
const logic = storyServer();
const waiting = skillsMachine.provide({ actors: { add: fromPromise(() => never()), remove: fromPromise(() => never()) } });

const context = (c: Partial<SkillsContext> = {}): SkillsContext => ({
  saved: mine,
  queue: [],
  taxonomy,
  suggested: data.suggested,
  error: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<SkillsContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

const meta = {
  title: 'Job seeker/Skills',
  component: SkillsSettingsPage,
  decorators: [withJobSeeker],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/settings/skills', docs: { story: { height: '640px' } } },
} satisfies Meta<typeof SkillsSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the skills; adds and removes answer after a moment. */
export const FromTheStart: Story = { args: { logic: storyServer() } };

/** loading: while the skills, the skills list and the résumé are read. */
export const Loading: Story = { args: { snapshot: at('loading', { saved: [], taxonomy: [], suggested: null }) } };

/** loadFailed: nothing could be read; Try again reads it again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { saved: [], taxonomy: [], suggested: null }) } };

/** ready: the skills, the picker, and two skills found in the résumé. */
export const Ready: Story = { args: { snapshot: at({ ready: 'idle' }) } };

export const ReadyDark: Story = { ...Ready, globals: dark };

/** ready with no skills yet and no résumé: the hint points to the documents page. */
export const EmptyNoResume: Story = { args: { snapshot: at({ ready: 'idle' }, { saved: [], suggested: 'noResume' }) } };

export const EmptyNoResumeDark: Story = { ...EmptyNoResume, globals: dark };

/** adding: Pallet jack shows at once, waiting for the server; Framing waits its turn. */
export const Adding: Story = {
  args: {
    logic: waiting,
    snapshot: at(
      { ready: 'adding' },
      {
        queue: [
          { kind: 'add', skill: skill(302) },
          { kind: 'add', skill: skill(102) },
        ],
      },
      waiting,
    ),
  },
};

export const AddingDark: Story = { ...Adding, globals: dark };

/** removing: Welding is gone from the list while the server removes it. */
export const Removing: Story = {
  args: { logic: waiting, snapshot: at({ ready: 'removing' }, { queue: [{ kind: 'remove', skill: skill(118) }] }, waiting) },
};

/** A refused add: undone, with the reason. */
export const Failed: Story = {
  args: { snapshot: at({ ready: 'idle' }, { error: `${ProfileMessages.skillNotAdded('Pallet jack')} ${ProfileMessages.skillLimit}` }) },
};

export const FailedDark: Story = { ...Failed, globals: dark };

const full: Skill[] = Array.from({ length: MAX_SKILLS }, (_, i) => ({ id: 1000 + i, name: `Skill ${i + 1}`, category: 'Other' }));

/** At the limit: the picker and the résumé's suggestions are disabled, and say why. */
export const AtLimit: Story = { args: { snapshot: at({ ready: 'idle' }, { saved: full, taxonomy: [...full, ...taxonomy] }) } };

export const AtLimitDark: Story = { ...AtLimit, globals: dark };
