import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from '../../src/views/ui/otp-input.tsx';

function Harness({ onBlur, initial = '' }: { onBlur?: () => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput legend="One-time code" value={value} onChange={setValue} onBlur={onBlur} />
      <output aria-label="value">{JSON.stringify(value)}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const boxes = () => Array.from({ length: 6 }, (_, i) => screen.getByRole('textbox', { name: `Digit ${i + 1} of 6` }));
const digits = () => boxes().map((b) => (b as HTMLInputElement).value);

describe('OtpInput', () => {
  it('is six labelled numeric boxes in a group named by its legend; the first takes the one-time code from the device', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeInTheDocument();
    const all = boxes();
    expect(all).toHaveLength(6);
    for (const box of all) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(all[0]).toHaveAttribute('autocomplete', 'one-time-code');
    for (const box of all.slice(1)) expect(box).not.toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('typing advances box by box and ignores anything but digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('1a2-3');
    expect(digits()).toEqual(['1', '2', '3', '', '', '']);
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('456');
    expect(digits()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(screen.getByLabelText('value')).toHaveTextContent('"123456"');
    // The last box keeps focus; typing there replaces its digit.
    expect(boxes()[5]).toHaveFocus();
    await user.keyboard('9');
    expect(digits()).toEqual(['1', '2', '3', '4', '5', '9']);
  });

  it('backspace clears the box, and on an empty box goes back and clears the one before', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes()[2]).toHaveFocus();
    expect(digits()).toEqual(['1', '2', '', '', '', '']);
    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(digits()).toEqual(['1', '', '', '', '', '']);
  });

  it('backspace on a filled box clears it and stays; a hole keeps the other digits in place', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(boxes()[2]!);
    await user.keyboard('{Backspace}');
    expect(boxes()[2]).toHaveFocus();
    expect(digits()).toEqual(['1', '2', '', '4', '5', '6']);
    expect(screen.getByLabelText('value')).toHaveTextContent('"12 456"');
  });

  it('arrow keys, Home and End move between the boxes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[2]!);
    await user.keyboard('{ArrowRight}');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(boxes()[5]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
  });

  it('pasting spreads the digits across the boxes from the focused one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.paste('Your code: 482 913');
    expect(digits()).toEqual(['4', '8', '2', '9', '1', '3']);
    expect(boxes()[5]).toHaveFocus();
  });

  it('a paste in a middle box fills from there and moves on; extra digits are dropped', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[2]!);
    await user.paste('77');
    expect(digits()).toEqual(['', '', '7', '7', '', '']);
    expect(boxes()[4]).toHaveFocus();
    await user.click(boxes()[3]!);
    await user.paste('123456');
    expect(digits()).toEqual(['', '', '7', '1', '2', '3']);
  });

  it('a code filled in by the device in the first box spreads like a paste', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: '246810' } });
    expect(digits()).toEqual(['2', '4', '6', '8', '1', '0']);
  });

  it('tells the form it was left only when focus leaves the whole group', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(<Harness onBlur={onBlur} />);
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    await user.tab();
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('shows its error and marks every box invalid', () => {
    render(<OtpInput legend="One-time code" value="12" onChange={() => {}} error="Please enter the 6 digit code" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6 digit code');
    for (const box of boxes()) {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription('Please enter the 6 digit code');
    }
  });
});
