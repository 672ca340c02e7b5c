/**
 * The document's title for the page being shown: '{title} · Thaiyal', or 'Thaiyal' alone. A
 * React 19 `<title>`: React puts it into `<head>` wherever it is drawn, on the server as in
 * the browser, and the latest drawn wins.
 */
export function PageTitle({ title }: { title?: string | undefined }) {
  return <title>{title ? `${title} · Thaiyal` : 'Thaiyal'}</title>;
}
