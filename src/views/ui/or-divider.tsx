/** A rule with "or" in the middle, between a form and its alternatives. */
export function OrDivider() {
  return (
    <div className="my-2 flex items-center gap-1 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
