/**
 * Why a query of one of Payload's lists asks for more rows a page than `maxPageSize`, or
 * undefined when it does not: a `limit` outside 1..maxPageSize (`limit=0`, Payload's "every
 * row", included), `pagination=false`, or a join field's `limit` (`joins[<field>][limit]`)
 * outside the same range. A query for at most `maxPageSize` ids (`where[id][in]=1,2,3`) answers
 * no more rows than it names, whatever its `limit`: the admin panel's list cells ask for the
 * authors or pictures of a page that way, with `limit=250`. `query` is the request's query as
 * Payload parses it (`qs`).
 */
export function pageSizeProblem(
  query: Record<string, unknown>,
  maxPageSize: number,
): string | undefined {
  const range = `a whole number from 1 to ${maxPageSize}`
  const ids = idsNamed(query)
  const isBoundedByIds = ids !== undefined && ids <= maxPageSize
  if (query.limit !== undefined && !isBoundedByIds && !isPageSize(query.limit, maxPageSize)) {
    return `limit must be ${range} (pages hold at most ${maxPageSize} rows: ask for the next with page)`
  }
  if (String(query.pagination) === 'false' && !isBoundedByIds) {
    return `pagination=false is refused: pages hold at most ${maxPageSize} rows`
  }
  const joins = query.joins
  if (joins && typeof joins === 'object') {
    for (const [field, join] of Object.entries(joins)) {
      const limit =
        join && typeof join === 'object' ? (join as { limit?: unknown }).limit : undefined
      if (limit !== undefined && !isPageSize(limit, maxPageSize)) {
        return `joins[${field}][limit] must be ${range}`
      }
    }
  }
  return undefined
}

function isPageSize(value: unknown, maxPageSize: number): boolean {
  const text = String(value).trim()
  if (!/^\d+$/.test(text)) return false
  const size = Number(text)
  return size >= 1 && size <= maxPageSize
}

/** How many ids `where[id][in]` names (a comma-separated list or an array), if it does. */
function idsNamed(query: Record<string, unknown>): number | undefined {
  const where = query.where
  if (!where || typeof where !== 'object') return undefined
  const id = (where as { id?: unknown }).id
  if (!id || typeof id !== 'object') return undefined
  const named = (id as { in?: unknown }).in
  if (Array.isArray(named)) return named.length
  if (typeof named === 'string') return named.split(',').length
  return undefined
}
