import path from 'node:path';
import type { Config } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-storage.js';
import { S3FileStorage } from './s3-storage.js';
import { UrlSigner } from './url-signer.js';

export {
  StorageError,
  StorageNotFoundError,
  isValidKey,
  type ByteRange,
  type FileStorage,
  type PutOptions,
  type ReadResult,
  type SignedUrl,
  type SignedUrlOptions,
  type StoredObject,
  contentDisposition,
} from './file-storage.js';
export { LOCAL_FILES_PATH, LocalFileStorage } from './local-storage.js';
export { S3FileStorage, type S3StorageOptions } from './s3-storage.js';
export { UrlSigner } from './url-signer.js';

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'PUBLIC_URL'
  | 'FILE_URL_SECRET'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** S3 when a bucket is configured, files under DATA_DIR/uploads otherwise. */
export function createFileStorage(config: StorageConfig): FileStorage {
  if (config.S3_BUCKET) {
    return new S3FileStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  const root = path.join(config.DATA_DIR, 'uploads');
  const signer = new UrlSigner({ secret: config.FILE_URL_SECRET, file: path.join(root, '.url-secret') });
  return new LocalFileStorage(root, signer, config.PUBLIC_URL);
}
