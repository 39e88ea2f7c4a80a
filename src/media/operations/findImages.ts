import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'
import type { Pool } from 'pg'

import { transactionDatabase, type TransactionDb } from '@/db/transaction'
import { queryNamed } from '@/db/namedStatement'
import { defaultLocaleText, localizedText, type TextLocale } from '@/db/localizedText'
import { serverUrlOf } from '@/http/serverUrl'
import { imageSizes } from '../imageSizes'
import { presentImage, type Image, type MediaRow } from '../image'

const sizeColumns = imageSizes
  .map(
    ({ name }) =>
      `'${name}', json_build_object('filename', m.sizes_${name}_filename, 'width', m.sizes_${name}_width, 'height', m.sizes_${name}_height)`,
  )
  .join(', ')

/** A locale code as a SQL literal (codes are letters, digits and hyphens: checked again). */
const localeLiteral = (code: unknown) => {
  if (typeof code !== 'string' || !/^[A-Za-z0-9-]+$/.test(code)) {
    throw new Error(`Not a locale code: ${String(code)}`)
  }
  return `'${code}'`
}

/**
 * The media rows of `ids`, by id, in one query (ids that do not exist are absent), the alt text
 * in `read`'s locale (left out, or none in it: the default locale's). `db` is a transaction's handle when the
 * caller writes in one (a hook), so that it sees what it wrote.
 */
export async function findImages(
  db: TransactionDb,
  ids: readonly number[],
  read?: TextLocale,
): Promise<Map<number, MediaRow>> {
  const unique = uniqueIds(ids)
  if (unique.length === 0) return new Map()
  const { rows } = await db.execute<MediaRow>(
    sql.raw(imagesStatement(`m.id IN (${unique.map(Number).join(', ')})`, read)),
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * `findImages` outside any transaction, on `pool`, as a named statement (the ids bound as one
 * array): planned once per connection, where the public article list planned it on each call.
 */
export async function findImagesOnPool(
  pool: Pool,
  ids: readonly number[],
  read?: TextLocale,
): Promise<Map<number, MediaRow>> {
  const unique = uniqueIds(ids)
  if (unique.length === 0) return new Map()
  const { rows } = await queryNamed<MediaRow>(
    pool,
    imagesStatement('m.id = ANY($1::integer[])', read),
    [unique],
  )
  return new Map(rows.map((row) => [row.id, row]))
}

const uniqueIds = (ids: readonly number[]) => [...new Set(ids)].filter((id) => Number.isInteger(id))

/** The statement of the media rows that `where` selects, the alt text in `read`'s locale. */
function imagesStatement(where: string, read?: TextLocale): string {
  const text = read
    ? localizedText({
        localesTable: 'media_locales',
        parent: 'm',
        alias: 'alt_text',
        read,
        bind: localeLiteral,
      })
    : undefined
  // An image always has its alt text: without one in the locale (even with `fallback_locale=none`,
  // which is about the document's own fields), the default locale's.
  const defaultAlt = defaultLocaleText('media_locales', 'm', 'alt')
  const alt = text
    ? `coalesce(nullif(${text.column({ name: 'alt', isText: true })}, ''), ${defaultAlt})`
    : defaultAlt
  return `SELECT m.id, ${alt} AS alt, m.filename, m.width::float8 AS width, m.height::float8 AS height, json_build_object(${sizeColumns}) AS sizes
      FROM media m ${text?.joins ?? ''} WHERE ${where}`
}

/**
 * The images of `ids` as the API shows them, in the order given (missing ones left out), read in
 * `req`'s transaction with absolute URLs for the caller (`serverUrlOf`).
 */
export async function presentImages(
  req: PayloadRequest,
  ids: readonly (number | { id: number } | null | undefined)[],
): Promise<Image[]> {
  const wanted = ids
    .map((entry) => (typeof entry === 'object' && entry !== null ? entry.id : entry))
    .filter((id): id is number => typeof id === 'number')
  if (wanted.length === 0) return []
  const rows = await findImages(await transactionDatabase(req), wanted)
  const serverUrl = serverUrlOf(req)
  return wanted.flatMap((id) => {
    const row = rows.get(id)
    return row ? [presentImage(row, serverUrl)] : []
  })
}
