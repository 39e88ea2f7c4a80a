import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import {
  openPortalAsAdminParams,
  portalLinkInput,
  portalLinkOutput,
} from '@/identity/contracts/portalSessions'
import { findConsumerOr404 } from './findConsumerOr404'
import { portalLinkResponse } from './portalSessions'

export const openPortalAsAdminEndpoint = defineEndpoint({
  path: '/:id/portal-link',
  method: 'post',
  family: 'resource',
  access: 'admin',
  openapi: {
    operationId: 'openConsumerPortalAsAdmin',
    summary: "A link into a consumer's portal (admin panel)",
    description:
      'The admin panel\'s "Open portal" on a consumer\'s page: the same one-time link the ' +
      "consumer's `POST /webhooks/portal-sessions` gives, into that consumer's portal. " +
      'Inside, the admin acts as the consumer, under the same rules.',
    tags: ['Administration'],
    params: openPortalAsAdminParams,
    body: portalLinkInput,
    bodyOptional: true,
    responses: { 201: { description: 'The link', schema: portalLinkOutput } },
    errors: ['not_found'],
  },
  handler: async (req) => {
    const { id } = parseInput(openPortalAsAdminParams, { id: req.routeParams?.id })
    const consumer = await findConsumerOr404(req, id)
    return portalLinkResponse({
      req,
      consumerId: String(consumer.id),
      openedBy: `admin:${req.user!.id}`,
      keyIndex: null,
      body: await readJsonBody(req),
    })
  },
})
