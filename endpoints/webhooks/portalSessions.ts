import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { configOf } from '@/config/appConfig'
import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import { serverUrlOf } from '@/http/serverUrl'
import { forbidden } from '@/http/errors'
import { openPortalLink } from '@/identity/operations/openPortalLink'
import { apiKeyIndex, presentedApiKey } from '@/identity/secrets'
import { portalLinkInput, portalLinkOutput } from '@/identity/contracts/portalSessions'
import { requireConsumer } from './requireConsumer'

/**
 * The link answer for the consumer `consumerId`, asked for by `openedBy` (with the API key whose
 * index is `keyIndex`, for a consumer).
 */
export async function portalLinkResponse(args: {
  req: PayloadRequest
  consumerId: string
  openedBy: string
  keyIndex: string | null
  body: unknown
}): Promise<Response> {
  const input = parseInput(portalLinkInput, args.body === undefined ? {} : args.body)
  const settings = configOf(args.req.payload).portal
  const link = await openPortalLink({
    req: args.req,
    consumerId: args.consumerId,
    isReadOnly: input.read_only ?? false,
    minutes: input.expires_in_minutes ?? settings.linkMinutes,
    openedBy: args.openedBy,
    keyIndex: args.keyIndex,
    idleMinutes: settings.idleMinutes,
  })
  const body: z.infer<typeof portalLinkOutput> = {
    url: `${serverUrlOf(args.req)}/portal/enter#token=${link.token}`,
    expires_at: link.expiresAt.toISOString(),
  }
  return Response.json(body, { status: 201, headers: { 'cache-control': 'no-store' } })
}

export const createPortalSessionEndpoint = defineEndpoint({
  path: '/webhooks/portal-sessions',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'createPortalSession',
    summary: 'A link into the integrator portal',
    description:
      'A one-time link into your portal, where your staff manage endpoints, read the delivery ' +
      'log, replay and rotate secrets in a browser without the API key. Opening it starts a ' +
      'cookie session that ends after `PORTAL_SESSION_IDLE_MINUTES` (30) without a request ' +
      'and `PORTAL_SESSION_HOURS` (12) after it began. A portal session cannot ask for links ' +
      'itself: only the API key can. The link and its session end with the key that asked for ' +
      'them: when an admin changes the key, turns API access off or deletes the consumer.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    body: portalLinkInput,
    bodyOptional: true,
    responses: { 201: { description: 'The link', schema: portalLinkOutput } },
    errors: ['forbidden'],
  },
  handler: async (req) => {
    const consumerId = requireConsumer(req)
    // The link, and the session it opens, last only while this key is the consumer's key.
    const key = presentedApiKey(req.headers)
    if (!key) throw forbidden('Portal links are asked for with the API key itself')
    return portalLinkResponse({
      req,
      consumerId,
      openedBy: 'consumer',
      keyIndex: apiKeyIndex(key, req.payload.secret),
      body: await readJsonBody(req),
    })
  },
})
