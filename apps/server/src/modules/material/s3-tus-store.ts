import type { Readable } from 'node:stream';
import { DataStore, type Upload } from '@tus/server';
import { STAGING_HOURS } from './tus-staging.js';

/** What the store hands tus's calls to (s3-tus-staging.ts keeps the parts and their rows). */
export interface StagingCalls {
  create(upload: Upload): Promise<Upload>;
  write(readable: Readable, id: string, offset: number): Promise<number>;
  getUpload(id: string): Promise<Upload>;
  remove(id: string): Promise<void>;
  /** Removes the uploads past their expiry; answers how many. */
  purgeExpired(): Promise<number>;
}

/** The tus store over S3 staging: tus's calls, handed to the staging. */
export class S3TusStore extends DataStore {
  constructor(private readonly staging: StagingCalls) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override create(upload: Upload): Promise<Upload> {
    return this.staging.create(upload);
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return this.staging.write(readable, id, offset);
  }

  override getUpload(id: string): Promise<Upload> {
    return this.staging.getUpload(id);
  }

  override remove(id: string): Promise<void> {
    return this.staging.remove(id);
  }

  override deleteExpired(): Promise<number> {
    return this.staging.purgeExpired();
  }

  override getExpiration(): number {
    return STAGING_HOURS * 3600_000;
  }
}
