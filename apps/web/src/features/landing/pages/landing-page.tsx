import { BookOpen, Compass, Flame, Headphones, Users, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { SIGN_IN_ROUTE } from "@shepherd/shared/redirects";
import { useDocumentTitle } from "@/lib/document-title";
import { DawnOverPasture, TodaySketch } from "../components/illustrations";

/** /auth?from=onboarding opens the Sign Up tab ("Create Your Account"); plain /auth opens Sign In. */
const SIGN_UP = SIGN_IN_ROUTE;
const SIGN_IN = "/auth";

/** The daily rhythm, as the app does it today (nothing here is promised that is not built). */
const RHYTHM: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Headphones,
    title: "Read, or listen",
    text: "Each morning a devotional for the day: a passage of Scripture, a short reading, a question to reflect on and a prayer. Tap Listen and it is read aloud to you.",
  },
  {
    icon: Flame,
    title: "Check in and keep your streak",
    text: "Mark the day complete and check in: how close you walked with God, how you are, what you are working on. Your streak counts the days in a row you showed up.",
  },
  {
    icon: Compass,
    title: "Walk The Path",
    text: "Plans that take you through Scripture one day at a time, on marriage, fatherhood, work, prayer and more. Follow one alone or with your flock; with Premium, write your own.",
  },
  {
    icon: BookOpen,
    title: "Open The Word",
    text: "The whole Bible in the World English Bible or the King James Version: search it, highlight, bookmark and keep notes, and share the verse of the day.",
  },
  {
    icon: Users,
    title: "Gather your flock",
    text: "Invite a few brothers into your flock to share reflections and pray for each other, and meet the wider brotherhood in The Pasture, with its posts and prayer requests.",
  },
];

const primaryLink =
  "inline-flex min-h-12 items-center justify-center rounded-lg bg-pasture-700 px-6 text-base font-semibold text-white hover:bg-pasture-800";
const secondaryLink =
  "inline-flex min-h-12 items-center justify-center rounded-lg border border-stone-300 bg-white px-6 text-base font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800";

/** `/` for a signed-out visitor: what Shepherd is, the morning it gives him, and the way in. */
export function LandingPage() {
  useDocumentTitle("A daily devotional for Christian men");
  return (
    <>
      <main id="main" className="mx-auto w-full max-w-6xl px-[16px] pt-8 pb-16 lg:px-8 lg:pt-14">
        <section aria-labelledby="landing-title" className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2">
          <div className="space-y-6">
            <p className="text-sm font-semibold uppercase tracking-wider text-pasture-700 dark:text-gold-300">
              A daily companion for Christian men
            </p>
            <h1
              id="landing-title"
              tabIndex={-1}
              className="font-serif text-4xl leading-tight font-semibold text-balance text-pasture-900 sm:text-5xl dark:text-stone-50"
            >
              Lead with love. Guide with grace.
            </h1>
            <p className="max-w-prose text-lg text-stone-700 dark:text-stone-300">
              Shepherd gives your morning a shape: a devotional to read or hear, a moment to check in with God, a plan through
              Scripture, the Bible itself, and brothers who pray with you.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to={SIGN_UP} className={primaryLink}>
                Sign Up
              </Link>
              <Link to={SIGN_IN} className={secondaryLink}>
                Sign in
              </Link>
            </div>
            <p className="text-sm text-stone-600 dark:text-stone-400">Free to begin. Premium lifts the monthly limits.</p>
          </div>
          <DawnOverPasture className="h-auto w-full" />
        </section>

        <section aria-labelledby="rhythm-title" className="mt-20 grid grid-cols-1 items-start gap-10 lg:grid-cols-[1fr_20rem]">
          <div>
            <h2 id="rhythm-title" className="font-serif text-3xl font-semibold text-pasture-900 dark:text-stone-50">
              Your daily rhythm
            </h2>
            <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">
              A few quiet minutes before the day takes hold, and a place to come back to.
            </p>
            <ol className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2">
              {RHYTHM.map(({ icon: Icon, title, text }) => (
                <li
                  key={title}
                  className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900"
                >
                  <span className="mb-3 inline-flex h-10 w-10 items-center justify-center rounded-full bg-pasture-100 text-pasture-700 dark:bg-stone-800 dark:text-gold-300">
                    <Icon aria-hidden="true" className="h-5 w-5" />
                  </span>
                  <h3 className="font-semibold text-pasture-900 dark:text-stone-50">{title}</h3>
                  <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{text}</p>
                </li>
              ))}
            </ol>
            <p className="mt-6 max-w-prose text-stone-700 dark:text-stone-300">
              Along the way, a private journal for what you are learning, and a word of encouragement from The Shepherd when you
              need one.
            </p>
          </div>
          <TodaySketch className="lg:sticky lg:top-24" />
        </section>

        <section
          aria-labelledby="begin-title"
          className="mt-20 rounded-3xl bg-gradient-to-br from-pasture-800 to-pasture-600 px-6 py-10 text-center text-parchment dark:from-pasture-900 dark:to-pasture-700"
        >
          <h2 id="begin-title" className="font-serif text-3xl font-semibold">
            Begin tomorrow morning
          </h2>
          <p className="mx-auto mt-2 max-w-prose">
            Create your account, choose what you want to grow in, and your first devotional is waiting.
          </p>
          <Link
            to={SIGN_UP}
            className="mt-6 inline-flex min-h-12 items-center justify-center rounded-lg bg-gold-400 px-6 text-base font-semibold text-pasture-900 hover:bg-gold-500"
          >
            Sign Up
          </Link>
        </section>
      </main>
      <footer className="border-t border-stone-200 px-4 py-6 text-center text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
        <Link className="underline" to="/terms">
          Terms
        </Link>
        <span aria-hidden="true"> · </span>
        <Link className="underline" to="/privacy">
          Privacy Policy
        </Link>
      </footer>
    </>
  );
}
