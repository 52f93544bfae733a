import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { DocumentType, MAX_DOCUMENTS_PER_KIND, type DocumentEntry, type DocumentKind } from '../../contract/documents.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import {
  ApplyMessages,
  choicesOf,
  selectEditable,
  selectFieldErrors,
  selectResultMessage,
  selectUploadPercent,
  storedOf,
  type ApplyActorRef,
  type ApplyField,
} from '../../machines/jobs/apply.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { cx } from '../ui/cx.ts';
import { FileButton, UploadProgress } from '../ui/file-input.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { Modal } from '../ui/modal.tsx';

/** What the pickers offer: PDF and Word documents, by name and by type. */
const DOCUMENT_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const kinds: Record<DocumentKind, { legend: string; one: string; field: ApplyField; upload: string; none: string }> = {
  [DocumentType.Resume]: {
    legend: 'Résumé',
    one: 'résumé',
    field: 'resumeId',
    upload: 'Upload a new résumé',
    none: 'You have no résumés yet.',
  },
  [DocumentType.CoverLetter]: {
    legend: 'Cover letter',
    one: 'cover letter',
    field: 'coverLetterId',
    upload: 'Upload a new cover letter',
    none: 'You have no cover letters yet.',
  },
};

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;
const toChoice = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');

/** One kind of document: the seeker's documents (and None when the job does not ask for it), and an upload on the spot. */
function DocumentChoice({ actor, kind, first }: { actor: ApplyActorRef; kind: DocumentKind; first: boolean }) {
  const id = useId();
  const { legend, one, field, upload, none } = kinds[kind];
  const required = useSelector(actor, (s) =>
    kind === DocumentType.Resume ? s.context.job.requiresResume : s.context.job.requiresCoverLetter,
  );
  const choices = useSelector(actor, (s) => choicesOf(s.context, kind));
  const kept = useSelector(actor, (s) => storedOf(s.context.documents[kind]).length);
  const chosen = useSelector(actor, (s) => s.context.answers[field as 'resumeId' | 'coverLetterId']);
  const error = useSelector(actor, (s) => selectFieldErrors(s)[field]);
  const editable = useSelector(actor, selectEditable);
  const uploading = useSelector(actor, (s) =>
    s.matches('uploading') && s.context.upload?.kind === kind ? s.context.upload.file.name : null,
  );
  const anyUpload = useSelector(actor, (s) => s.matches('uploading'));
  const percent = useSelector(actor, selectUploadPercent);
  const note = useSelector(actor, (s) => (s.context.uploadNote?.kind === kind ? s.context.uploadNote : null));
  const atLimit = kept >= MAX_DOCUMENTS_PER_KIND;
  const describedBy = [error && `${id}-error`, `${id}-hint`].filter(Boolean).join(' ');

  const label = (d: DocumentEntry) => (d.id === null ? `No ${one}` : d.name);

  return (
    <fieldset
      className="flex flex-col gap-1 rounded border border-line p-1.5"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-0.5 font-semibold">
        {legend} <span className="text-sm font-normal text-muted">{required ? '(required)' : '(optional)'}</span>
      </legend>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {kept === 0 && <p className="text-sm text-muted">{none}</p>}
      {choices.length > 0 && (
        <ul className="flex flex-col gap-0.5">
          {choices.map((d, i) => (
            <li key={d.id ?? 'none'}>
              <label className="flex cursor-pointer items-center gap-1 rounded px-0.5 py-0.5 hover:bg-black/5 dark:hover:bg-white/10">
                <input
                  type="radio"
                  name={`${id}-${field}`}
                  value={d.id ?? ''}
                  checked={chosen === d.id}
                  disabled={!editable}
                  // The first choice of the form takes the focus when the dialog opens.
                  {...(first && i === 0 ? { 'data-autofocus': true } : {})}
                  onChange={() => actor.send({ type: 'document.choose', kind, id: d.id })}
                  className="size-2 accent-brand-700"
                />
                <span className="min-w-0 flex-1 truncate">{label(d)}</span>
                {d.uploadedAt && <span className="shrink-0 text-xs text-muted">{formatDisplayDate(d.uploadedAt)}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      {uploading !== null ? (
        <UploadProgress name={uploading} percent={percent} onCancel={() => actor.send({ type: 'upload.cancel' })} />
      ) : (
        <div className="flex flex-wrap items-center gap-1">
          <FileButton
            label={upload}
            accept={DOCUMENT_ACCEPT}
            disabled={!editable || anyUpload || atLimit}
            describedBy={`${id}-hint`}
            onFiles={(files) => actor.send({ type: 'upload.choose', kind, files })}
          />
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted">
        {atLimit
          ? `You keep ${MAX_DOCUMENTS_PER_KIND} already; choose one of them.`
          : 'PDF or Word (.docx), up to 5 MB. It is kept with your documents.'}
      </p>
      {note && (
        <p
          role={note.tone === 'error' ? 'alert' : 'status'}
          className={cx('text-sm', note.tone === 'error' ? 'text-danger' : 'text-brand-800 dark:text-brand-200')}
        >
          {note.message}
        </p>
      )}
    </fieldset>
  );
}

function WorkAuthorization({ actor }: { actor: ApplyActorRef }) {
  const answers = useSelector(actor, (s) => s.context.answers);
  const errors = useSelector(actor, selectFieldErrors);
  const editable = useSelector(actor, selectEditable);
  return (
    <div className={cx('flex flex-col gap-1.5', !editable && 'pointer-events-none opacity-70')}>
      <ChoiceGroup
        label="Are you authorized to work in the United States? (required)"
        value={toChoice(answers.workAuthorization)}
        options={yesNo}
        error={errors.workAuthorization}
        onChange={(v) => actor.send({ type: 'answer.change', field: 'workAuthorization', value: v === 'yes' })}
      />
      <ChoiceGroup
        label="Will you now or in the future need visa sponsorship? (optional)"
        value={toChoice(answers.sponsorship)}
        options={yesNo}
        error={errors.sponsorship}
        onChange={(v) => actor.send({ type: 'answer.change', field: 'sponsorship', value: v === 'yes' })}
      />
    </div>
  );
}

function ApplyForm({ actor }: { actor: ApplyActorRef }) {
  const asksWork = useSelector(actor, (s) => s.context.job.requiresWorkAuthorization);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const uploading = useSelector(actor, (s) => s.matches('uploading'));
  const form = useRef<HTMLFormElement>(null);
  // The documents arrive after the dialog opened: the first choice takes the focus then.
  useEffect(() => {
    const first = form.current?.querySelector<HTMLElement>('[data-autofocus], input:not([disabled])');
    if (first && !form.current?.contains(document.activeElement)) first.focus();
  }, []);
  return (
    <form
      ref={form}
      noValidate
      aria-label="Application"
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'apply.submit' });
        // An answer missing: focus goes to the first question that says so.
        setTimeout(() => {
          const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
          invalid?.querySelector<HTMLElement>('input:not([disabled]), [role="radio"][tabindex="0"]')?.focus();
        }, 0);
      }}
    >
      <DocumentChoice actor={actor} kind={DocumentType.Resume} first />
      <DocumentChoice actor={actor} kind={DocumentType.CoverLetter} first={false} />
      {asksWork && <WorkAuthorization actor={actor} />}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-1">
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'dialog.close' })}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} disabled={uploading}>
          Send application
        </Button>
      </div>
    </form>
  );
}

