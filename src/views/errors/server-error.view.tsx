export function ServerErrorView({ supportEmail }: { supportEmail: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-2 px-2 py-6 text-center" aria-labelledby="se-title">
      <h1 id="se-title" className="text-3xl font-extrabold text-danger">
        ERROR_500: Something went wrong!
      </h1>
      <h2 className="text-xl font-semibold">Sorry, It&apos;s not you. It&apos;s us</h2>
      <p className="text-muted">
        Something went wrong! We are fixing the problem. Please try after sometime or contact{' '}
        <a href={`mailto:${supportEmail}`} className="font-semibold underline">
          {supportEmail}
        </a>
      </p>
      <p className="font-semibold">Will be back soon</p>
    </section>
  );
}
