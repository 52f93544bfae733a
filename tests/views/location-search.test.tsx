import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { LocationResult } from '../../src/contract/location.ts';
import { locationSearchMachine, type SearchType } from '../../src/machines/location/location-search.machine.ts';
import { LocationSearch } from '../../src/views/location/location-search.view.tsx';

const PORTLAND_OR: LocationResult = {
  id: 'city:5746545',
  address: { freeformAddress: 'Portland, OR', countrySubdivisionName: 'Oregon' },
  position: { lat: 45.52345, lng: -122.67621 },
};
const PORTLAND_ME: LocationResult = {
  id: 'city:4975802',
  address: { freeformAddress: 'Portland, ME', countrySubdivisionName: 'Maine' },
  position: { lat: 43.65737, lng: -70.2589 },
};

/** The search machine with the server's answer in the test's hands. */
function stubbed(answer: (text: string) => Promise<LocationResult[]>, delays: { searchDelay?: number } = { searchDelay: 10 }) {
  const searches: Array<{ text: string; type: SearchType }> = [];
  const logic = locationSearchMachine.provide({
    actors: {
      search: fromPromise<LocationResult[], { text: string; type: SearchType }>(({ input }) => {
        searches.push(input);
        return answer(input.text);
      }),
    },
    delays,
  });
  return { logic, searches };
}

const field = () => screen.getByRole('combobox', { name: 'City, state or ZIP code' });

describe('Location search', () => {
  it('is a labelled combobox that searches once more than 2 characters are typed, 650 ms after the last key', async () => {
    const { logic, searches } = stubbed(async () => [PORTLAND_OR, PORTLAND_ME], {});
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} />);
    expect(field()).toHaveAttribute('aria-expanded', 'false');

    await user.type(field(), 'po');
    await new Promise((r) => setTimeout(r, 700));
    expect(searches).toHaveLength(0);

    await user.type(field(), 'rt');
    const started = Date.now();
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(searches).toEqual([{ text: 'port', type: 1 }]);
    expect(options.map((o) => o.textContent)).toEqual(['Portland, OROregon', 'Portland, MEMaine']);
    expect(screen.getByRole('listbox', { name: 'City, state or ZIP code suggestions' })).toBeVisible();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows that it is searching, then the places found', async () => {
    let answer!: (v: LocationResult[]) => void;
    const { logic } = stubbed(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} />);
    await user.type(field(), 'port');
    expect(await screen.findByRole('status', { name: 'Searching' })).toBeInTheDocument();
    await act(async () => answer([PORTLAND_OR]));
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Portland, OR/ })).toBeInTheDocument();
  });

  it('says "No locations found" when nothing matches, and when the search fails', async () => {
    const { logic } = stubbed(async (text) => {
      if (text === 'zzzq') return [];
      throw new Error('offline');
    });
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} />);
    await user.type(field(), 'zzzq');
    expect(await screen.findByText('No locations found')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await user.clear(field());
    expect(screen.queryByText('No locations found')).not.toBeInTheDocument();
    await user.type(field(), 'boom');
    expect(await screen.findByText('No locations found')).toBeInTheDocument();
  });

  it('hands over the place clicked, shows it in the field and closes the list', async () => {
    const onSelect = vi.fn();
    const { logic } = stubbed(async () => [PORTLAND_OR, PORTLAND_ME]);
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} onSelect={onSelect} />);
    await user.type(field(), 'port');
    await user.click(await screen.findByRole('option', { name: /Portland, ME/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(PORTLAND_ME);
    expect(field()).toHaveValue('Portland, ME');
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('works from the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const onSelect = vi.fn();
    const { logic } = stubbed(async () => [PORTLAND_OR, PORTLAND_ME]);
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} onSelect={onSelect} />);
    await user.type(field(), 'port');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Portland, ME/ });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Portland, OR/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(PORTLAND_ME);

    await user.type(field(), 'x');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('closes the list 350 ms after the field loses focus', async () => {
    const { logic } = stubbed(async () => [PORTLAND_OR]);
    const user = userEvent.setup();
    render(
      <>
        <LocationSearch logic={logic} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await user.type(field(), 'port');
    await screen.findByRole('option');
    await user.tab();
    // Still there right after leaving, so a click on a result counts.
    expect(screen.getByRole('option')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument(), { timeout: 1000 });
  });

  it('searches on focus when the field already holds more than 2 characters', async () => {
    const { logic, searches } = stubbed(async () => [PORTLAND_OR]);
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} initialText="Portland" />);
    expect(field()).toHaveValue('Portland');
    expect(searches).toHaveLength(0);
    await user.click(field());
    expect(await screen.findByRole('option', { name: /Portland, OR/ })).toBeInTheDocument();
    expect(searches).toEqual([{ text: 'Portland', type: 1 }]);
  });

  it('searches streets when asked to', async () => {
    // A pause longer than typing takes on a busy machine, so only the whole text is searched.
    const { logic, searches } = stubbed(async () => [], { searchDelay: 300 });
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} type={2} label="Street address" />);
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), '1600 Penn');
    await screen.findByText('No locations found');
    expect(searches).toEqual([{ text: '1600 Penn', type: 2 }]);
  });

  it('can empty itself after a pick, for picking one place after another', async () => {
    const onSelect = vi.fn();
    const { logic } = stubbed(async () => [PORTLAND_OR]);
    const user = userEvent.setup();
    render(<LocationSearch logic={logic} onSelect={onSelect} clearOnSelect />);
    await user.type(field(), 'port');
    await user.click(await screen.findByRole('option', { name: /Portland, OR/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(PORTLAND_OR);
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('tells why it is disabled and why a pick was refused, with the field', async () => {
    const { logic, searches } = stubbed(async () => [PORTLAND_OR]);
    const user = userEvent.setup();
    const { rerender } = render(<LocationSearch logic={logic} hint="Up to 5 places." />);
    expect(field()).toHaveAccessibleDescription('Up to 5 places.');
    rerender(<LocationSearch logic={logic} hint="Choose at most 5 places" error="That place is already on your list." disabled />);
    expect(field()).toBeDisabled();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('That place is already on your list. Choose at most 5 places');
    await user.type(field(), 'port');
    expect(field()).toHaveValue('');
    expect(searches).toHaveLength(0);
  });
});
