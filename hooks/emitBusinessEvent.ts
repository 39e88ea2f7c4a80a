import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { emitEvent } from '@/webhooks/operations/emitEvent'
import type { WebhookEventName } from '@/webhooks/eventCatalogue'

/**
 * Hooks for a collection whose changes are business events: `created`/`updated` on
 * `afterChange`, `deleted` on `afterDelete` (omit a name to emit nothing for that operation).
 * `toPayload` turns the document (reading more in `req`'s transaction if it needs) into the event's documented payload. A change made with
 * `context.skipBusinessEvents` (seeding, backfills) emits nothing.
 */
export function emitBusinessEvent<T>(options: {
  created?: WebhookEventName
  updated?: WebhookEventName
  deleted?: WebhookEventName
  toPayload: (
    doc: T,
    req: PayloadRequest,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>
}): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  return {
    afterChange: async ({ doc, operation, req, context }) => {
      const type = operation === 'create' ? options.created : options.updated
      if (type && !context?.skipBusinessEvents) {
        await emitEvent({ req, type, data: await options.toPayload(doc as T, req) })
      }
      return doc
    },
    afterDelete: async ({ doc, req, context }) => {
      if (options.deleted && !context?.skipBusinessEvents) {
        await emitEvent({
          req,
          type: options.deleted,
          data: await options.toPayload(doc as T, req),
        })
      }
      return doc
    },
  }
}
