import { formatRupeesExact, formatShopDay, formatShopTime, formatVisitDate, type Language, type ShopInfo } from '@thaiyal/contract';
import type { TrackedOrder } from './share-link.js';
import { STEP_NAMES } from './timeline.mail.js';

/**
 * The tracking page (docs/product.md#sharing-an-orders-progress): a small HTML page drawn on the
 * server in the shop's colours, in English or Tamil, with no script and nothing personal
 * (docs/security.md#tracking-links). Not the web app's React pages: whoever opens a shared link
 * reads one order, on any phone, without the app's code.
 */

/** The page's words in each language. */
const TEXT = {
  en: {
    title: (order: string) => `Order ${order} · Thaiyal`,
    heading: (order: string) => `Order ${order}`,
    intro: 'The progress of a Thaiyal tailoring order, shared by the customer.',
    garments: 'Garments',
    quantity: (n: number) => `Quantity: ${n}`,
    timeline: 'Progress',
    visits: 'Visits',
    noVisits: 'No visit booked yet.',
    kinds: { measure: 'Measuring', trial: 'Trial', delivery: 'Delivery', alteration: 'Alteration pickup' },
    readyBy: 'Ready by',
    total: 'Total',
    endedTitle: 'This tracking link has ended · Thaiyal',
    endedHeading: 'This tracking link has ended',
    endedBody:
      'The link was stopped by the customer, replaced by a newer one, or the order was delivered or cancelled more than 30 days ago.',
    ask: 'To ask about an order, call or message the shop:',
    other: 'தமிழில் படிக்க',
    call: 'Call',
  },
  ta: {
    title: (order: string) => `ஆர்டர் ${order} · தையல்`,
    heading: (order: string) => `ஆர்டர் ${order}`,
    intro: 'வாடிக்கையாளர் பகிர்ந்த தையல் ஆர்டரின் முன்னேற்றம்.',
    garments: 'ஆடைகள்',
    quantity: (n: number) => `எண்ணிக்கை: ${n}`,
    timeline: 'முன்னேற்றம்',
    visits: 'வருகைகள்',
    noVisits: 'இன்னும் வருகை எதுவும் பதிவு செய்யப்படவில்லை.',
    kinds: { measure: 'அளவெடுப்பு', trial: 'டிரயல்', delivery: 'டெலிவரி', alteration: 'ஆடை மாற்ற எடுப்பு' },
    readyBy: 'தயாராகும் நாள்',
    total: 'மொத்தம்',
    endedTitle: 'இந்த கண்காணிப்பு இணைப்பு முடிந்தது · தையல்',
    endedHeading: 'இந்த கண்காணிப்பு இணைப்பு முடிந்தது',
    endedBody:
      'வாடிக்கையாளர் பகிர்வை நிறுத்தியிருக்கலாம், புதிய இணைப்பு அனுப்பியிருக்கலாம், அல்லது ஆர்டர் டெலிவரி அல்லது ரத்து ஆகி 30 நாட்களுக்கு மேல் ஆகியிருக்கலாம்.',
    ask: 'ஆர்டர் பற்றிக் கேட்க கடையை அழைக்கவும் அல்லது செய்தி அனுப்பவும்:',
    other: 'Read in English',
    call: 'அழைக்க',
  },
} as const;

