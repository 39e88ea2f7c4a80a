import type { Readable } from 'node:stream'

import type { AppConfig } from '@/config/appConfig'
import { findBucketFile } from './bucketFile'
import { findLocalFile } from './localFile'

/** Bytes `start` to `end` of a file, both included, as `Range: bytes=start-end` names them. */
export type ByteRange = { start: number; end: number }

/** A stored media file as serving it needs, wherever its bytes are. */
export type StoredFile = {
  /** Its length in bytes. */
  size: number
  /** When it was last written. */
  modified: Date
  /** A strong entity tag (quoted) that changes whenever its bytes do. */
  entityTag: string
  /** Its bytes, or those of `range`. */
  read: (range?: ByteRange) => Promise<Readable>
}

/**
 * The stored file named `filename` (an original or a size): in the bucket when one is configured
 * (`S3_BUCKET`), otherwise in `MEDIA_DIRECTORY`. Undefined when it is not there, or when the name
 * could not be one of ours (a path rather than a plain name).
 */
export function findStoredFile(
  content: AppConfig['content'],
  filename: string,
): Promise<StoredFile | undefined> {
  return content.objectStorage
    ? findBucketFile(content.objectStorage, filename)
    : findLocalFile(content.mediaDirectory, filename)
}
