import {
  executeAccess,
  type AccessResult,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
  type SanitizedCollectionConfig,
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
