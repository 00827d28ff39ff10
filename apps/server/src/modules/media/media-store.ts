import type { Config } from '../../config.ts';
import type { BlobStorage, BlobStore } from './blob-store.ts';
import { dbBlobStore } from './db-blob-store.ts';
import { s3BlobStore } from './s3-blob-store.ts';

const s3Stores = new WeakMap<Config, BlobStore>();

function s3StoreOf(config: Config): BlobStore {
  let store = s3Stores.get(config);
  if (!store) {
    if (!config.MEDIA_S3_BUCKET) throw new Error('MEDIA_S3_BUCKET is not set: files stored in the object store cannot be reached');
    const keys = config.MEDIA_S3_ACCESS_KEY_ID && config.MEDIA_S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY }
      : undefined;
    store = s3BlobStore({
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

/** The store new files go to, by MEDIA_STORE. */
export function mediaStoreFor(config: Config): BlobStore {
  return config.MEDIA_STORE === 's3' ? s3StoreOf(config) : dbBlobStore;
}

/** The store that holds a file stored in `storage` (it may predate a change of MEDIA_STORE). */
export function blobStoreOf(storage: BlobStorage, config: Config): BlobStore {
  return storage === 's3' ? s3StoreOf(config) : dbBlobStore;
}
