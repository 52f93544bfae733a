import { cx } from '../ui/cx.ts';

/** Page numbers to show: all of a few, else the first, the last and those around the current one. */
export function pagesShown(page: number, count: number): Array<number | 'gap'> {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const around = [page - 1, page, page + 1].filter((p) => p > 1 && p < count);
  const out: Array<number | 'gap'> = [1];
  if (around[0]! > 2) out.push('gap');
  out.push(...around);
  if (around.at(-1)! < count - 1) out.push('gap');
  out.push(count);
  return out;
}

const button =
  'inline-flex min-h-4 min-w-4 items-center justify-center rounded px-1 text-sm font-medium hover:bg-black/5 focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-white/10';

/** Previous, the page numbers and Next; the current page is marked. */
export function Pager({
  page,
  count,
  label = 'Pages',
  disabled = false,
  onPage,
}: {
  page: number;
  count: number;
  label?: string;
  disabled?: boolean;
  onPage: (page: number) => void;
}) {
  if (count <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-0.5">
      <button type="button" className={button} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {pagesShown(page, count).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-0.5 text-muted">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => p !== page && onPage(p)}
            className={cx(button, p === page && 'bg-brand-700 text-white hover:bg-brand-700')}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={button} disabled={disabled || page >= count} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
