import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { rechunk, type BlobStore, type ByteSpan } from './blob-store.ts';

/** Where the object store is and how to reach it (config.ts, MEDIA_S3_*). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); unset means AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prefix of every object key, e.g. 'media/'. */
  prefix: string;
}

/**
 * Part size of multipart uploads: 8 MiB (S3's minimum is 5 MiB for every part but the last).
 * A file up to one part is sent with a single PutObject; memory per upload is one part.
 */
export const PART_BYTES = 8 * 1024 * 1024;

/** Files as objects of an S3-compatible store; the database keeps only their key, size and hash. */
export function s3BlobStore(settings: S3Settings, client = s3Client(settings)): BlobStore {
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.prefix}${key}`;

  async function multipart(Key: string, first: Buffer, rest: AsyncIterator<Buffer>): Promise<number> {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    let bytes = 0;
    try {
      for (let part: Buffer | undefined = first; part; ) {
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }));
        parts.push({ ETag, PartNumber });
        bytes += part.length;
        const next = await rest.next();
        part = next.done ? undefined : next.value;
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
      return bytes;
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  return {
    storage: 's3',

    async write(_db, key, source) {
      const Key = objectKey(key);
      const parts = rechunk(source, PART_BYTES)[Symbol.asyncIterator]();
      const first = await parts.next();
      const body = first.done ? Buffer.alloc(0) : first.value;
      const second = first.done ? { done: true as const, value: undefined } : await parts.next();
      if (second.done) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length }));
        return body.length;
      }
      return multipart(Key, body, chain(second.value, parts));
    },

    read(_db, key, span) {
      return Readable.from(readObject(client, Bucket, objectKey(key), span), { objectMode: false });
    },

    async remove(_db, keys) {
      for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}

/** An iterator that yields `head` and then what `rest` yields. */
function chain(head: Buffer, rest: AsyncIterator<Buffer>): AsyncIterator<Buffer> {
  let headGiven = false;
  return {
    next: async () => {
      if (headGiven) return rest.next();
      headGiven = true;
      return { done: false, value: head };
    },
  };
}

async function* readObject(client: S3Client, Bucket: string, Key: string, span: ByteSpan): AsyncGenerator<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=${span.start}-${span.end}` }));
  const body = answer.Body as AsyncIterable<Uint8Array> | undefined;
  if (!body) throw new Error(`object ${Key} has no body`);
  for await (const piece of body) yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
}

/** The SDK's client for `settings`. Checksums only where S3 requires them: S3-compatible stores differ in the newer ones. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
