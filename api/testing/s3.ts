/** A real S3 server over HTTP (./s3-server.mjs) for one test file, in a folder of its own that goes when it stops. */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Settings } from '../src/config';
import { startS3Server as startServer } from './s3-server.mjs';

export interface TestS3Server {
  /** The environment of an api process on it: DOCUMENT_STORE=s3, the S3_* settings and the credentials. */
  env: Record<string, string>;
  /** The same settings as the config has them. */
  settings: S3Settings;
  stop(): Promise<void>;
}

const BUCKET = 'claims-documents';

export async function startS3Server(): Promise<TestS3Server> {
  const directory = join(tmpdir(), `claims-test-s3-${randomUUID()}`);
  const server = await startServer({ directory, buckets: [BUCKET] });
  // The SDK in this process finds the credentials where it would find a real key.
  process.env.AWS_ACCESS_KEY_ID ??= server.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= server.secretAccessKey;
  const prefix = `run-${randomUUID().slice(0, 8)}`;
  return {
    env: {
      DOCUMENT_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_PREFIX: prefix,
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: server.accessKeyId,
      AWS_SECRET_ACCESS_KEY: server.secretAccessKey,
    },
    settings: { bucket: BUCKET, prefix: `${prefix}/`, endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
