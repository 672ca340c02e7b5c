import type { ReactNode } from 'react';

/**
 * A short centred status line: 'Please wait...' while busy (announced politely to screen
 * readers), or an empty-state text such as 'No products found'.
 */
export function StatusMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <p role="status" aria-busy={busy || undefined} className="rounded-xl bg-white/60 px-4 py-10 text-center text-stone-600">
      {children}
    </p>
  );
}
