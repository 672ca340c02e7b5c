import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BannerListResponseSchema, BannerResponseSchema, LIMITS } from '@thaiyal/contract';
import { banners } from '../../db/schema/index.js';
import { createTestContext, createUser, type TestContext, type TestUser } from '../../../test/harness.js';
import { multipartBody, uploadedFiles, type TestFile } from '../../../test/admin-support.js';

// docs/product.md#home (the banner's text over its picture), docs/product.md#validation
// (Banner form), docs/product.md#limits.

let context: TestContext;
let admin: TestUser;
let picture: TestFile;

beforeAll(async () => {
  context = await createTestContext();
  admin = await createUser(context, { role: 'admin' });
  const data = await sharp({ create: { width: 800, height: 350, channels: 3, background: '#7a1f2b' } })
    .png()
    .toBuffer();
  picture = { field: 'image', filename: 'banner.png', type: 'image/png', data };
});

afterAll(async () => {
  await context?.close();
});

async function postBanner(fields: Record<string, string | string[]>, files: TestFile[] = [picture]) {
  const { payload, headers } = await multipartBody(fields, files);
  return context.app.inject({ method: 'POST', url: '/api/banner', payload, headers: { ...headers, cookie: admin.cookie } });
}

async function listedBanners() {
  return BannerListResponseSchema.parse((await context.app.inject({ method: 'GET', url: '/api/banner' })).json()).banners;
}

describe('POST /api/banner with the text over the picture', () => {
  it('stores the headline and line in both languages, trimmed, and GET /api/banner answers them', async () => {
    const response = await postBanner({
      category: 'aari',
      headline: '  Bridal aari work  ',
      headlineTa: 'மணப்பெண் ஆரி வேலை',
      line: 'Zardosi, stones and mirror work for the big day',
      lineTa: 'முகூர்த்த நாளுக்கு ஜர்தோசி, கல், கண்ணாடி வேலை',
    });
    expect(response.statusCode).toBe(201);
    const { banner } = BannerResponseSchema.parse(response.json());
    expect(banner).toMatchObject({
      category: 'aari',
      headline: 'Bridal aari work',
      headlineTa: 'மணப்பெண் ஆரி வேலை',
      line: 'Zardosi, stones and mirror work for the big day',
      lineTa: 'முகூர்த்த நாளுக்கு ஜர்தோசி, கல், கண்ணாடி வேலை',
    });
    expect(await listedBanners()).toContainEqual(banner);
  });

  it('still takes just a category and a picture: every text is empty', async () => {
    const response = await postBanner({ category: 'custom' });
    expect(response.statusCode).toBe(201);
    const { banner } = BannerResponseSchema.parse(response.json());
    expect(banner).toMatchObject({ headline: '', headlineTa: '', line: '', lineTa: '' });
    expect(await listedBanners()).toContainEqual(banner);
  });

  it('keeps a text at its limits, counted in characters (Tamil included)', async () => {
    const headlineTa = 'அ'.repeat(LIMITS.maxBannerHeadlineLength);
    const lineTa = 'ஆ'.repeat(LIMITS.maxBannerLineLength);
    const response = await postBanner({ category: 'blowse', headlineTa, lineTa });
    expect(response.statusCode).toBe(201);
    expect(BannerResponseSchema.parse(response.json()).banner).toMatchObject({ headline: '', headlineTa, line: '', lineTa });
  });

  // docs/product.md#home: a banner may lead to any product category or the featured page too.
  it.each(['kids-dress-pattupavadai', 'nightwear', 'featured'])(
    'takes %s as where the banner leads, and GET /api/banner answers it',
    async (category) => {
      const response = await postBanner({ category });
      expect(response.statusCode).toBe(201);
      const { banner } = BannerResponseSchema.parse(response.json());
      expect(banner.category).toBe(category);
      expect(await listedBanners()).toContainEqual(banner);
    },
  );

  it.each(['pattupavadai', 'FEATURED', ''])('refuses %j as where a banner leads (400, nothing stored)', async (category) => {
    const rowsBefore = await context.database.db.select().from(banners);
    const response = await postBanner({ category });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('category');
    expect(await context.database.db.select().from(banners)).toEqual(rowsBefore);
  });

  describe('bad text is a 400 that names the field and stores nothing', () => {
    const tooLongHeadline = 'x'.repeat(LIMITS.maxBannerHeadlineLength + 1);
    const tooLongLine = 'y'.repeat(LIMITS.maxBannerLineLength + 1);
    it.each<{ label: string; fields: Record<string, string | string[]>; fileAsHeadline?: boolean; field: string }>([
      { label: 'a headline over the limit', fields: { category: 'aari', headline: tooLongHeadline }, field: 'headline' },
      {
        label: 'a Tamil headline over the limit',
        fields: { category: 'aari', headlineTa: 'ம'.repeat(LIMITS.maxBannerHeadlineLength + 1) },
        field: 'headlineTa',
      },
      { label: 'a line over the limit', fields: { category: 'aari', line: tooLongLine }, field: 'line' },
      {
        label: 'a Tamil line over the limit',
        fields: { category: 'aari', lineTa: 'ல'.repeat(LIMITS.maxBannerLineLength + 1) },
        field: 'lineTa',
      },
      { label: 'a headline sent twice (a list, not a text)', fields: { category: 'aari', headline: ['One', 'Two'] }, field: 'headline' },
      { label: 'a Tamil line sent twice', fields: { category: 'aari', lineTa: ['ஒன்று', 'இரண்டு'] }, field: 'lineTa' },
      { label: 'an unknown text field', fields: { category: 'aari', subline: 'Made to measure' }, field: '' },
      {
        label: 'a file instead of the headline',
        fields: { category: 'aari' },
        fileAsHeadline: true,
        field: 'a file in a field',
      },
    ])('$label', async ({ fields, fileAsHeadline, field }) => {
      const before = uploadedFiles(context);
      const rowsBefore = await context.database.db.select().from(banners);
      const headlineFile: TestFile = { field: 'headline', filename: 'h.txt', type: 'text/plain', data: Buffer.from('Bridal') };
      const response = await postBanner(fields, fileAsHeadline ? [picture, headlineFile] : [picture]);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ message: string }>();
      expect(body.message).toEqual(expect.any(String));
      if (field) expect(body.message).toContain(field);
      expect(uploadedFiles(context)).toEqual(before);
      expect(await context.database.db.select().from(banners)).toEqual(rowsBefore);
    });
  });
});
