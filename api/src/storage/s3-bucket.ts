/**
 * One S3-compatible bucket (DOCUMENT_STORE=s3), under S3_PREFIX: the few calls the document store (./s3.ts) and the
 * insurer inbox (../inbox/s3.ts) make. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance or task role). Self-hosted S3 servers (MinIO, Ceph, SeaweedFS, ...)
 * are reached at S3_ENDPOINT, usually with S3_FORCE_PATH_STYLE, and most of them do not speak the checksums the SDK
 * adds by default: checksums are sent and checked only where S3 requires them.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import type { ByteRange } from './store';

/** An object as a listing or HEAD describes it; `key` is relative to the bucket's prefix. */
export interface S3Object {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface S3Bucket {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The object (or one byte range of it) as a stream with its size in bytes, or null when there is none. */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>;
  /** The object's size and time, or null when there is none. */
  head(key: string): Promise<S3Object | null>;
  /** Removes the object; a key with no object is not an error (as S3 itself answers). */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<S3Object>;
}

/** S3's answer for a key with no object: NoSuchKey to a GET, a bodiless 404 (NotFound) to a HEAD. */
const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

export function openS3Bucket(settings: S3Settings): S3Bucket {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const fullKey = (key: string): string => `${settings.prefix}${key}`;
  const missingAsNull = (error: unknown): null => {
    if (isMissing(error)) return null;
    throw error;
  };

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: fullKey(key), Body: data, ContentLength: data.byteLength }));
    },

    async get(key, range) {
      const answer = await client
        .send(new GetObjectCommand({ Bucket, Key: fullKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        .catch(missingAsNull);
      if (!answer) return null;
      // In Node the SDK answers with the response's own stream (an IncomingMessage).
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
      return { body: answer.Body, size: answer.ContentLength ?? 0 };
    },

    async head(key) {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: fullKey(key) })).catch(missingAsNull);
      return answer ? { key, size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date(0) } : null;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: fullKey(prefix), ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key.slice(settings.prefix.length), size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
