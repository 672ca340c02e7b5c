import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatRupeesExact, formatShopDate, type Order } from '@thaiyal/contract';
import type { BillingConfig, ShopContactConfig } from '../../config.js';

/**
 * The bill as a PDF in English and Tamil (docs/product.md#the-bill), drawn by pdfkit, whose
 * font engine (fontkit) shapes Tamil through the font's OpenType tables: conjuncts, and vowel
 * signs placed before or around their consonant, come out as written. The font is Noto Sans
 * Tamil (SIL Open Font License 1.1), shipped by the `@fontsource/noto-sans-tamil` package in two
 * files: its Tamil part (with ₹) and its Latin part; each run of text is drawn with the part that
 * holds its letters.
 */

const require = createRequire(import.meta.url);
/** A Noto Sans Tamil file of the `@fontsource/noto-sans-tamil` package, read once. */
function fontFile(subset: 'tamil' | 'latin', weight: 400 | 700): Buffer {
  return readFileSync(require.resolve(`@fontsource/noto-sans-tamil/files/noto-sans-tamil-${subset}-${weight}-normal.woff`));
}
let fonts: Record<'ta' | 'la' | 'taBold' | 'laBold', Buffer> | undefined;
function loadFonts() {
  fonts ??= { ta: fontFile('tamil', 400), la: fontFile('latin', 400), taBold: fontFile('tamil', 700), laBold: fontFile('latin', 700) };
  return fonts;
}

/** Letters the Tamil file holds: the Tamil block, the joiners, the rupee sign. */
const TAMIL_FILE = /[\u0B80-\u0BFF\u20B9]|\u200C|\u200D/;

