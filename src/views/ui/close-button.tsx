/** The × of a dialog or a panel, named by what it closes. */
export function CloseButton({ onClick, label = 'Close' }: { onClick: () => void; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded p-0.5 text-muted hover:bg-black/5 hover:text-ink dark:hover:bg-white/10"
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
        <path d="M5.3 4.3a1 1 0 0 0-1 1.4L8.6 10l-4.3 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.7 4.3a1 1 0 0 0-.4-.1z" />
      </svg>
    </button>
  );
}
