import { useEffect } from 'react';

/** Sets `document.title` to '{title} · Thaiyal' (or 'Thaiyal' alone) while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Thaiyal` : 'Thaiyal';
  }, [title]);
}
