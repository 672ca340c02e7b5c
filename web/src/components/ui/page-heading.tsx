import type { ReactNode } from 'react';

/** The one `<h1>` of a page, in the shop's serif heading style. */
export function PageHeading({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="mb-4 space-y-1 sm:mb-6">
      <h1 className="font-serif text-2xl font-semibold wrap-break-word text-rose-950 sm:text-3xl">{children}</h1>
      {sub && <p className="text-stone-600">{sub}</p>}
    </div>
  );
}
