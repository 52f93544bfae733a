/** A small rounded label in a list (a skill), removable when given `onRemove`. */
export function Chip({ children, onRemove, removeLabel }: { children: string; onRemove?: () => void; removeLabel?: string }) {
  return (
    <li className="inline-flex items-center gap-0.5 rounded-full border border-line bg-surface-raised px-1 py-0.5 text-sm">
      {children}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="rounded-full px-0.5 leading-none text-muted hover:bg-black/5 hover:text-ink dark:hover:bg-white/10"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}
