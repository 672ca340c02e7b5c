import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from '@20minutes/s3rver';

/** A real S3-protocol server on loopback, with one empty bucket, for one test file. */
export interface LoopbackS3 {
  /** `STORAGE_URL` for the shop: `s3+http://S3RVER:S3RVER@127.0.0.1:{port}/{bucket}?region=us-east-1`. */
  storageUrl: string;
  /** A `STORAGE_URL` naming another, empty bucket of the same server (e.g. to restore into). */
  urlOfBucket(bucket: string): string;
  close(): Promise<void>;
}

/**
 * Start an S3 server (the `@20minutes/s3rver` package, which speaks the S3 REST API as the
 * AWS SDK sends it) on 127.0.0.1 at a free port, storing its
 * objects in a temporary folder, with the buckets `buckets` created. Its built-in account is
 * `S3RVER` / `S3RVER`. Not a stub of the SDK: the shop's SDK calls go over HTTP to it.
 */
export async function startLoopbackS3(buckets: string[] = ['thaiyal-test']): Promise<LoopbackS3> {
  const directory = mkdtempSync(join(tmpdir(), 'thaiyal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // SDK v3 signs a bucket-level request (ListObjectsV2) over the path `/bucket/`, which s3rver
    // canonicalizes as `/bucket` and so would refuse; its other checks stay (the access key must
    // be its own `S3RVER`, and the store's own checksums are verified).
    allowMismatchedSignatures: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = (await server.run()) as AddressInfo;
  const urlOfBucket = (bucket: string) => `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=us-east-1`;
  return {
    storageUrl: urlOfBucket(buckets[0]!),
    urlOfBucket,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
