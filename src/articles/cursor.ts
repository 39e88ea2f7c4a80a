import type { ArticleSortField } from './listQuery'

/** What a v2 cursor holds: the order it belongs to and the last row's position in it. */
export type CursorPosition = {
  sort: ArticleSortField
  direction: 'asc' | 'desc'
  /** The last row's sort value, as PostgreSQL prints it. */
  value: string
  id: number
}

/**
 * An opaque cursor (base64url JSON): clients pass it back unchanged and must not build one.
 * Unlike v1's `after_id`, it carries the sort value, so a walk survives the deletion of the row
 * it stopped at and needs no lookup.
 */
export function encodeCursor(position: CursorPosition): string {
  const { sort, direction, value, id } = position
  return Buffer.from(JSON.stringify([sort, direction, value, id])).toString('base64url')
}

/** The position a cursor holds, or undefined when it is not one this service issued. */
export function decodeCursor(cursor: string): CursorPosition | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 4) return undefined
    const [sort, direction, value, id] = parsed as unknown[]
    const isValid =
      typeof sort === 'string' &&
      (direction === 'asc' || direction === 'desc') &&
      typeof value === 'string' &&
      Number.isSafeInteger(id) &&
      (id as number) > 0
    if (!isValid) return undefined
    return { sort: sort as ArticleSortField, direction, value, id: id as number }
  } catch {
    return undefined
  }
}
