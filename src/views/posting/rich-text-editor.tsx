import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { cleanRichText, linkOf } from './rich-text.ts';

/*
 * A small rich-text editor for job descriptions: a contentEditable region and a labelled toolbar of
 * toggle buttons for bold, italic, bulleted and numbered lists and links. The browser's editing
 * commands do the editing; what it writes is kept to those tags (rich-text.ts). Loaded lazily:
 * only the job details step needs it.
 */

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

interface Tool {
  command: Command | 'link';
  label: string;
  shortcut?: string;
  icon: ReactNode;
}

const tools: Tool[] = [
  { command: 'bold', label: 'Bold', shortcut: 'Ctrl+B', icon: <span className="font-bold">B</span> },
  { command: 'italic', label: 'Italic', shortcut: 'Ctrl+I', icon: <span className="font-serif italic">I</span> },
  {
    command: 'insertUnorderedList',
    label: 'Bulleted list',
    icon: (
      <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
        <circle cx="4" cy="5" r="1.5" />
        <circle cx="4" cy="10" r="1.5" />
        <circle cx="4" cy="15" r="1.5" />
        <rect x="8" y="4" width="10" height="2" rx="1" />
        <rect x="8" y="9" width="10" height="2" rx="1" />
        <rect x="8" y="14" width="10" height="2" rx="1" />
      </svg>
    ),
  },
  {
    command: 'insertOrderedList',
    label: 'Numbered list',
    icon: (
      <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
        <text x="1" y="7" fontSize="6" fontFamily="sans-serif">
          1
        </text>
        <text x="1" y="12" fontSize="6" fontFamily="sans-serif">
          2
        </text>
        <text x="1" y="17" fontSize="6" fontFamily="sans-serif">
          3
        </text>
        <rect x="8" y="4" width="10" height="2" rx="1" />
        <rect x="8" y="9" width="10" height="2" rx="1" />
        <rect x="8" y="14" width="10" height="2" rx="1" />
      </svg>
    ),
  },
  {
    command: 'link',
    label: 'Link',
    shortcut: 'Ctrl+K',
    icon: (
      <svg
        width="18"
        height="18"
        viewBox="0 0 20 20"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5L10 5" />
        <path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />
      </svg>
    ),
  },
];

/** The browser's editing commands, where it has them. */
function exec(command: string, value?: string): boolean {
  const doc = document as Document & { execCommand?: (c: string, ui?: boolean, v?: string) => boolean };
  return typeof doc.execCommand === 'function' ? doc.execCommand(command, false, value) : false;
}

function commandOn(command: Command): boolean {
  const doc = document as Document & { queryCommandState?: (c: string) => boolean };
  try {
    return typeof doc.queryCommandState === 'function' ? doc.queryCommandState(command) : false;
  } catch {
    return false;
  }
}

/** The link the selection is in, if any. */
function linkAtSelection(root: HTMLElement): HTMLAnchorElement | null {
  const node = window.getSelection()?.anchorNode ?? null;
  const el = node && (node.nodeType === 1 ? (node as Element) : node.parentElement);
  const a = el?.closest('a');
  return a && root.contains(a) ? (a as HTMLAnchorElement) : null;
}

export interface RichTextEditorProps {
  label: string;
  /** The description's markup. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown under the field, e.g. how many characters are used. */
  footer?: ReactNode;
  disabled?: boolean;
}

