import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileButton, FileDropZone, UploadProgress } from '../../src/views/ui/file-input.tsx';

const pdf = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });

describe('file button', () => {
  it('is a labelled file input that Tab reaches, and reports every choice, the same file again too', async () => {
    const onFiles = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <FileButton label="Upload photo" accept=".pdf" onFiles={onFiles} />
      </>,
    );
    await user.tab();
    await user.tab();
    const input = screen.getByLabelText('Upload photo');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('type', 'file');
    await user.upload(input, pdf);
    await user.upload(input, pdf);
    expect(onFiles.mock.calls).toEqual([[[pdf]], [[pdf]]]);
  });
});

describe('file drop zone', () => {
  it('takes dropped files, and describes its input with the hint and the error', () => {
    const onFiles = vi.fn();
    render(<FileDropZone label="Upload a résumé" accept=".pdf" hint="PDF, up to 5 MB." error="The file is empty." onFiles={onFiles} />);
    const zone = screen.getByRole('group', { name: 'Upload a résumé: drop a file here' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [pdf], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf] } });
    expect(onFiles).toHaveBeenCalledWith([pdf]);
    expect(screen.getByLabelText('Upload a résumé')).toHaveAccessibleDescription('PDF, up to 5 MB. The file is empty.');
    expect(screen.getByRole('alert')).toHaveTextContent('The file is empty.');
  });

  it('ignores drops while disabled, and its input is disabled', () => {
    const onFiles = vi.fn();
    render(<FileDropZone label="Upload a résumé" accept=".pdf" hint="Full." disabled onFiles={onFiles} />);
    fireEvent.drop(screen.getByRole('group', { name: 'Upload a résumé: drop a file here' }), { dataTransfer: { files: [pdf] } });
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Upload a résumé')).toBeDisabled();
  });
});

describe('upload progress', () => {
  it('is a progress bar named after the file, with a cancel button', async () => {
    const onCancel = vi.fn();
    render(<UploadProgress name="cv.pdf" percent={42} onCancel={onCancel} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading cv.pdf… 42%' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel uploading cv.pdf' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
