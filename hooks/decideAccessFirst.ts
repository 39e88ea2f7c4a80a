import {
  executeAccess,
  type AccessResult,
  type CollectionBeforeOperationHook,
  type PayloadHandler,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
} from 'payload'

/** The write operations whose access Payload checks only after `beforeOperation`. */
type WriteOperation = 'create' | 'update' | 'delete'

const isWrite = (operation: string): operation is WriteOperation =>
  operation === 'create' || operation === 'update' || operation === 'delete'

/**
 * The caller's access to `operation` on `collection`, decided now: `true`, a row filter
 * (`Where`), or a `Forbidden` thrown for a caller the rule refuses outright, as Payload's own
 * check would throw it a moment later. A system write (`overrideAccess`) is `true`.
 */
export async function accessDecidedNow(args: {
  collection: SanitizedCollectionConfig
  operation: WriteOperation
  overrideAccess: boolean | undefined
  req: PayloadRequest
  id?: number | string
  data?: unknown
}): Promise<AccessResult> {
  if (args.overrideAccess) return true
  return executeAccess(
    { id: args.id, data: args.data as Record<string, unknown> | undefined, req: args.req },
    args.collection.access[args.operation],
  )
}

/**
 * Payload runs a collection's `beforeOperation` hooks inside the operation's transaction and
 * before it checks access (its create, update and delete operations: transaction, hooks, then
 * access). Placed first in a collection's `beforeOperation`, this hook decides access there and
 * then, so the hooks after it (row locks, image decoding, reads) run only for callers who may
 * do the operation: anyone else is refused at once with Payload's own 403, whatever locks other
 * writers hold. Payload still checks again after the hooks, and applies a row filter itself.
 */
export const decideAccessFirst: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  overrideAccess,
  req,
}) => {
  if (!isWrite(operation)) return args
  const id: unknown = 'id' in args ? args.id : undefined
  await accessDecidedNow({
    collection,
    operation,
    overrideAccess,
    req,
    id: typeof id === 'string' || typeof id === 'number' ? id : undefined,
    data: 'data' in args ? args.data : undefined,
  })
  return args
}

/** The collection REST routes that read a body, and the access rule each needs. */
const writeRoutes: { method: string; path: string; operation: WriteOperation }[] = [
  { method: 'post', path: '/', operation: 'create' },
  { method: 'patch', path: '/', operation: 'update' },
  { method: 'patch', path: '/:id', operation: 'update' },
]

/**
 * Payload reads a write's body (a JSON document, or an upload of up to `MEDIA_MAX_MEGABYTES`,
 * parsed into memory) in its REST route, before the operation and its access check. This wraps
 * each collection's create and update routes so that a caller whose access rule answers `false`
 * outright is refused with Payload's 403 before a byte of the body is read. A rule that needs
 * the body or the document to decide (a row filter) is left to Payload's own check.
 */
export function decideAccessBeforeReadingBodies(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    if (!Array.isArray(collection.endpoints)) continue
    collection.endpoints = collection.endpoints.map((endpoint) => {
      const route = writeRoutes.find(
        (each) => each.method === endpoint.method && each.path === endpoint.path,
      )
      if (!route) return endpoint
      const handler: PayloadHandler = async (req) => {
        const id = req.routeParams?.id
        await executeAccess(
          { id: typeof id === 'string' || typeof id === 'number' ? id : undefined, req },
          collection.access[route.operation],
        )
        return endpoint.handler(req)
      }
      return { ...endpoint, handler }
    })
  }
  return config
}
