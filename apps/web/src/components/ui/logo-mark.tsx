/**
 * Shepherd's mark (public/logo.svg, which stays the favicon and the manifest's icon) drawn in the page: an <img> of the
 * file would be a request and a document of its own for the browser to parse, on every cold load (issue 14). Always
 * beside the name, so hidden from screen readers. index.html's frame draws the same (logo-mark.test.tsx keeps the three
 * alike).
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="#1f3a2e" />
      <path
        d="M36 12c7 0 12 5 12 11 0 5-3 8-7 8-3 0-5-2-5-5"
        fill="none"
        stroke="#e8c872"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M36 12v40" stroke="#e8c872" strokeWidth="4" strokeLinecap="round" />
      <path d="M18 44c2-6 7-9 12-9" fill="none" stroke="#f5efe0" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
