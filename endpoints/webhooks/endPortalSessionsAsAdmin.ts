import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { endConsumerPortalSessions } from '@/identity/operations/endConsumerPortalSessions'
import {
  endedPortalSessionsOutput,
  openPortalAsAdminParams,
} from '@/identity/contracts/portalSessions'
import { findConsumerOr404 } from './findConsumerOr404'

export const endPortalSessionsAsAdminEndpoint = defineEndpoint({
  path: '/:id/portal-sessions',
  method: 'delete',
  family: 'resource',
  access: 'admin',
  openapi: {
    operationId: 'endConsumerPortalSessions',
    summary: 'End every portal session of a consumer (admin panel)',
    description:
      'The admin panel\'s "End portal sessions" on a consumer\'s page: every link into that ' +
      "consumer's portal that was not opened yet, and every session, ends at once; their next " +
      'request is a 401. For a leaked link, or staff who left.',
    tags: ['Administration'],
    params: openPortalAsAdminParams,
    responses: { 200: { description: 'Ended', schema: endedPortalSessionsOutput } },
    errors: ['not_found'],
  },
  handler: async (req) => {
    // Any id that names no consumer is a 404, as on the other consumer routes.
    const id = String(req.routeParams?.id ?? '')
    const consumer = await findConsumerOr404(req, id)
    const ended = await endConsumerPortalSessions({
      payload: req.payload,
      consumerId: String(consumer.id),
    })
    const body: z.infer<typeof endedPortalSessionsOutput> = { ended }
    return Response.json(body, { headers: { 'cache-control': 'no-store' } })
  },
})
