import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from '../../src/views/ui/loading-overlay.tsx';

describe('loading overlay', () => {
  it('is absent while nothing is loading', () => {
    render(<LoadingOverlay open={false} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('covers the page with a named status while the loading flag is true', () => {
    const { rerender } = render(<LoadingOverlay open={false} />);
    rerender(<LoadingOverlay open />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();

    rerender(<LoadingOverlay open label="Signing you in" />);
    expect(screen.getByRole('status', { name: 'Signing you in' })).toBeInTheDocument();

    rerender(<LoadingOverlay open={false} label="Signing you in" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
