import { waitForMail } from '../support/mail.js';
import { SHOP_EMAIL } from '../support/shop.js';
import { expect, test } from '../support/test.js';

/**
 * Information pages, contact, Tamil and share previews (docs/product.md#contact): the contact form reaches the
 * shop's mailbox, the contact points come from the shop's configuration, Tamil is remembered
 * with `<html lang>`, and a plain HTTP GET of a product link carries its preview tags.
 */

interface ApiProduct {
  _id: string;
  name: string;
  category: string;
  images: string[];
}

test('the contact form sends a message that reaches the shop, then resets', async ({ page }) => {
  const marker = `Fitting question ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Your name', { exact: true }).fill('Saranya');
  await page.getByLabel('E-mail', { exact: true }).fill('saranya@example.test');
  await page.getByLabel('Phone number', { exact: true }).fill('98430 55555');
  await page.getByLabel('Message', { exact: true }).fill(`${marker}: can you visit on Saturday?`);

  // Hold the answer a moment so 'Sending....' can be seen.
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending....' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Form Submitted Successfully' })).toBeVisible();
  await expect(page.getByLabel('Your name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  // docs/product.md#limits: the success text shows for 2 s, then the button is back.
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible({ timeout: 4000 });

  const mail = await waitForMail(SHOP_EMAIL, { match: (candidate) => candidate.text.includes(marker) });
  expect(mail.subject).toContain('New message from Saranya');
  expect(mail.text).toContain('saranya@example.test');
  expect(mail.text).toContain('98430 55555');
  expect(mail.text).toContain('தொடர்புப் படிவம் வழியாக எழுதியுள்ளார்');
});

test("the footer and the contact page link to the shop's configured contact points", async ({ page }) => {
  const info = (await (await page.request.get('/api/shop-info')).json()) as {
    phone: string;
    phoneHref: string;
    whatsappHref: string;
    emailHref: string;
    social: Array<{ href: string }>;
  };
  await page.goto('/contact');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', info.phoneHref);
  await expect(footer.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute('href', info.whatsappHref);
  await expect(footer.getByRole('link', { name: 'E-mail us' })).toHaveAttribute('href', info.emailHref);
  // The contact card's phone link (the seller's details below name the same number again).
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(info.phone.replace(/[+]/g, '\\+')) })
      .first(),
  ).toHaveAttribute('href', info.phoneHref);
  await expect(page.getByRole('region', { name: 'Seller details' }).getByRole('link', { name: info.phone }).first()).toHaveAttribute(
    'href',
    info.phoneHref,
  );
  for (const social of info.social) {
    await expect(footer.locator(`a[href="${social.href}"]`)).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('Tamil is chosen in the drawer, remembered, and sets <html lang>', async ({ page }) => {
  await page.goto('/delivery');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'தமிழ்' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByRole('heading', { level: 1, name: 'டெலிவரி தகவல்' })).toBeVisible();
  await expect(page.getByText(/பொள்ளாச்சியில் மட்டுமே/).first()).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByRole('heading', { level: 1, name: 'டெலிவரி தகவல்' })).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'அனுப்புங்கள்' })).toBeVisible();
  await expect(page.getByLabel('உங்கள் பெயர்', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'பட்டியைத் திற' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'EN' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
});

test('a plain HTTP GET of a product link carries its share preview', async ({ page, baseURL }) => {
  const { products } = (await (await page.request.get('/api/product')).json()) as { products: ApiProduct[] };
  const product = products.find((candidate) => candidate.images.length > 0)!;
  // No browser, no JavaScript: what WhatsApp's crawler sees.
  const response = await fetch(`${baseURL}/view/${product._id}/${product.category}`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(image).toBe(`${baseURL}${product.images[0]!.replace(/-\d+\.webp$/, '-640.jpg')}`);
  expect(html).toMatch(/<meta property="og:title" content="[^"]+ · Thaiyal"/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).toContain(`<meta property="og:url" content="${baseURL}/view/${product._id}/${product.category}" />`);
  const picture = await fetch(image!);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/jpeg');

  const category = await (await fetch(`${baseURL}/category/${product.category}`)).text();
  expect(category).toMatch(/<meta property="og:image" content="http[^"]+-640\.jpg"/);

  const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${baseURL}/view/${product._id}/${product.category}</loc>`);

  // The page itself still runs as the app.
  await page.goto(`/view/${product._id}/${product.category}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} · Thaiyal`);
});

test('the footer leads to the terms of sale, returns and FAQ, each naming the seller and the grievance officer', async ({ page }) => {
  const info = (await (await page.request.get('/api/shop-info')).json()) as {
    legalName: string;
    address: string;
    grievanceOfficer: { name: string; email: string; phoneHref: string };
  };
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [name, path, part] of [
    ['Terms of Sale', '/terms', 'Cancelling'],
    ['Returns, Refunds and Alterations', '/returns', 'Free alterations for 7 days'],
    ['Frequently Asked Questions', '/faq', 'How do I pay?'],
  ] as const) {
    await page.goto('/');
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
    const seller = page.getByRole('region', { name: 'Seller details' });
    await expect(seller.getByText(info.legalName, { exact: true })).toBeVisible();
    await expect(seller.getByText(info.address, { exact: true })).toBeVisible();
    await expect(seller.getByText(info.grievanceOfficer.name)).toBeVisible();
    await expect(seller.getByRole('link', { name: info.grievanceOfficer.email })).toHaveAttribute(
      'href',
      `mailto:${info.grievanceOfficer.email}`,
    );
  }
  // Rendered on the server: a plain GET carries the terms and the seller.
  const html = await (await page.request.get('/returns')).text();
  expect(html).toContain('Free alterations for 7 days');
  expect(html).toContain(info.legalName);
});
