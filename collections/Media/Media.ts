import type { CollectionConfig } from 'payload'

import { decideAccessFirst } from '../../hooks/decideAccessFirst'
import { anyone } from '../Identity/access/anyone'
import { isEditor } from '../Identity/access/isEditor'
import { isWriter } from '../Workflow/access/writerAccess'
import { allowedImageTypes, imageSizes } from '@/media/imageSizes'
import { serveMediaFile } from '@/media/operations/serveMediaFile'
import { answerOversizedUploadsWithTheLimit } from './hooks/answerOversizedUploadsWithTheLimit'
import { answerRefusedTypesInWords } from './hooks/answerRefusedTypesInWords'
import { answerStorageOutageAs503 } from './hooks/answerStorageOutageAs503'
import { answerUnreadableUploadsAs400 } from './hooks/answerUnreadableUploadsAs400'
import { refuseDeletingUsedMedia } from './hooks/refuseDeletingUsedMedia'
import { refuseOversizedImages } from './hooks/refuseOversizedImages'

/**
 * Images editors upload for articles, pages and products. Payload stores the file in
 * `MEDIA_DIRECTORY`, or in the bucket when one is configured (`S3_*`,
 * `src/media/storage/objectStoragePlugins.ts`), and makes the storefront sizes with `sharp`
 * (`src/media/imageSizes.ts`); the upload area names the types it takes and the size limit; it
 * refuses a type outside the list (SVG included: it can carry script) with 400 saying what to
 * upload instead, a file over `MEDIA_MAX_MEGABYTES` with 413 naming the limit, an image over 50
 * megapixels with 400, and a name that would leave the directory. Everyone reads; editors and
 * admins upload, change and delete. An image still shown somewhere cannot be deleted.
 */
export const Media: CollectionConfig = {
  slug: 'media',
  admin: {
    useAsTitle: 'alt',
    defaultColumns: ['filename', 'alt', 'width', 'height', 'updatedAt'],
    group: 'Content',
    description: 'Images for articles, pages and products. The sizes are made on upload.',
  },
  access: {
    read: anyone,
    // Authors upload and describe images too; deleting one stays with editors and admins.
    create: isWriter,
    update: isWriter,
    delete: isEditor,
  },
  hooks: {
    // Access first: the image's header is read only for a caller who may upload.
    beforeOperation: [decideAccessFirst, refuseOversizedImages],
    beforeDelete: [refuseDeletingUsedMedia],
    afterError: [
      answerOversizedUploadsWithTheLimit,
      answerRefusedTypesInWords,
      answerUnreadableUploadsAs400,
      answerStorageOutageAs503,
    ],
  },
  upload: {
    // Payload replaces this with MEDIA_DIRECTORY (payload.config.ts): a collection is declared once.
    staticDir: '.data/media',
    mimeTypes: allowedImageTypes,
    imageSizes: imageSizes.map((size) => ({ ...size })),
    adminThumbnail: 'thumbnail',
    // The upload area says which types and how large, before a file is chosen.
    admin: { components: { controls: ['/components/admin/AcceptedUploads#AcceptedUploads'] } },
    focalPoint: true,
    crop: true,
    // Serves from the directory or the bucket alike, byte ranges included: the handlers that
    // come after it (Payload's own, the S3 adapter's) are never reached.
    handlers: [(req, { params }) => serveMediaFile(req, params.filename)],
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      required: true,
      maxLength: 300,
      localized: true,
      admin: { description: 'What the image shows, for people who cannot see it.' },
    },
  ],
}
