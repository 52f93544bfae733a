import { TITLE_MAX, TITLE_MIN } from '../../contract/posting.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';

/** The title a new job post starts with: asked before its draft is made. */
export function TitleForm({
  title,
  error,
  failure,
  busy,
  onChange,
  onSubmit,
  onCancel,
  autoFocus = true,
}: {
  title: string;
  /** Why the title is not taken. */
  error: string | null;
  /** Why the draft could not be made. */
  failure: string | null;
  busy: boolean;
  onChange: (title: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        label="Job title"
        name="title"
        required
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
        maxLength={TITLE_MAX + 20}
        value={title}
        error={error ?? undefined}
        hint={`${TITLE_MIN} to ${TITLE_MAX} characters, e.g. Warehouse Associate. You can change it later.`}
        onChange={(e) => onChange(e.target.value)}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex justify-end gap-1">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={busy}>
          Start the job post
        </Button>
      </div>
    </form>
  );
}