/** The page's look: the shop's cream page, maroon and rose accents, system fonts, 44 px targets. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#fffbeb;color:#1c1917;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Tamil',Latha,Arial,sans-serif;line-height:1.5;overflow-wrap:anywhere}
header{background:#881337;color:#fff;padding:12px 16px;display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
header b{font-family:Georgia,'Noto Serif Tamil',serif;font-size:1.25rem}
main{max-width:40rem;margin:0 auto;padding:16px}
h1{font-family:Georgia,'Noto Serif Tamil',serif;color:#881337;font-size:1.5rem;margin:8px 0}
h2{font-size:1.1rem;color:#881337;margin:24px 0 8px}
section{background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:12px 16px;margin:12px 0}
ul{list-style:none;margin:0;padding:0}
li{padding:8px 0;border-bottom:1px solid #f5f5f4}
li:last-child{border-bottom:0}
.garment{display:flex;gap:12px;align-items:center}
.garment img{width:72px;height:96px;object-fit:cover;border-radius:8px;background:#f3ece4;flex:none}
.muted{color:#57534e;font-size:.9rem}
a{color:#9f1239}
a.button,header a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 16px;border-radius:999px;text-decoration:none}
header a{color:#fff;border:1px solid #fecdd3}
a.button{background:#be123c;color:#fff;margin:8px 8px 0 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0}
dt{color:#57534e}dd{margin:0;font-weight:600}
`;

/** `text` safe inside HTML text and double-quoted attributes. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The whole document around `body`: noindex, the language switch to the other language (`?lang=`). */
function documentOf(language: Language, title: string, body: string): string {
  const other: Language = language === 'en' ? 'ta' : 'en';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><b>${language === 'en' ? 'Thaiyal' : 'தையல்'}</b><a href="?lang=${other}" lang="${other}" hreflang="${other}">${TEXT[language].other}</a></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** The shop's phone and WhatsApp as two buttons. */
function contactButtons(language: Language, shop: Pick<ShopInfo, 'phone' | 'phoneHref' | 'whatsappHref'>): string {
  return `<p><a class="button" href="${escapeHtml(shop.whatsappHref)}">WhatsApp</a><a class="button" href="${escapeHtml(shop.phoneHref)}">${
    TEXT[language].call
  } ${escapeHtml(shop.phone)}</a></p>`;
}

/** The order's garments: product picture, name in `language` (the English one where it has no Tamil), quantity. */
function garmentList(order: TrackedOrder, language: Language): string {
  const items = order.items.map((item) => {
    const name = language === 'ta' && item.nameTa ? item.nameTa : item.name;
    return `<li class="garment"><img src="${escapeHtml(item.image)}" alt="${escapeHtml(name)}" width="72" height="96" loading="lazy"><div><div>${escapeHtml(
      name,
    )}</div><div class="muted">${TEXT[language].quantity(item.quantity)}</div></div></li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

/**
 * The page of a tracked order in `language`: its number, garments with their pictures, the
 * timeline with times, the visits (kind, day, slot), the ready-by date and the total
 * (docs/product.md#sharing-an-orders-progress). Nothing else of the order is given to it.
 */
export function trackPageHtml(order: TrackedOrder, language: Language): string {
  const text = TEXT[language];
  const steps = order.timeline.map(
    (step) =>
      `<li>${escapeHtml(STEP_NAMES[step.status][language])}<div class="muted">${escapeHtml(formatShopTime(step.at, language))}</div></li>`,
  );
  const visits = order.appointments.map(
    (visit) =>
      `<li>${text.kinds[visit.kind]}<div class="muted">${escapeHtml(formatVisitDate(visit.date, language))}${
        visit.label ? `, ${escapeHtml(visit.label)}` : ''
      }</div></li>`,
  );
  const readyBy = order.readyBy
    ? `<dt>${text.readyBy}</dt><dd>${escapeHtml(formatShopDay(order.readyBy, language, { day: 'numeric', month: 'short', year: 'numeric' }))}</dd>`
    : '';
  const body = `<h1>${escapeHtml(text.heading(order.orderNumber))}</h1>
<p class="muted">${text.intro}</p>
<section><dl><dt>${text.total}</dt><dd>${escapeHtml(formatRupeesExact(order.total))}</dd>${readyBy}</dl></section>
<h2>${text.garments}</h2><section>${garmentList(order, language)}</section>
<h2>${text.timeline}</h2><section><ul>${steps.join('')}</ul></section>
<h2>${text.visits}</h2><section>${visits.length ? `<ul>${visits.join('')}</ul>` : `<p class="muted">${text.noVisits}</p>`}</section>`;
  return documentOf(language, text.title(order.orderNumber), body);
}

/**
 * The page of a link that opens nothing (docs/product.md#sharing-an-orders-progress): it says the
 * link has ended and offers the shop's WhatsApp and phone, in `language`. The same for a stopped,
 * replaced, expired, unknown or malformed link, so none can be told from another.
 */
export function trackEndedHtml(language: Language, shop: Pick<ShopInfo, 'phone' | 'phoneHref' | 'whatsappHref'>): string {
  const text = TEXT[language];
  const body = `<h1>${text.endedHeading}</h1>
<section><p>${text.endedBody}</p><p>${text.ask}</p>${contactButtons(language, shop)}</section>`;
  return documentOf(language, text.endedTitle, body);
}
