/** The body of a page whose area is not open yet: the route, navigation and guards are real. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-2 py-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        {title}
      </h1>
      {children}
      <p className="mt-2 text-muted">This part of the marketplace is coming soon.</p>
    </section>
  );
}

export default function ComingSoonPage({ title }: { title: string }) {
  return <ComingSoon title={title} />;
}
