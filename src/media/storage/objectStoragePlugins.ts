import { s3Storage } from '@payloadcms/storage-s3'
import type { Config, Plugin } from 'payload'

import type { ObjectStorage } from '../settings'

/**
 * Payload's official S3 adapter for the media collection, on when a bucket is configured (`S3_*`):
 * the original and every image size are written to the bucket and deleted from it with their
 * row; nothing is written to the local disk. Off without a bucket: `MEDIA_DIRECTORY` keeps them.
 * It is registered either way so that the admin panel's import map is the same in both (the
 * adapter adds its client upload handler to it even when off). The app still serves the files
 * itself (`src/media/operations/serveMediaFile.ts`), so access, types and caching headers are the
 * same wherever the bytes live.
 */
export function objectStoragePlugins(storage: ObjectStorage | undefined): Plugin[] {
  return [
    s3Storage({
      enabled: Boolean(storage),
      collections: { media: true },
      bucket: storage?.bucket ?? '',
      config: storage
        ? {
            region: storage.region,
            endpoint: storage.endpoint,
            credentials: storage.credentials,
            forcePathStyle: storage.forcePathStyle,
          }
        : {},
    }),
    withoutClientUploadKey,
  ]
}

/**
 * The adapter gives the collection an `_objectKey` field, the folder of a file a browser uploads
 * straight to the bucket (`clientUploads`, which this app does not use: uploads go through the
 * app, which checks them). Kept, it would be a column that exists only when a bucket is
 * configured, which the migrations (one schema for every configuration) do not have: every query
 * on `media` would fail. Without it the adapter keys each object by its file name.
 */
const withoutClientUploadKey: Plugin = (config: Config): Config => ({
  ...config,
  collections: config.collections?.map((collection) =>
    collection.slug === 'media'
      ? {
          ...collection,
          fields: collection.fields.filter(
            (field) => !('name' in field && field.name === '_objectKey'),
          ),
        }
      : collection,
  ),
})
