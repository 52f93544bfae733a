import { Button } from './button.tsx';

/** Previous and Next around "Page 1 of 3": the pager of the company's lists. */
export function PageSteps({
  page,
  pages,
  disabled,
  onPage,
}: {
  page: number;
  pages: number;
  disabled: boolean;
  onPage: (p: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-1.5">
      <Button variant="ghost" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span> Previous
      </Button>
      <span className="text-sm" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="ghost" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        Next <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
