import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where the shop's pictures live (docs/decisions/020-pictures-on-s3-compatible-storage.md):
 * `DATA_DIR/uploads` (STORAGE_URL unset) or a bucket of any S3-compatible store.
 */
export type StorageConfig = FileStorageConfig | S3StorageConfig;

/** Files under a folder of the machine, today's `DATA_DIR/uploads`. */
export interface FileStorageConfig {
  kind: 'file';
  /** Absolute path of the folder the keys are paths under. */
  root: string;
}

/** A bucket of an S3-compatible store, from `STORAGE_URL` (config.ts `parseStorageUrl`). */
export interface S3StorageConfig {
  kind: 's3';
  /** `https://host[:port]` or `http://host[:port]`: the store's API endpoint. */
  endpoint: string;
  bucket: string;
  /** Prefix of every key inside the bucket, `''` or ending in `/` (e.g. `thaiyal/`). */
  prefix: string;
  /** Signing region (`auto` for Cloudflare R2, `us-east-1` for MinIO). */
  region: string;
  /** Bucket in the path (`host/bucket/key`, every store's common ground) rather than in the host name. */
  forcePathStyle: boolean;
  /** Access key and secret; undefined: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** One stored object as {@link ObjectStore.get} hands it over. */
export interface StoredObject {
  body: Readable;
  /** Bytes. */
  size: number;
  contentType: string;
  lastModified: Date | undefined;
  /** The store's entity tag, quoted as HTTP sends it; undefined for files (@fastify/static makes its own). */
  etag: string | undefined;
}

/**
 * A flat store of objects named by keys such as `products/3f9c0a1b2c3d4e5f-640.webp`: the
 * one place that knows whether pictures are files or S3 objects. Keys are made by the server
 * only ({@link isObjectKey}); a key outside that shape is refused with an Error, never used.
 */
export interface ObjectStore {
  /** Where the objects are, for messages (never the secret). */
  readonly description: string;
  /** The folder for file storage (served by @fastify/static), undefined for S3. */
  readonly localRoot: string | undefined;
  /** Write `data` under `key`, whole or not at all (a reader never sees half an object). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Whether an object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Remove the object under `key`; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object's key (sorted) and size in bytes, for backups and the demo's cache. */
  list(): Promise<{ key: string; bytes: number }[]>;
}

/** Server-made keys: lower-case folders and names of letters, digits, dots and dashes; no `..`, no dot files. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9._-]*)+$/;

/** Whether `key` has the shape {@link ObjectStore} accepts (e.g. `products/abc-640.webp`). */
export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

function checkKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/** The content type of a stored picture by its name (`.webp`, `.jpg`), else bytes. */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.jpg')) return 'image/jpeg';
  return 'application/octet-stream';
}

/**
 * Open the store `config` names: files under `config.root` (created when first written), or
 * the S3 bucket through the official AWS SDK (the bucket must exist; nothing is checked until
 * the first call). The SDK is loaded only then: a shop on files does not pay for it.
 */
export async function openObjectStore(config: StorageConfig): Promise<ObjectStore> {
  if (config.kind === 'file') return createFileObjectStore(config.root);
  return createS3ObjectStore(config, await import('@aws-sdk/client-s3'));
}

/** Objects as files under `root`, at the paths their keys name: today's `DATA_DIR/uploads` layout. */
export function createFileObjectStore(root: string): ObjectStore {
  const pathOf = (key: string) => {
    checkKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    description: root,
    localRoot: root,
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A temporary dot file (never served, never listed) renamed into place.
      const temp = join(dirname(path), `.${key.split('/').pop()}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(temp, data);
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        return {
          body: createReadStream(path),
          size: info.size,
          contentType: contentTypeOf(key),
          lastModified: info.mtime,
          etag: undefined,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
      const listed = await Promise.all(
        files.map(async (entry) => {
          const path = join(entry.parentPath, entry.name);
          return { key: relative(root, path).split(sep).join('/'), bytes: (await stat(path)).size };
        }),
      );
      return listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}

/** Whether an SDK error means "no such object" (404 on GET and HEAD alike). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | undefined;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…) under
 * `config.prefix`, through `@aws-sdk/client-s3`. A PUT is atomic in S3 itself: a reader sees
 * the old object, none, or the whole new one.
 */
function createS3ObjectStore(config: S3StorageConfig, sdk: typeof import('@aws-sdk/client-s3')): ObjectStore {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = sdk;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where an operation requires them: several S3-compatible stores (older
    // MinIO, B2, R2 for some calls) refuse the newer default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const fullKey = (key: string) => {
    checkKey(key);
    return `${config.prefix}${key}`;
  };
  return {
    description: `${config.endpoint}/${config.bucket}/${config.prefix}`,
    localRoot: undefined,
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: fullKey(key), Body: data, ContentType: contentType }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: fullKey(key) }));
        return {
          body: answer.Body as Readable,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? contentTypeOf(key),
          lastModified: answer.LastModified,
          etag: answer.ETag,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: fullKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there: deleting twice is no error.
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },
    async list() {
      const listed: { key: string; bytes: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(config.prefix.length);
          if (key && isObjectKey(key)) listed.push({ key, bytes: object.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}
