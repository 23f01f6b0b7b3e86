import { useQuery } from "@tanstack/react-query";
import type { SiteInfo } from "@shepherd/shared/api";
import { Link } from "react-router";
import { api } from "@/lib/api";
import { privacyOf, termsOf, type LegalDoc, type Operator } from "../content";

/** Who runs this service (configuration on the server); the text reads plainly without it while it loads or if it fails. */
function useOperator(): Operator | undefined {
  const site = useQuery({
    queryKey: ["site"],
    queryFn: ({ signal }) => api<SiteInfo>("/api/site", { signal }),
    staleTime: Infinity,
  });
  if (!site.data) return undefined;
  return { name: site.data.operator_name, email: site.data.contact_email, jurisdiction: site.data.jurisdiction };
}

function LegalDocument({ doc }: { doc: LegalDoc }) {
  return (
    <article className="space-y-6">
      <header className="space-y-1">
        <h1 className="font-serif text-3xl font-semibold text-pasture-900 dark:text-stone-50">{doc.title}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">Last updated {doc.updated}</p>
      </header>
      <p className="text-stone-800 dark:text-stone-200">{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} className="space-y-2">
          <h2 className="text-lg font-semibold">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 60)} className="leading-relaxed text-stone-800 dark:text-stone-200">
              {p}
            </p>
          ))}
        </section>
      ))}
      <p className="text-sm">
        <Link to="/" className="underline">
          Back to Shepherd
        </Link>
      </p>
    </article>
  );
}

export function TermsPage() {
  return <LegalDocument doc={termsOf(useOperator())} />;
}

export function PrivacyPage() {
  return <LegalDocument doc={privacyOf(useOperator())} />;
}
