import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ApplicationDocument } from '../../contract/applicants.ts';
import { documentPreviewMachine, selectPanel } from '../../machines/applicants/document-preview.machine.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

type Logic = typeof documentPreviewMachine;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The document's words as a page of their own. The frame is sandboxed with no permission at all
 * and the page allows nothing but its own style, so whatever the document holds stays text.
 */
export function previewPage(text: string, dark: boolean): string {
  const [ink, paper] = dark ? ['#e8efeb', '#1b231f'] : ['#1b2420', '#f6f8f7'];
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<style>body{margin:12px;font:14px/1.5 system-ui,sans-serif;color:${ink};background:${paper};white-space:pre-wrap;overflow-wrap:anywhere}</style>`,
    `</head><body>${escapeHtml(text)}</body></html>`,
  ].join('');
}

export interface DocumentPreviewProps {
  doc: ApplicationDocument;
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

/** "Preview" beside a document's download: its text in a sandboxed frame, read when first asked for. */
export function DocumentPreviewToggle({ doc, logic, snapshot }: DocumentPreviewProps) {
  const input = { documentId: doc.id };
  const actor = useActorRef(logic ?? documentPreviewMachine, snapshot ? { snapshot, input } : { input });
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const state = useSelector(actor, selectPanel);
  const preview = useSelector(actor, (s) => s.context.preview);
  const panelId = useId();
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="self-start rounded border border-line px-1 py-0.5 text-sm font-semibold"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => actor.send({ type: open ? 'preview.close' : 'preview.open' })}
      >
        {open ? 'Hide preview' : 'Preview'}
      </button>
      {open && (
        <div id={panelId}>
          {state === 'loading' && <Loading label={`Reading ${doc.name}…`} />}
          {state === 'failed' && (
            <LoadFailed message={`${doc.name} could not be read for a preview.`} onRetry={() => actor.send({ type: 'preview.retry' })} />
          )}
          {state === 'shown' &&
            preview &&
            (preview.text.trim() ? (
              <>
                <iframe
                  title={`Preview of ${doc.name}`}
                  sandbox=""
                  referrerPolicy="no-referrer"
                  srcDoc={previewPage(preview.text, dark)}
                  className="h-96 w-full rounded border border-line"
                />
                {!preview.complete && (
                  <p className="text-sm text-muted">The preview shows the first pages only. Download the document to read all of it.</p>
                )}
              </>
            ) : (
              <p className="text-sm text-muted">
                This document has no text to preview (it may be a scanned image). Download it to read it.
              </p>
            ))}
        </div>
      )}
    </div>
  );
}
