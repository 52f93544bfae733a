import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-2 px-2 py-6 text-center" aria-labelledby="nf-title">
      <h1 id="nf-title" className="text-7xl font-extrabold text-brand-700 dark:text-brand-400">
        404
      </h1>
      <p className="text-xl font-semibold">It seems like you&apos;ve stumbled upon a page that doesn&apos;t exist!</p>
      <p className="text-muted">The page you&apos;re looking for might have been moved, deleted, or perhaps it never existed.</p>
      <p className="text-muted">Don&apos;t worry though, we&apos;re here to get you back on track!</p>
      <Link href="~/" className="mt-1 rounded bg-brand-700 px-2 py-1 font-semibold text-white no-underline hover:bg-brand-800">
        Go to the home page
      </Link>
    </section>
  );
}
