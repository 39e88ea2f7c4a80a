import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { presentImage, type Image } from '@/media/image'
import { findImagesOnPool } from '@/media/operations/findImages'
import type { TextLocale } from '@/db/localizedText'
import type { ArticleRecord } from '../listQuery'
import { embeddedImageIds, withEmbeddedImages } from '../lexicalUploads'

/** An article record with its images as the API shows them. */
export type ArticleWithImages = ArticleRecord & {
  /** The cover, `null` when none (or deleted). */
  cover: Image | null
}

/**
 * The records with their cover and the images embedded in their body shown with absolute URLs
 * under `serverUrl`, their alt text in `read`'s locale: one query for the images of the whole page.
 */
export async function withImages(
  payload: Payload,
  records: readonly ArticleRecord[],
  serverUrl: string,
  read: TextLocale,
): Promise<ArticleWithImages[]> {
  const ids = records.flatMap((record) => [
    ...(record.cover_id ? [record.cover_id] : []),
    ...embeddedImageIds(record.body),
  ])
  const rows = await findImagesOnPool(postgres(payload).pool, ids, read)
  const imageOf = (id: number) => {
    const row = rows.get(id)
    return row ? presentImage(row, serverUrl) : undefined
  }
  return records.map((record) => ({
    ...record,
    cover: (record.cover_id && imageOf(record.cover_id)) || null,
    body: record.body ? withEmbeddedImages(record.body, imageOf) : record.body,
  }))
}
