import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ComboboxField, SelectField, filterOptions, loadControls, type Option } from '../../src/views/ui/select-field.tsx';

const types: Option<number>[] = [
  { value: 1, label: 'Full time' },
  { value: 2, label: 'Part time' },
  { value: 3, label: 'Contract' },
];

function Select({ clearable = false }: { clearable?: boolean }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <SelectField label="Job type" value={value} onChange={setValue} options={types} clearable={clearable} placeholder="Any job type" />
      <output aria-label="chosen">{String(value)}</output>
    </>
  );
}

function Combo({ allowTyped = false }: { allowTyped?: boolean }) {
  const [value, setValue] = useState<Option<number | null> | null>(null);
  return (
    <>
      <ComboboxField
        label="School"
        value={value}
        onChange={setValue}
        options={schools}
        allowTyped={allowTyped}
        emptyText="No school found"
      />
      <output aria-label="chosen">{JSON.stringify(value)}</output>
    </>
  );
}
const schools: Option<number>[] = [
  { value: 10, label: 'Portland State University' },
  { value: 11, label: 'Oregon State University' },
  { value: 12, label: 'Reed College' },
];

describe('SelectField', () => {
  it('is a button named by its label that opens a listbox; a choice is reported and shown', async () => {
    const user = userEvent.setup();
    render(<Select />);
    const button = screen.getByRole('button', { name: /Job type/ });
    expect(button).toHaveTextContent('Any job type');
    await user.click(button);
    await user.click(await screen.findByRole('option', { name: 'Part time' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('2');
    expect(button).toHaveTextContent('Part time');
  });

  it('works from the keyboard, and a clearable field goes back to no choice', async () => {
    const user = userEvent.setup();
    render(<Select clearable />);
    await user.tab();
    expect(screen.getByRole('button', { name: /Job type/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: /Job type/ }));
    await user.click(await screen.findByRole('option', { name: 'Any job type' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('null');
  });
});

describe('ComboboxField', () => {
  it('filters its options by every word typed and reports the one picked', async () => {
    const user = userEvent.setup();
    render(<Combo />);
    await user.type(screen.getByRole('combobox', { name: 'School' }), 'state port');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Portland State University']);
    await user.click(options[0]!);
    expect(JSON.parse(screen.getByLabelText('chosen').textContent!)).toEqual({ value: 10, label: 'Portland State University' });
    expect(screen.getByRole('combobox', { name: 'School' })).toHaveValue('Portland State University');
  });

  it('says when nothing matches; with allowTyped it offers the text as typed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Combo />);
    await user.type(screen.getByRole('combobox', { name: 'School' }), 'Clark');
    expect(await screen.findByText('No school found')).toBeInTheDocument();
    unmount();
    render(<Combo allowTyped />);
    await user.type(screen.getByRole('combobox', { name: 'School' }), 'Clark College');
    await user.click(await screen.findByRole('option', { name: 'Use “Clark College”' }));
    expect(JSON.parse(screen.getByLabelText('chosen').textContent!)).toEqual({ value: null, label: 'Clark College' });
  });

  it('lists options under their group heading, and keyboard choice crosses groups', async () => {
    const user = userEvent.setup();
    const skills: Option<number>[] = [
      { value: 118, label: 'Welding', group: 'Construction and skilled trades' },
      { value: 210, label: 'Robotic welding', group: 'Manufacturing and production' },
      { value: 211, label: 'Soldering', group: 'Manufacturing and production' },
    ];
    const chosen: Array<Option<number | null> | null> = [];
    render(<ComboboxField label="Skill" value={null} onChange={(c) => chosen.push(c)} options={skills} />);
    await user.type(screen.getByRole('combobox', { name: 'Skill' }), 'weld');
    const groups = await screen.findAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Construction and skilled trades', 'Manufacturing and production']);
    expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Robotic welding']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen).toEqual([{ value: 210, label: 'Robotic welding', group: 'Manufacturing and production' }]);
  });

  it('takes nothing while disabled', async () => {
    const user = userEvent.setup();
    render(<ComboboxField label="Skill" value={null} onChange={() => {}} options={schools} disabled hint="No more." />);
    const input = screen.getByRole('combobox', { name: 'Skill' });
    expect(input).toBeDisabled();
    await user.type(input, 'Reed');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('is prerendered as its placeholder whatever has loaded, taken over without a mismatch, then becomes the combobox', async () => {
    // The page's takeover may come before or after the control's code arrives: the same HTML either way.
    await loadControls();
    const field = <ComboboxField label="School" value={null} onChange={() => {}} options={schools} hint="Type part of the name." />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(field);
    document.body.append(container);
    expect(within(container).getByLabelText('School')).toBeDisabled();
    const mismatches: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, field, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(within(container).getByRole('combobox', { name: 'School' })).toBeEnabled();
    act(() => root!.unmount());
    container.remove();
  });

  it('filterOptions keeps at most the limit', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ value: i, label: `Skill ${i}` }));
    expect(filterOptions(many, 'skill', 50)).toHaveLength(50);
    expect(filterOptions(many, 'skill 7', 50).map((o) => o.value)).toEqual([7, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79]);
  });
});
