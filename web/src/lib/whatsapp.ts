/**
 * WhatsApp links (docs/product.md#the-days-visits): links only, `https://wa.me/<number>?text=…`;
 * nothing is sent by the shop. The one helper for every wa.me link of the web app.
 */

/**
 * `https://wa.me/<digits>` for a phone number as people write it: an Indian 10-digit mobile
 * ("98430 12345", "+91 98430 12345", "098430 12345") gets the country code 91; a number
 * already in international form (11 to 15 digits after dropping a leading 0 or +) keeps its
 * digits. `text` (optional) is prefilled, URL-encoded. Returns null when `phone` holds no such
 * number, so a caller shows no link rather than a broken one.
 */
export function whatsappLink(phone: string, text?: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 10) digits = `91${digits}`;
  if (digits.length < 11 || digits.length > 15) return null;
  return text ? withWhatsappText(`https://wa.me/${digits}`, text) : `https://wa.me/${digits}`;
}

/** A wa.me link (such as the shop's `whatsappHref` from shop-info) with `text` prefilled, replacing any earlier text. */
export function withWhatsappText(whatsappHref: string, text: string): string {
  const url = new URL(whatsappHref);
  url.searchParams.set('text', text);
  return url.toString();
}

/**
 * `tel:` link for a phone number as people write it: an Indian 10-digit mobile, also with the
 * trunk 0 ("098430 12345"), gets +91; other numbers keep their digits after a `+`. Null when
 * there are no digits.
 */
export function telLink(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.length === 10 ? `tel:+91${digits}` : `tel:+${digits}`;
}

/** `https://www.google.com/maps/search/?api=1&query=<address>`: a map search for a written address. */
export function mapSearchLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