function Outcome({ actor }: { actor: ApplyActorRef }) {
  const message = useSelector(actor, selectResultMessage);
  const application = useSelector(actor, (s) => s.context.result?.application ?? null);
  return (
    <div className="flex flex-col gap-2">
      <Alert tone="success">{message}</Alert>
      {application && (
        <p className="text-sm">
          Status: <strong>{application.status}</strong> · Applied on {formatDisplayDate(application.appliedDate)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-1">
        <Link href="/user/applied-jobs" className="text-sm font-semibold">
          See your applied jobs
        </Link>
        <Button data-autofocus onClick={() => actor.send({ type: 'dialog.close' })}>
          Close
        </Button>
      </div>
    </div>
  );
}

function Refusal({ actor }: { actor: ApplyActorRef }) {
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <div className="flex flex-col gap-2">
      <Alert tone="error">{error}</Alert>
      <div className="flex justify-end">
        <Button data-autofocus onClick={() => actor.send({ type: 'dialog.close' })}>
          Close
        </Button>
      </div>
    </div>
  );
}

/** The application in a dialog: the documents and answers the job asks for, then how it went. */
export function ApplyDialog({ actor, jobTitle }: { actor: ApplyActorRef; jobTitle: string }) {
  const state = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('sent')
          ? 'sent'
          : s.matches('refused')
            ? 'refused'
            : s.matches('closed')
              ? 'closed'
              : 'form',
  );
  return (
    <Modal open={state !== 'closed'} onClose={() => actor.send({ type: 'dialog.close' })} title={`Apply: ${jobTitle}`} size="lg">
      {state === 'loading' && <Loading label={ApplyMessages.loading} />}
      {state === 'loadFailed' && <LoadFailed message={ApplyMessages.loadFailed} onRetry={() => actor.send({ type: 'documents.retry' })} />}
      {state === 'form' && <ApplyForm actor={actor} />}
      {state === 'sent' && <Outcome actor={actor} />}
      {state === 'refused' && <Refusal actor={actor} />}
    </Modal>
  );
}
