/** The last-resort screen when even the application shell fails to render. */
export default function UnexpectedErrorView() {
  return (
    <main className="mx-auto max-w-2xl px-2 py-6">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-1 text-muted">
        Reload the page to try again. <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
