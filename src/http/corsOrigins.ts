/**
 * The origins `CORS_ORIGINS` lets read the API from a browser: `*` (or unset) for any, else a
 * comma-separated list of origins (`https://shop.example`, `http://localhost:5173`), spaces
 * around the commas allowed. An entry that is not an origin (a path, a trailing slash, no
 * scheme) would never match a browser's `Origin` header, so it is refused here, naming it,
 * rather than quietly locking that site out.
 */
export function corsOrigins(raw: string | undefined, variable = 'CORS_ORIGINS'): '*' | string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (!entries.length || (entries.length === 1 && entries[0] === '*')) return '*'
  return entries.map((entry) => {
    const origin = originOf(entry)
    if (origin === entry) return entry
    throw new Error(
      `${variable}: "${entry}" is not an origin (scheme://host[:port], nothing after it)` +
        (origin ? `; did you mean "${origin}"?` : '; e.g. "https://shop.example"'),
    )
  })
}

/**
 * The origins `PORTAL_FRAME_ANCESTORS` lets frame the portal: a comma-separated list of origins,
 * checked as `CORS_ORIGINS`' are (`*` is refused: a page anyone can frame is a clickjacking
 * target).
 */
export function portalFrameAncestors(raw: string | undefined): string[] {
  const origins = corsOrigins(raw, 'PORTAL_FRAME_ANCESTORS')
  if (origins === '*') throw new Error('PORTAL_FRAME_ANCESTORS: list the origins, `*` is refused')
  return origins
}

/**
 * The origins `ADMIN_ORIGINS` lets act with the app's cookies besides its own: a comma-separated
 * list of origins, checked as `CORS_ORIGINS`' are (`*` is refused: it would let every site act
 * with an admin's cookie).
 */
export function adminOrigins(raw: string | undefined): string[] {
  if (!raw?.trim()) return []
  const origins = corsOrigins(raw, 'ADMIN_ORIGINS')
  if (origins === '*') throw new Error('ADMIN_ORIGINS: list the origins, `*` is refused')
  return origins
}

function originOf(entry: string): string | undefined {
  try {
    const { origin, protocol } = new URL(entry)
    return ['http:', 'https:'].includes(protocol) ? origin : undefined
  } catch {
    return undefined
  }
}
