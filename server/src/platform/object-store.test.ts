import { text } from 'node:stream/consumers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server.js';
import { openObjectStore, type ObjectStore } from './object-store.js';

let s3: LoopbackS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLoopbackS3();
  dir = mkdtempSync(join(tmpdir(), 'thaiyal-objects-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The same store contract, on files and on the loopback S3 server (docs/decisions/020-pictures-on-s3-compatible-storage.md). */
describe.each([
  ['file', () => openObjectStore(parseConfig({ DATA_DIR: dir }).storage)],
  ['s3', () => openObjectStore(parseConfig({ DATA_DIR: dir, STORAGE_URL: s3.storageUrl }).storage)],
])('object store on %s', (_kind, open: () => Promise<ObjectStore>) => {
  it('puts, gets, lists and deletes objects; a missing key is undefined, not an error', async () => {
    const store = await open();
    await store.put('products/abc-320.webp', Buffer.from('first'), 'image/webp');
    await store.put('banners/def-640.jpg', Buffer.from('second!'), 'image/jpeg');
    expect(await store.exists('products/abc-320.webp')).toBe(true);
    expect(await store.exists('products/nothing-320.webp')).toBe(false);
    const got = await store.get('banners/def-640.jpg');
    expect(got?.size).toBe(7);
    expect(got?.contentType).toBe('image/jpeg');
    expect(await text(got!.body)).toBe('second!');
    expect(await store.get('products/nothing-320.webp')).toBeUndefined();
    expect(await store.list()).toEqual([
      { key: 'banners/def-640.jpg', bytes: 7 },
      { key: 'products/abc-320.webp', bytes: 5 },
    ]);
    await store.delete('products/abc-320.webp');
    await store.delete('products/abc-320.webp');
    expect(await store.exists('products/abc-320.webp')).toBe(false);
    expect((await store.list()).map((object) => object.key)).toEqual(['banners/def-640.jpg']);
    await store.delete('banners/def-640.jpg');
  });

  it.each(['../secret', 'products/../x.webp', 'products/.hidden', '/abs/x.webp', 'noslash.webp', 'Products/A.webp'])(
    'refuses the key %j',
    async (key) => {
      await expect((await open()).put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a storage key/);
      await expect((await open()).get(key)).rejects.toThrow(/Not a storage key/);
    },
  );
});
