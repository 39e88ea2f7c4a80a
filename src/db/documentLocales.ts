import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { transactionDatabase } from '@/db/transaction'

/**
 * A document's localized text as the events tell it, read in `req`'s transaction: each column in
 * the default locale (else the first configured locale that has it: the `_locales` enum lists
 * them in the order of `CONTENT_LOCALES`), and the locales it has any text in, in that order.
 */
export async function documentText<Column extends string>(
  req: PayloadRequest,
  args: { table: 'articles' | 'products'; id: number; columns: readonly Column[] },
): Promise<{ text: Record<Column, string | null>; locales: string[] }> {
  const db = await transactionDatabase(req)
  const { rows } = await db.execute<Record<string, string | null> & { locale: string }>(
    sql.raw(`SELECT _locale::text AS locale, ${args.columns.join(', ')}
      FROM ${args.table}_locales WHERE _parent_id = ${Number(args.id)} ORDER BY _locale`),
  )
  const hasText = (value: unknown) => value !== null && value !== undefined && value !== ''
  const text = Object.fromEntries(
    args.columns.map((column) => [
      column,
      rows.find((row) => hasText(row[column]))?.[column] ?? null,
    ]),
  ) as Record<Column, string | null>
  const locales = rows
    .filter((row) => args.columns.some((column) => hasText(row[column])))
    .map((row) => row.locale)
  return { text, locales }
}

/** The locale a write of `req` wrote: the request's (`?locale`, the admin panel's), else the default. */
export function writtenLocale(req: PayloadRequest): string {
  const locales = configOf(req.payload).content.locales
  return typeof req.locale === 'string' && locales.includes(req.locale) ? req.locale : locales[0]
}
