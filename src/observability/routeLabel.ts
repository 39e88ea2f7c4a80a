/** First path segments whose unknown paths share one label each (`/admin/*`), besides `/api/*`. */
const bucketedPrefixes = new Set(['api', 'admin', '_next', 'docs', 'monaco-editor'])

/** Paths deeper than this are never a route of this app. */
const maxSegments = 16

type Node = { literals: Map<string, Node>; param?: Node; label?: string }

const newNode = (): Node => ({ literals: new Map() })

const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/** `/a/:id?` as `/a` and `/a/:id`: Payload's router syntax for an optional parameter. */
function expand(template: string): string[] {
  const segments = segmentsOf(template)
  const optional = segments.findIndex((segment) => segment.startsWith(':') && segment.endsWith('?'))
  if (optional === -1) return [`/${segments.join('/')}`]
  const before = segments.slice(0, optional)
  const after = segments.slice(optional + 1)
  const required = segments[optional]!.slice(0, -1)
  return [
    ...expand(`/${[...before, ...after].join('/')}`),
    ...expand(`/${[...before, required, ...after].join('/')}`),
  ]
}

/**
 * Turns request paths into low-cardinality route labels for metrics. A path that a template
 * serves (`/api/v1/articles/42` by `/api/v1/articles/:id`) is labelled with the template, a
 * literal segment winning over a parameter (`/api/users/me` before `/api/users/:id`); any other
 * path with the bucket of its first segment (`/api/*`, `/admin/*`, `/_next/*`, ...) or `other`.
 * A label is always written by this code, never taken from a path, so that a caller cannot
 * create series at will.
 */
export function routeLabeler(templates: readonly string[]): (path: string) => string {
  const root = newNode()
  for (const template of templates.flatMap(expand)) {
    let node = root
    for (const segment of segmentsOf(template)) {
      if (segment.startsWith(':')) node = node.param ??= newNode()
      else {
        let next = node.literals.get(segment)
        if (!next) node.literals.set(segment, (next = newNode()))
        node = next
      }
    }
    node.label ??= template
  }
  const match = (node: Node, segments: string[], index: number): string | undefined => {
    if (index === segments.length) return node.label
    const literal = node.literals.get(segments[index]!)
    return (
      (literal && match(literal, segments, index + 1)) ??
      (node.param && match(node.param, segments, index + 1))
    )
  }
  return (path) => {
    const segments = segmentsOf(path)
    if (segments.length > maxSegments) return 'other'
    const matched = match(root, segments, 0)
    if (matched) return matched
    const first = segments[0]
    if (first === undefined) return '/'
    return bucketedPrefixes.has(first) ? `/${first}/*` : 'other'
  }
}
