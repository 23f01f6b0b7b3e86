import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-serif text-5xl font-semibold text-pasture-700 dark:text-pasture-200">404</p>
      <h1 tabIndex={-1} className="font-serif text-2xl font-semibold">
        This page wandered off
      </h1>
      <p className="text-stone-700 dark:text-stone-300">
        We couldn't find the page you were looking for. Even so, the Good Shepherd knows where you are.
      </p>
      <Link
        to="/"
        className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
      >
        Go to Today
      </Link>
    </main>
  );
}
