import { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { BlobStorage, BlobStore } from './blob-store.ts';
import { dbBlobStore } from './db-blob-store.ts';
import type { S3Settings } from './s3-blob-store.ts';

const s3Stores = new WeakMap<Config, BlobStore>();

function s3StoreOf(config: Config): BlobStore {
  let store = s3Stores.get(config);
  if (!store) {
    if (!config.MEDIA_S3_BUCKET) throw new Error('MEDIA_S3_BUCKET is not set: files stored in the object store cannot be reached');
    const keys = config.MEDIA_S3_ACCESS_KEY_ID && config.MEDIA_S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY }
      : undefined;
    store = lazyS3BlobStore({
      bucket: config.MEDIA_S3_BUCKET,
      region: config.MEDIA_S3_REGION,
      endpoint: config.MEDIA_S3_ENDPOINT,
      forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
      credentials: keys,
      prefix: config.MEDIA_S3_PREFIX,
    });
    // One client (and its connection pool) per configuration, shared by every request.
    s3Stores.set(config, store);
  }
  return store;
}

/**
 * The S3 store with its SDK (@aws-sdk/client-s3, seconds of CPU to load on a busy machine)
 * imported at its first use, not when the server starts: a shop on the database store, and each
 * test process and command that never reaches S3, start without it. The store itself is
 * s3BlobStore, unchanged; one client per store as before.
 */
function lazyS3BlobStore(settings: S3Settings): BlobStore {
  let loaded: Promise<BlobStore> | undefined;
  const store = () => (loaded ??= import('./s3-blob-store.ts').then(({ s3BlobStore }) => s3BlobStore(settings)));
  return {
    storage: 's3',
    write: async (db, key, source) => (await store()).write(db, key, source),
    read: (db, key, span) =>
      Readable.from(
        (async function* () {
          yield* (await store()).read(db, key, span);
        })(),
        { objectMode: false },
      ),
    remove: async (db, keys) => (await store()).remove(db, keys),
  };
}

/** The store new files go to, by MEDIA_STORE. */
export function mediaStoreFor(config: Config): BlobStore {
  return config.MEDIA_STORE === 's3' ? s3StoreOf(config) : dbBlobStore;
}

/** The store that holds a file stored in `storage` (it may predate a change of MEDIA_STORE). */
export function blobStoreOf(storage: BlobStorage, config: Config): BlobStore {
  return storage === 's3' ? s3StoreOf(config) : dbBlobStore;
}