export default function RichTextEditor({ label, value, onChange, onBlur, error, hint, footer, disabled = false }: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const editorId = `${id}-editor`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const editor = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  /** The markup last sent up, so a value coming back down does not reset the caret. */
  const emitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [focusIndex, setFocusIndex] = useState(0);
  const [linking, setLinking] = useState<{ text: string; error: string | null } | null>(null);

  // A value from outside (loading, "Use this description") replaces what the editor shows.
  useLayoutEffect(() => {
    const el = editor.current;
    if (!el || value === emitted.current) return;
    el.innerHTML = value;
    emitted.current = value;
  }, [value]);

  const refresh = () => {
    const el = editor.current;
    if (!el) return;
    setActive({
      bold: commandOn('bold'),
      italic: commandOn('italic'),
      insertUnorderedList: commandOn('insertUnorderedList'),
      insertOrderedList: commandOn('insertOrderedList'),
      link: linkAtSelection(el) !== null,
    });
  };

  useEffect(() => {
    const onSelection = () => {
      if (editor.current?.contains(document.activeElement) || document.activeElement === editor.current) refresh();
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const emit = () => {
    const el = editor.current;
    if (!el) return;
    const html = cleanRichText(el.innerHTML);
    emitted.current = html;
    onChange(html);
  };

  const run = (command: Command) => {
    editor.current?.focus();
    exec(command);
    emit();
    refresh();
  };

  const saveSelection = () => {
    const sel = window.getSelection();
    savedRange.current = sel && sel.rangeCount > 0 && editor.current?.contains(sel.anchorNode) ? sel.getRangeAt(0).cloneRange() : null;
  };

  const restoreSelection = () => {
    const el = editor.current;
    if (!el) return;
    el.focus();
    const range = savedRange.current;
    const sel = window.getSelection();
    if (range && sel) {
      sel.removeAllRanges();
      sel.addRange(range);
    }
  };

  const startLink = () => {
    const el = editor.current;
    if (!el) return;
    // Inside a link, the button takes the link away.
    if (linkAtSelection(el)) {
      exec('unlink');
      emit();
      refresh();
      return;
    }
    saveSelection();
    setLinking({ text: '', error: null });
  };

  const addLink = () => {
    if (!linking) return;
    const href = linkOf(linking.text);
    if (!href) {
      setLinking({ ...linking, error: 'Please enter a web address (https) or an email address.' });
      return;
    }
    restoreSelection();
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed) {
      const text = href.replace(/^mailto:/, '');
      const a = document.createElement('a');
      a.href = href;
      a.textContent = text;
      if (!exec('insertHTML', a.outerHTML)) editor.current?.insertAdjacentHTML('beforeend', a.outerHTML);
    } else if (!exec('createLink', href)) {
      const range = sel.getRangeAt(0);
      const a = document.createElement('a');
      a.href = href;
      a.appendChild(range.extractContents());
      range.insertNode(a);
    }
    setLinking(null);
    emit();
    refresh();
  };

  const onEditorKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === 'b' || key === 'i') {
      e.preventDefault();
      run(key === 'b' ? 'bold' : 'italic');
    } else if (key === 'k') {
      e.preventDefault();
      startLink();
    } else if (key === 'u') {
      // Underline is not among the description's styles.
      e.preventDefault();
    }
  };

  // The toolbar is one tab stop; the arrow keys, Home and End move between its buttons.
  const onToolbarKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % tools.length,
      ArrowLeft: (i) => (i - 1 + tools.length) % tools.length,
      Home: () => 0,
      End: () => tools.length - 1,
    };
    const move = keys[e.key];
    if (!move) return;
    e.preventDefault();
    const next = move(focusIndex);
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-0.5">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div
        className={cx(
          'rounded border bg-surface focus-within:outline focus-within:outline-3 focus-within:outline-offset-1 focus-within:outline-brand-500',
          error ? 'border-danger' : 'border-line',
          disabled && 'opacity-60',
        )}
      >
        <div
          ref={toolbar}
          role="toolbar"
          aria-label={`${label} formatting`}
          aria-controls={editorId}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap gap-0.5 border-b border-line p-0.5"
        >
          {tools.map((tool, i) => (
            <button
              key={tool.command}
              type="button"
              tabIndex={i === focusIndex ? 0 : -1}
              disabled={disabled}
              aria-pressed={Boolean(active[tool.command])}
              aria-label={tool.label}
              title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
              // Keeps the editor's selection while the button is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onFocus={() => setFocusIndex(i)}
              onClick={() => (tool.command === 'link' ? startLink() : run(tool.command))}
              className={cx(
                'inline-flex size-4 items-center justify-center rounded text-ink hover:bg-black/5 dark:hover:bg-white/10',
                'focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500',
                active[tool.command] && 'bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-brand-100',
              )}
            >
              {tool.icon}
            </button>
          ))}
        </div>
        {linking && (
          <div role="group" aria-label="Add a link" className="flex flex-wrap items-end gap-1 border-b border-line p-1">
            <label className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm font-medium">
              Link address
              <input
                // Focus moves here when the link is asked for.
                autoFocus
                type="text"
                inputMode="url"
                value={linking.text}
                placeholder="https://example.com or jobs@example.com"
                aria-invalid={linking.error ? true : undefined}
                aria-describedby={linking.error ? `${id}-link-error` : undefined}
                onChange={(e) => setLinking({ text: e.target.value, error: null })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addLink();
                  } else if (e.key === 'Escape') {
                    e.preventDefault();
                    e.stopPropagation();
                    setLinking(null);
                    restoreSelection();
                  }
                }}
                className="min-h-4 rounded border border-line bg-surface px-1 py-0.5 font-normal"
              />
            </label>
            <Button variant="secondary" className="min-h-4 py-0.5" onClick={addLink}>
              Add link
            </Button>
            <Button
              variant="ghost"
              className="min-h-4 py-0.5"
              onClick={() => {
                setLinking(null);
                restoreSelection();
              }}
            >
              Cancel
            </Button>
            {linking.error && (
              <p id={`${id}-link-error`} role="alert" className="w-full text-sm text-danger">
                {linking.error}
              </p>
            )}
          </div>
        )}
        <div
          ref={editor}
          id={editorId}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={0}
          onFocus={() => exec('defaultParagraphSeparator', 'p')}
          onInput={emit}
          onBlur={() => {
            emit();
            onBlur?.();
          }}
          onKeyDown={onEditorKeyDown}
          onKeyUp={refresh}
          onMouseUp={refresh}
          onPaste={(e) => {
            // Pasted text keeps only what a description may hold.
            e.preventDefault();
            const html = e.clipboardData.getData('text/html');
            const text = e.clipboardData.getData('text/plain');
            const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
            const clean = html
              ? cleanRichText(html)
              : text
                  .split(/\n{2,}/)
                  .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
                  .join('');
            if (!exec('insertHTML', clean)) editor.current?.insertAdjacentHTML('beforeend', clean);
            emit();
          }}
          className={cx(
            'min-h-20 max-h-[60vh] overflow-y-auto px-1.5 py-1 text-base outline-none',
            '[&_a]:text-link [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-3 [&_p]:my-0.5 [&_ul]:list-disc [&_ul]:pl-3',
          )}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {footer}
      {error && (
        <p id={errorId} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
