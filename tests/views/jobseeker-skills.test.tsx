import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { MAX_SKILLS, ProfileMessages, type Skill } from '../../src/contract/jobseeker.ts';
import { skillsMachine, type SkillsData } from '../../src/machines/jobseeker/skills.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import SkillsSettingsPage from '../../src/views/jobseeker/skills-settings.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const path = '/user/settings/skills';

const carpentry: Skill = { id: 101, name: 'Carpentry', category: 'Construction and skilled trades' };
const welding: Skill = { id: 118, name: 'Welding', category: 'Construction and skilled trades' };
const forklift: Skill = { id: 301, name: 'Forklift operation', category: 'Warehouse and logistics' };
const palletJack: Skill = { id: 302, name: 'Pallet jack', category: 'Warehouse and logistics' };
const taxonomy = [carpentry, welding, forklift, palletJack];
const stored: SkillsData = { skills: [carpentry, welding], taxonomy, suggested: [{ id: palletJack.id, name: palletJack.name }] };

const byName = (a: Skill, b: Skill) => a.name.localeCompare(b.name);

/** A server holding `start`: adds and removes answer the list, unless `refuse` says otherwise. */
function stubbed(refuse?: (kind: 'add' | 'remove', id: number) => Error | undefined) {
  const loads: Array<ReturnType<typeof deferred<SkillsData>>> = [];
  const server = { skills: [] as Skill[], calls: [] as string[] };
  const answer = (kind: 'add' | 'remove') =>
    fromPromise<Skill[], number>(async ({ input }) => {
      server.calls.push(`${kind} ${input}`);
      const refused = refuse?.(kind, input);
      if (refused) throw refused;
      server.skills =
        kind === 'add'
          ? [...server.skills, taxonomy.find((s) => s.id === input)!].sort(byName)
          : server.skills.filter((s) => s.id !== input);
      return server.skills;
    });
  const logic = skillsMachine.provide({
    actors: {
      load: fromPromise(async () => {
        const d = deferred<SkillsData>();
        loads.push(d);
        const data = await d.promise;
        server.skills = data.skills;
        return data;
      }),
      add: answer('add'),
      remove: answer('remove'),
    },
  });
  /** Answers the latest load. */
  const load = {
    resolve: async (data: SkillsData) => {
      await waitFor(() => expect(loads.length).toBeGreaterThan(0));
      await act(async () => loads.at(-1)!.resolve(data));
    },
    reject: async (error: unknown) => {
      await waitFor(() => expect(loads.length).toBeGreaterThan(0));
      await act(async () => loads.at(-1)!.reject(error));
    },
  };
  return { logic, load, server, loads };
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Your skills' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the job seeker skills page', () => {
  it('loads the skills as a list with a remove button each, the count, and the résumé suggestions', async () => {
    const { logic, load } = stubbed();
    renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    expect(await screen.findByText('Loading your skills…')).toBeInTheDocument();
    await load.resolve(stored);
    expect(await screen.findByText(`2 of ${MAX_SKILLS} skills`)).toBeInTheDocument();
    expect(chips()).toEqual(['Carpentry', 'Welding']);
    expect(screen.getByRole('button', { name: 'Remove Carpentry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Found in your résumé' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Found in your résumé' })).getByRole('button', { name: 'Add Pallet jack' }),
    ).toBeInTheDocument();
  });

  it('adds a skill picked from the list by typing and the keyboard, and no longer offers it', async () => {
    const { logic, load, server } = stubbed();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    const app = renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    await load.resolve(stored);
    const picker = await screen.findByRole('combobox', { name: 'Add a skill' });
    await app.user.type(picker, 'fork');
    const group = await screen.findByRole('group', { name: 'Warehouse and logistics' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Forklift operation']);
    await app.user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(chips()).toEqual(['Carpentry', 'Forklift operation', 'Welding']));
    expect(server.calls).toEqual(['add 301']);
    await waitFor(() => expect(changes).toBe(1));
    expect(screen.getByText(`3 of ${MAX_SKILLS} skills`)).toBeInTheDocument();
    // Ready for the next one.
    expect(picker).toHaveValue('');
    expect(picker).toHaveFocus();
    await app.user.type(picker, 'fork');
    expect(await screen.findByText('No skill by that name')).toBeInTheDocument();
    stop();
  });

  it('removes a skill, and focus moves to the next remove button', async () => {
    const { logic, load, server } = stubbed();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    const app = renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    await load.resolve(stored);
    await app.user.click(await screen.findByRole('button', { name: 'Remove Carpentry' }));
    expect(chips()).toEqual(['Welding']);
    expect(screen.getByRole('button', { name: 'Remove Welding' })).toHaveFocus();
    await waitFor(() => expect(changes).toBe(1));
    expect(server.calls).toEqual(['remove 101']);
    expect(server.skills).toEqual([welding]);
    stop();
  });

  it('adds a skill found in the résumé only when its Add is clicked, and stops offering it', async () => {
    const { logic, load, server } = stubbed();
    const app = renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    await load.resolve({
      ...stored,
      suggested: [
        { id: forklift.id, name: forklift.name },
        { id: palletJack.id, name: palletJack.name },
      ],
    });
    const add = await screen.findByRole('button', { name: 'Add Forklift operation' });
    expect(server.calls).toEqual([]);
    await app.user.click(add);
    await waitFor(() => expect(server.calls).toEqual(['add 301']));
    expect(chips()).toContain('Forklift operation');
    expect(screen.queryByRole('button', { name: 'Add Forklift operation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Pallet jack' })).toHaveFocus();
    await app.user.click(screen.getByRole('button', { name: 'Add Pallet jack' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Found in your résumé' })).not.toBeInTheDocument());
    expect(server.calls).toEqual(['add 301', 'add 302']);
  });

  it('with no résumé, points to the documents page', async () => {
    const { logic, load } = stubbed();
    renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    await load.resolve({ ...stored, suggested: 'noResume' });
    expect(await screen.findByRole('link', { name: 'Upload your résumé' })).toHaveAttribute('href', '/user/settings/documents');
    expect(screen.queryByRole('heading', { name: 'Found in your résumé' })).not.toBeInTheDocument();
  });

  it(`stops taking skills at ${MAX_SKILLS}`, async () => {
    const many = Array.from({ length: MAX_SKILLS + 1 }, (_, i): Skill => ({ id: 500 + i, name: `Skill ${i}`, category: 'Other' }));
    const { logic, load } = stubbed();
    renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    await load.resolve({
      skills: many.slice(0, MAX_SKILLS),
      taxonomy: many,
      suggested: [{ id: many[MAX_SKILLS]!.id, name: many[MAX_SKILLS]!.name }],
    });
    expect(await screen.findByText(`${MAX_SKILLS} of ${MAX_SKILLS} skills`)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Add a skill' })).toBeDisabled();
    expect(screen.getByText(ProfileMessages.skillLimit)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Add ${many[MAX_SKILLS]!.name}` })).toBeDisabled();
  });

  it("shows the server's refusal and puts the list back as it was", async () => {
    const { logic, load } = stubbed((kind) =>
      kind === 'add' ? new ApiError('client', 400, ProfileMessages.skillLimit, [ProfileMessages.skillLimit]) : undefined,
    );
    const app = renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    await load.resolve(stored);
    await app.user.click(await screen.findByRole('button', { name: 'Add Pallet jack' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${ProfileMessages.skillNotAdded('Pallet jack')} ${ProfileMessages.skillLimit}`,
    );
    expect(chips()).toEqual(['Carpentry', 'Welding']);
    expect(screen.getByRole('button', { name: 'Add Pallet jack' })).toBeInTheDocument();
  });

  it('offers to try again when the skills cannot be loaded', async () => {
    const { logic, load, loads } = stubbed();
    const app = renderInApp(<SkillsSettingsPage logic={logic} />, { path, stored: seeker });
    await load.reject(new ApiError('server', 500, 'Something went wrong!!!'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your skills could not be loaded.');
    await app.user.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(loads).toHaveLength(2);
    await load.resolve(stored);
    expect(await screen.findByText(`2 of ${MAX_SKILLS} skills`)).toBeInTheDocument();
    expect(chips()).toEqual(['Carpentry', 'Welding']);
  });
});