/** `text` cut into runs each drawn with one file: Tamil letters (spaces join the run they are in) and the rest. */
export function scriptRuns(text: string): { tamil: boolean; text: string }[] {
  const runs: { tamil: boolean; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const tamil = char === ' ' && last ? last.tamil : TAMIL_FILE.test(char);
    if (last && last.tamil === tamil) last.text += char;
    else runs.push({ tamil, text: char });
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;
interface Style {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right';
  color?: string;
}

/** The width of `text` in points, as {@link draw} would draw it. */
function widthOf(doc: Doc, text: string, style: Style): number {
  return scriptRuns(text).reduce(
    (sum, run) =>
      sum +
      doc
        .font(fontName(run.tamil, style))
        .fontSize(style.size ?? 10)
        .widthOfString(run.text),
    0,
  );
}

function fontName(tamil: boolean, style: Style): string {
  return `${tamil ? 'ta' : 'la'}${style.bold ? 'Bold' : ''}`;
}

/** Draw one line of `text` at `y`, starting at `x` (or ending at `x` when right-aligned), run by run. */
function draw(doc: Doc, text: string, x: number, y: number, style: Style = {}): void {
  let at = style.align === 'right' ? x - widthOf(doc, text, style) : x;
  doc.fillColor(style.color ?? '#1c1917');
  for (const run of scriptRuns(text)) {
    doc.font(fontName(run.tamil, style)).fontSize(style.size ?? 10);
    doc.text(run.text, at, y, { lineBreak: false });
    at += doc.widthOfString(run.text);
  }
}

/** `text` broken at spaces into lines no wider than `width` points. */
function wrap(doc: Doc, text: string, width: number, style: Style = {}): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(doc, next, style) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Everything a bill shows besides the order: the seller. */
export interface BillSeller {
  shop: Pick<ShopContactConfig, 'legalName' | 'address' | 'phone'>;
  billing: Pick<BillingConfig, 'gstin'>;
}

const LEFT = 48;
const RIGHT = 547;

/** The heading block: the seller, then the bill's number, date and order. */
function drawHead(doc: Doc, order: Omit<Order, 'customer'>, seller: BillSeller, billedAt: Date): number {
  draw(doc, 'Bill · பில்', LEFT, 48, { size: 20, bold: true, color: '#881337' });
  draw(doc, seller.shop.legalName, RIGHT, 50, { size: 12, bold: true, align: 'right' });
  let y = 68;
  for (const line of wrap(doc, seller.shop.address, 260)) {
    draw(doc, line, RIGHT, y, { align: 'right', size: 9 });
    y += 12;
  }
  draw(doc, seller.shop.phone, RIGHT, y, { align: 'right', size: 9 });
  if (seller.billing.gstin) draw(doc, `GSTIN ${seller.billing.gstin}`, RIGHT, (y += 12), { align: 'right', size: 9, bold: true });
  y = Math.max(y + 24, 110);
  draw(doc, `Bill number · பில் எண்: ${order.billNumber ?? ''}`, LEFT, y, { bold: true });
  draw(doc, `Date · தேதி: ${formatShopDate(billedAt, 'en')}`, LEFT, y + 14);
  draw(doc, `Order · ஆர்டர்: ${order.orderId}`, LEFT, y + 28);
  return y + 52;
}

/** The customer's name and address. */
function drawCustomer(doc: Doc, order: Omit<Order, 'customer'>, top: number): number {
  const { address } = order;
  draw(doc, 'Customer · வாடிக்கையாளர்', LEFT, top, { bold: true, size: 9, color: '#57534e' });
  let y = top + 14;
  draw(doc, address.name, LEFT, y, { bold: true });
  const parts = [address.doorNumber, address.street, address.landmark, address.city, address.state, address.pinCode]
    .filter(Boolean)
    .join(', ');
  for (const line of wrap(doc, parts, RIGHT - LEFT)) draw(doc, line, LEFT, (y += 13));
  draw(doc, address.phoneNumber, LEFT, (y += 13));
  return y + 26;
}

const COLUMNS = { qty: 350, each: 440, amount: RIGHT };

/**
 * One row per garment: its names in both languages, its HSN code where its category has one
 * (docs/product.md#hsn-codes) and the shop's note, how many, the final price each and the amount.
 */
function drawLines(doc: Doc, order: Omit<Order, 'customer'>, hsn: ReadonlyMap<string, string>, top: number): number {
  const head: Style = { bold: true, size: 9, color: '#57534e' };
  draw(doc, 'Garment · ஆடை', LEFT, top, head);
  draw(doc, 'Qty · எண்ணிக்கை', COLUMNS.qty, top, { ...head, align: 'right' });
  draw(doc, 'Each · ஒன்றுக்கு', COLUMNS.each, top, { ...head, align: 'right' });
  draw(doc, 'Amount · தொகை', COLUMNS.amount, top, { ...head, align: 'right' });
  doc
    .moveTo(LEFT, top + 14)
    .lineTo(RIGHT, top + 14)
    .strokeColor('#d6d3d1')
    .stroke();
  let y = top + 22;
  for (const item of order.items) {
    const each = item.finalPrice ?? item.price;
    draw(doc, item.name, LEFT, y, { bold: true });
    draw(doc, String(item.quantity), COLUMNS.qty, y, { align: 'right' });
    draw(doc, formatRupeesExact(each), COLUMNS.each, y, { align: 'right' });
    draw(doc, formatRupeesExact(each * item.quantity), COLUMNS.amount, y, { align: 'right' });
    if (item.nameTa) draw(doc, item.nameTa, LEFT, (y += 14));
    const code = item.productId === null ? undefined : hsn.get(item.productId);
    if (code) draw(doc, `HSN ${code}`, LEFT, (y += 13), { size: 9, color: '#57534e' });
    for (const line of item.priceNote ? wrap(doc, item.priceNote, 260, { size: 9 }) : [])
      draw(doc, line, LEFT, (y += 13), { size: 9, color: '#57534e' });
    y += 22;
  }
  doc
    .moveTo(LEFT, y - 6)
    .lineTo(RIGHT, y - 6)
    .strokeColor('#d6d3d1')
    .stroke();
  return y + 4;
}

/** The total, each payment, what was paid and what is owed. */
function drawMoney(doc: Doc, order: Omit<Order, 'customer'>, top: number): number {
  let y = top;
  const row = (label: string, amount: number, style: Style = {}) => {
    draw(doc, label, COLUMNS.each, y, { ...style, align: 'right' });
    draw(doc, formatRupeesExact(amount), COLUMNS.amount, y, { ...style, align: 'right' });
    y += 16;
  };
  row('Total · மொத்தம்', order.totalPrice, { bold: true, size: 12 });
  y += 6;
  for (const payment of order.payments ?? []) {
    const method = payment.method === 'cash' ? 'Cash · ரொக்கம்' : 'UPI';
    row(`${formatShopDate(payment.at, 'en')} ${method}${payment.reference ? ` ${payment.reference}` : ''}`, payment.amount);
  }
  row('Paid · செலுத்தியது', order.paid ?? 0, { bold: true });
  row('Balance · நிலுவை', order.balance ?? order.totalPrice, { bold: true });
  return y;
}

/**
 * The bill of a delivered order as PDF bytes (docs/product.md#the-bill): A4, the seller's legal
 * name, address, phone and (when set) GSTIN; the bill number, its date (`billedAt`, the shop's
 * calendar) and the order number; the customer's name and address from the order; each garment
 * in English and Tamil with its HSN code (`hsn`: product id → code, docs/product.md#hsn-codes), how
 * many, its final price each, the amount and the shop's note; the total, each payment, paid and
 * balance; and a thank-you in both languages.
 */
export async function renderBill(
  order: Omit<Order, 'customer'>,
  seller: BillSeller,
  billedAt: Date,
  hsn: ReadonlyMap<string, string> = new Map(),
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Bill ${order.billNumber ?? ''} · ${order.orderId}` } });
  const loaded = loadFonts();
  for (const [name, data] of Object.entries(loaded)) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  let y = drawHead(doc, order, seller, billedAt);
  y = drawCustomer(doc, order, y);
  y = drawLines(doc, order, hsn, y);
  y = drawMoney(doc, order, y);
  draw(doc, 'Thank you for stitching with us · எங்களிடம் தைத்ததற்கு நன்றி', LEFT, y + 24, { size: 11, color: '#881337' });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
