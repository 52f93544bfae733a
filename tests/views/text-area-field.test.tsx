import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from '../../src/views/ui/field.tsx';

function Description({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextAreaField label="Job description" hint="A few lines." error={error} value={value} onChange={(e) => setValue(e.target.value)} />
  );
}

describe('TextAreaField', () => {
  it('is a text box named by its label that takes several lines, described by its hint', async () => {
    const user = userEvent.setup();
    render(<Description />);
    const box = screen.getByRole('textbox', { name: 'Job description' });
    expect(box.tagName).toBe('TEXTAREA');
    await user.type(box, 'Opened the café.{Enter}Trained new staff.');
    expect(box).toHaveValue('Opened the café.\nTrained new staff.');
    expect(box).toHaveAccessibleDescription('A few lines.');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('shows and announces its error', () => {
    render(<Description error="Please keep it under 4000 characters" />);
    const box = screen.getByRole('textbox', { name: 'Job description' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please keep it under 4000 characters');
    expect(box).toHaveAccessibleDescription('Please keep it under 4000 characters A few lines.');
  });
});
