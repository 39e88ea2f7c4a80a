import type { PayloadRequest } from 'payload'

import { notFound } from '@/http/errors'
import type { Consumer } from '@/payload-types'

/** The consumer `id`, for an admin's route on it (`/api/consumers/{id}/...`), or a 404. */
export async function findConsumerOr404(req: PayloadRequest, id: string): Promise<Consumer> {
  const consumer = await req.payload.findByID({
    collection: 'consumers',
    id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  if (!consumer) throw notFound(`No consumer ${id}`)
  return consumer
}
