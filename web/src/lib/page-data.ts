import { PAGE_DATA_ELEMENT_ID } from '@thaiyal/contract/pages';

/**
 * The API answers the server put into this page (docs/architecture.md#rendering), in the
 * element whose id is the contract's `PAGE_DATA_ELEMENT_ID` (written by
 * server/src/modules/pages/template.ts `fillTemplate`), keyed by API path without `/api`
 * (e.g. `/banner` → `{banners}`), each the API's own body. Read once: the element is removed,
 * so later navigations fetch as usual. Missing or malformed data reads as `{}`.
 */
export function readPageData(doc: Document = document): Record<string, unknown> {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return {};
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
