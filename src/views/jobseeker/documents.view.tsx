import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { DocumentMessages, DocumentType, MAX_DOCUMENTS_PER_KIND, type DocumentKind } from '../../contract/documents.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { formatFileSize } from '../../lib/files.ts';
import {
  documentsMachine,
  limitMessage,
  selectAtLimit,
  selectConfirming,
  selectDownloading,
  selectIdle,
  selectPageError,
  selectUploadingName,
  selectUploadPercent,
  type StoredDocument,
} from '../../machines/jobseeker/documents.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FileDropZone, UploadProgress } from '../ui/file-input.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { Modal } from '../ui/modal.tsx';
import { saveFile } from '../ui/save-file.ts';
import { JobSeekerSettings } from './settings-layout.tsx';

type Logic = typeof documentsMachine;
type Actor = ActorRefFrom<Logic>;

/** What the pickers offer: PDF and Word documents, by name and by type. */
export const DOCUMENT_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const sections: Record<DocumentKind, { title: string; one: string; upload: string; empty: string }> = {
  [DocumentType.Resume]: { title: 'Résumés', one: 'résumé', upload: 'Upload a résumé', empty: DocumentMessages.noResumes },
  [DocumentType.CoverLetter]: {
    title: 'Cover letters',
    one: 'cover letter',
    upload: 'Upload a cover letter',
    empty: DocumentMessages.noCoverLetters,
  },
};

function DocumentItem({ actor, kind, document }: { actor: Actor; kind: DocumentKind; document: StoredDocument }) {
  const { one } = sections[kind];
  const idle = useSelector(actor, selectIdle);
  const downloading = useSelector(actor, (s) => selectDownloading(s, document.id));
  const details = [
    document.uploadedAt && `Uploaded ${formatDisplayDate(document.uploadedAt)}`,
    document.size !== null && formatFileSize(document.size),
  ];
  return (
    <li className="flex flex-wrap items-center gap-1 border-b border-line py-1 last:border-b-0">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{document.name}</p>
        <p className="text-xs text-muted">{details.filter(Boolean).join(' · ')}</p>
      </div>
      <Button
        variant="ghost"
        aria-label={`Download ${one} ${document.name}`}
        busy={downloading}
        disabled={!idle}
        onClick={() => actor.send({ type: 'document.download', id: document.id })}
      >
        Download
      </Button>
      <Button
        variant="ghost"
        aria-label={`Delete ${one} ${document.name}`}
        disabled={!idle}
        onClick={() => actor.send({ type: 'document.delete', kind, id: document.id })}
      >
        Delete
      </Button>
    </li>
  );
}

function DocumentSection({ actor, kind }: { actor: Actor; kind: DocumentKind }) {
  const { title, upload, empty } = sections[kind];
  const documents = useSelector(actor, (s) => s.context.documents[kind]);
  const idle = useSelector(actor, selectIdle);
  const atLimit = useSelector(actor, (s) => selectAtLimit(s, kind));
  const uploading = useSelector(actor, (s) => selectUploadingName(s, kind));
  const percent = useSelector(actor, selectUploadPercent);
  const error = useSelector(actor, (s) => (s.context.error?.kind === kind ? s.context.error.message : null));
  const headingId = `documents-${kind}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5 rounded border border-line p-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {documents.length ? (
        <ul aria-label={`Your ${title.toLowerCase()}`}>
          {documents.map((document) => (
            <DocumentItem key={document.id} actor={actor} kind={kind} document={document} />
          ))}
        </ul>
      ) : (
        <p className="text-muted">{empty}</p>
      )}
      {uploading !== null ? (
        <UploadProgress name={uploading} percent={percent} onCancel={() => actor.send({ type: 'upload.cancel' })} />
      ) : (
        <FileDropZone
          label={upload}
          accept={DOCUMENT_ACCEPT}
          disabled={!idle || atLimit}
          hint={
            atLimit
              ? limitMessage[kind]
              : `PDF or Word (.docx), up to 5 MB; drop a file here or choose one. You have ${documents.length} of ${MAX_DOCUMENTS_PER_KIND}.`
          }
          error={error}
          onFiles={(files) => actor.send({ type: 'upload.choose', kind, files })}
        />
      )}
    </section>
  );
}

function ConfirmDelete({ actor }: { actor: Actor }) {
  const open = useSelector(actor, selectConfirming);
  const removing = useSelector(actor, (s) => s.context.removing);
  const deleting = useSelector(actor, (s) => s.matches({ ready: 'deleting' }));
  const cancel = () => {
    if (!deleting) actor.send({ type: 'delete.cancel' });
  };
  return (
    <Modal open={open && removing !== null} onClose={cancel} title={`Delete this ${removing ? sections[removing.kind].one : 'document'}?`}>
      <p>{removing && DocumentMessages.confirmDelete(removing.document.name)}</p>
      <div className="mt-2 flex justify-end gap-1">
        <Button variant="secondary" onClick={cancel} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" busy={deleting} onClick={() => actor.send({ type: 'delete.confirm' })}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}

/** The job seeker's résumés and cover letters: each listed with Download and Delete, and a place to upload another. */
export function DocumentsManager({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? documentsMachine, snapshot ? { snapshot } : {});
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const pageError = useSelector(actor, selectPageError);
  const message = useSelector(actor, (s) => s.context.message);

  useEffect(() => {
    const sub = actor.on('document.save', ({ file }) => saveFile(file.blob, file.filename));
    return () => sub.unsubscribe();
  }, [actor]);

  if (loading) return <Loading label={DocumentMessages.loading} />;
  if (loadFailed) return <LoadFailed message={DocumentMessages.loadFailed} onRetry={() => actor.send({ type: 'documents.retry' })} />;

  return (
    <div className="flex flex-col gap-2">
      {pageError && <Alert tone="error">{pageError}</Alert>}
      {message && <Alert tone="success">{message}</Alert>}
      <DocumentSection actor={actor} kind={DocumentType.Resume} />
      <DocumentSection actor={actor} kind={DocumentType.CoverLetter} />
      <ConfirmDelete actor={actor} />
    </div>
  );
}

/** /user/settings/documents. */
export default function DocumentsPage({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  return (
    <JobSeekerSettings
      title="Documents"
      intro="The résumés and cover letters you apply with. Employers see the ones you send with an application."
    >
      <DocumentsManager logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
