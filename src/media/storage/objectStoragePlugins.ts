import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import type { ObjectStorage } from '@/config/appConfig'

/**
 * Payload's official S3 adapter for the media collection when a bucket is configured (`S3_*`):
 * the original and every image size are written to the bucket and deleted from it with their
 * row; nothing is written to the local disk. None without a bucket: `MEDIA_DIRECTORY` keeps them.
 * The app still serves the files itself (`src/media/operations/serveMediaFile.ts`), so access,
 * types and caching headers are the same wherever the bytes live.
 */
export function objectStoragePlugins(storage: ObjectStorage | undefined): Plugin[] {
  if (!storage) return []
  return [
    s3Storage({
      collections: { media: true },
      bucket: storage.bucket,
      config: {
        region: storage.region,
        endpoint: storage.endpoint,
        credentials: storage.credentials,
        forcePathStyle: storage.forcePathStyle,
      },
    }),
  ]
}
