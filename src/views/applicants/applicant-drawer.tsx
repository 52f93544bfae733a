import { Dialog, DialogPanel, DialogTitle, Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../ui/toast.tsx';
import type { SnapshotFrom } from 'xstate';
import { readingWith, useReadDocument } from '../../app/documents.tsx';
import { STATUS_NAMES, type Applicant, type ApplicantDetail, type ApplicationDocument } from '../../contract/applicants.ts';
import { conversationPath } from '../../contract/messaging.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { applicantDetailMachine } from '../../machines/applicants/applicant-detail.machine.ts';
import { messageInitMachine } from '../../machines/messaging/message-init.machine.ts';
import { ApplicationStatusChip } from '../jobs/application-status.tsx';
import { Alert } from '../ui/alert.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { CloseButton } from '../ui/close-button.tsx';
import { saveFile } from '../ui/save-file.ts';
import { Spinner } from '../ui/spinner.tsx';
import { readablePhone } from '../../lib/phone.ts';
import type { documentPreviewMachine } from '../../machines/applicants/document-preview.machine.ts';
import { DocumentPreviewToggle } from './document-preview.tsx';

type Logic = typeof applicantDetailMachine;

export interface ApplicantDrawerProps {
  id: string;
  onClose: () => void;
  /** The list row as the server now sees it. */
  onUpdated: (applicant: Applicant) => void;
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  /** Fetches a document for its download; the server's by default. */
  fetchDocument?: (doc: ApplicationDocument) => Promise<{ blob: Blob; filename: string }>;
  /** The documents' preview machine, likewise. */
  previewLogic?: typeof documentPreviewMachine;
  /** Opens the conversation with the applicant (message-init); the server's by default. */
  messageLogic?: typeof messageInitMachine;
}

/** Opens (or starts) the conversation with the applicant about the job, then shows it. */
function MessageButton({ detail, logic }: { detail: ApplicantDetail; logic?: typeof messageInitMachine }) {
  const actor = useActorRef(logic ?? messageInitMachine);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [, navigate] = useLocation();
  useEffect(() => {
    const subs = [
      actor.on('opened', (e) => navigate(conversationPath(e.url))),
      actor.on('failed', (e) => toast.error(e.message, { id: e.message })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, navigate]);
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => actor.send({ type: 'message.start', applicantId: detail.id, jobPostId: detail.job.id })}
      className="inline-flex min-h-5 items-center gap-0.5 rounded border border-brand-700 px-1 py-0.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-white/5"
    >
      {busy && <Spinner size={16} />}
      Message
    </button>
  );
}

const itemClass =
  'block w-full px-2 py-1 text-left text-sm text-ink data-focus:bg-brand-50 data-focus:text-brand-800 dark:data-focus:bg-white/10 dark:data-focus:text-ink';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-0.5" aria-label={title}>
      <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** Skills as chips; a matched one is marked (✓, and in words for screen readers). */
function SkillChips({ label, skills }: { label: string; skills: ReadonlyArray<{ id: number; name: string; match: boolean }> }) {
  return (
    <ul className="flex flex-wrap gap-0.5" aria-label={label}>
      {skills.map((s) => (
        <li
          key={s.id}
          className={
            s.match
              ? 'rounded-full border border-brand-600/40 bg-brand-50 px-1 text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-100'
              : 'rounded-full border border-line px-1 text-xs text-muted'
          }
        >
          {s.match ? <span aria-hidden="true">✓ </span> : null}
          {s.name}
          {s.match ? <span className="sr-only"> (matched)</span> : null}
        </li>
      ))}
    </ul>
  );
}

const yesNo = (v: boolean | null) => (v === null ? 'Not said' : v ? 'Yes' : 'No');

function DocumentLink({
  label,
  doc,
  fetchDocument,
  previewLogic,
}: {
  label: string;
  doc: ApplicationDocument | null;
  fetchDocument: ApplicantDrawerProps['fetchDocument'];
  previewLogic: ApplicantDrawerProps['previewLogic'];
}) {
  const [busy, setBusy] = useState(false);
  const readDocument = useReadDocument();
  if (!doc) return <p className="text-sm text-muted">No {label.toLowerCase()} sent.</p>;
  const get = async () => {
    setBusy(true);
    try {
      const read = await (fetchDocument ? readingWith(fetchDocument) : readDocument)(doc);
      if (read.ok) saveFile(read.blob, read.filename === 'download' ? doc.name : read.filename);
      else toast.error(read.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-0.5">
      <p className="text-sm">
        {label}:{' '}
        <a
          href={doc.downloadUrl}
          onClick={(e) => {
            e.preventDefault();
            void get();
          }}
          className="font-semibold"
          aria-busy={busy || undefined}
        >
          Download {doc.name}
        </a>
        {busy && <Spinner size={14} className="ml-0.5 inline" />}
      </p>
      <DocumentPreviewToggle doc={doc} logic={previewLogic} />
    </div>
  );
}

function StatusMenu({
  detail,
  busy,
  onSet,
}: {
  detail: ApplicantDetail;
  busy: boolean;
  onSet: (s: ApplicantDetail['nextStatuses'][number]) => void;
}) {
  if (detail.nextStatuses.length === 0) {
    return <p className="text-sm text-muted">{busy ? 'Updating…' : 'This status is final.'}</p>;
  }
  return (
    <Menu>
      <MenuButton
        disabled={busy}
        className="inline-flex min-h-5 items-center gap-0.5 rounded border border-line px-1 py-0.5 text-sm font-semibold hover:bg-surface-raised disabled:opacity-60"
      >
        {busy && <Spinner size={16} />}
        Change status <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 min-w-40 rounded border border-line bg-surface py-0.5 shadow-lg focus:outline-none">
        {detail.nextStatuses.map((s) => (
          <MenuItem key={s}>
            <button type="button" className={itemClass} onClick={() => onSet(s)}>
              {STATUS_NAMES[s]}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

function Body({
  detail,
  busy,
  statusError,
  onSet,
  fetchDocument,
  previewLogic,
  messageLogic,
}: {
  detail: ApplicantDetail;
  busy: boolean;
  statusError: string | null;
  onSet: (s: ApplicantDetail['nextStatuses'][number]) => void;
  fetchDocument: ApplicantDrawerProps['fetchDocument'];
  previewLogic: ApplicantDrawerProps['previewLogic'];
  messageLogic?: typeof messageInitMachine;
}) {
  const p = detail.jobSeeker;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-0.5 text-sm">
        <p>
          Applied to <strong>{detail.job.title}</strong> on {formatDisplayDate(detail.appliedDate)}
        </p>
        <p>
          <a href={`mailto:${p.email}`}>{p.email}</a>
          {p.phoneNumber && (
            <a href={`tel:${p.phoneNumber}`} className="ml-1">
              {readablePhone(p.phoneNumber)}
            </a>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1" aria-live="polite">
        <ApplicationStatusChip status={detail.status} />
        <StatusMenu detail={detail} busy={busy} onSet={onSet} />
        <MessageButton detail={detail} logic={messageLogic} />
      </div>
      {statusError && <Alert tone="error">{statusError}</Alert>}

      <Section title="Documents">
        <DocumentLink label="Résumé" doc={detail.resume} fetchDocument={fetchDocument} previewLogic={previewLogic} />
        <DocumentLink label="Cover letter" doc={detail.coverLetter} fetchDocument={fetchDocument} previewLogic={previewLogic} />
      </Section>

      <Section title={`Skills (${detail.matchedSkills} of ${detail.totalSkills} matched)`}>
        {detail.jobSkills.length > 0 && (
          <>
            <p className="text-sm">The job asks for:</p>
            <SkillChips label="The job’s skills" skills={detail.jobSkills} />
          </>
        )}
        {detail.skills.some((s) => !s.match) && (
          <>
            <p className="text-sm">Other skills of the applicant:</p>
            <SkillChips label="Other skills" skills={detail.skills.filter((s) => !s.match)} />
          </>
        )}
        {detail.jobSkills.length + detail.skills.length === 0 && <p className="text-sm text-muted">No skills listed.</p>}
      </Section>

      <Section title="Work authorization">
        <p className="text-sm">
          Authorized to work: {yesNo(detail.workAuthorization)}. Needs sponsorship: {yesNo(detail.sponsorship)}.
        </p>
      </Section>

      <Section title="Experience">
        {detail.experience.length === 0 ? (
          <p className="text-sm text-muted">No experience listed.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {detail.experience.map((x) => (
              <li key={x.id}>
                <strong>{x.jobTitle}</strong>, {x.companyName}
                <span className="block text-muted">
                  {formatDisplayDate(x.startDate)} – {x.currentEmployer ? 'Present' : formatDisplayDate(x.endDate)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Education">
        {detail.education.length === 0 ? (
          <p className="text-sm text-muted">No education listed.</p>
        ) : (
          <ul className="flex flex-col gap-0.5 text-sm">
            {detail.education.map((e) => (
              <li key={e.id}>
                <strong>{e.degree}</strong>
                {e.focus ? `, ${e.focus}` : ''} — {e.university} ({e.completion})
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Status history">
        <ol className="flex flex-col gap-0.5 text-sm">
          <li>Applied on {formatDisplayDate(detail.appliedDate)}</li>
          {detail.history.map((h, i) => (
            <li key={i}>
              {STATUS_NAMES[h.from]} → {STATUS_NAMES[h.to]} on {formatDisplayDate(h.changedAt)}
              {h.changedBy ? ` by ${h.changedBy.name}` : ''}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** An applicant in a side panel: who they are, what they sent, and the status to move them to. */
export function ApplicantDrawer({
  id,
  onClose,
  onUpdated,
  logic,
  snapshot,
  fetchDocument,
  previewLogic,
  messageLogic,
}: ApplicantDrawerProps) {
  const input = { id };
  const actor = useActorRef(logic ?? applicantDetailMachine, snapshot ? { snapshot, input } : { input });
  const detail = useSelector(actor, (s) => s.context.detail);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy') || (s.hasTag('loading') && s.context.detail !== null));
  const loadError = useSelector(actor, (s) => (s.hasTag('error') ? s.context.loadError : null));
  const statusError = useSelector(actor, (s) => s.context.statusError);

  useEffect(() => {
    const subs = [
      actor.on('updated', (e) => onUpdated(e.applicant)),
      actor.on('notify', (e) => toast.success(e.message, { id: e.message })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, onUpdated]);

  return (
    <Dialog open onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-xl">
        <DialogPanel className="flex w-full flex-col overflow-y-auto bg-surface p-3 shadow-xl">
          <div className="mb-2 flex items-start justify-between gap-2">
            <DialogTitle className="text-xl font-semibold">{detail ? detail.jobSeeker.name : 'Applicant'}</DialogTitle>
            <CloseButton onClick={onClose} label="Close applicant" />
          </div>
          {loadError !== null ? (
            <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'detail.retry' })} />
          ) : detail ? (
            <Body
              detail={detail}
              busy={busy}
              statusError={statusError}
              onSet={(status) => actor.send({ type: 'status.set', status })}
              fetchDocument={fetchDocument}
              previewLogic={previewLogic}
              messageLogic={messageLogic}
            />
          ) : loading ? (
            <Loading label="Loading applicant" />
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
