/** Text that may carry a Tamil version beside the English: a product, a cart line, a temporary order line. */
interface NamedItem {
  name: string;
  /** The Tamil name, '' or absent when the shop wrote none. */
  nameTa?: string | undefined;
}

interface DescribedItem {
  description: string;
  /** The Tamil description, '' or absent when the shop wrote none. */
  descriptionTa?: string | undefined;
}

/**
 * A product's name in the page's language (docs/product.md#languages): the Tamil name on a
 * Tamil page when the shop wrote one, else the English name.
 * @param language the page's language code (`i18n.language`: 'en' or 'ta').
 */
export function productName(item: NamedItem, language: string | undefined): string {
  return language === 'ta' && item.nameTa?.trim() ? item.nameTa : item.name;
}

/** A product's description in the page's language, as {@link productName} picks the name. */
export function productDescription(item: DescribedItem, language: string | undefined): string {
  return language === 'ta' && item.descriptionTa?.trim() ? item.descriptionTa : item.description;
}
