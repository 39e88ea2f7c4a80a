import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { configOf } from '@/config/appConfig'
import { defineEndpoint } from '@/http/defineEndpoint'
import { unauthorized } from '@/http/errors'
import { portalSessionOf } from '@/identity/portal/portalSessionAuth'
import { endPortalSession } from '@/identity/operations/endPortalSession'
import { clearedSessionCookie } from '@/identity/portal/portalTokens'

export const currentPortalSessionOutput = z.object({
  data: z.object({
    consumer: z.object({ id: z.string(), name: z.string() }),
    read_only: z.boolean(),
    expires_at: z.iso
      .datetime()
      .describe('When the session ends unless used again (idle limit), or its last moment'),
  }),
})

const sessionOf = (req: PayloadRequest) => {
  const session = portalSessionOf(req)
  if (!session) throw unauthorized('This route answers a portal session (its cookie) only')
  return session
}

export const getPortalSessionEndpoint = defineEndpoint({
  path: '/webhooks/portal-sessions/current',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'getPortalSession',
    summary: 'The portal session of this browser',
    description: 'Whose portal it is, whether it is read-only, and when it ends if left idle.',
    tags: ['Webhook subscriptions'],
    security: ['portalSession'],
    responses: { 200: { description: 'The session', schema: currentPortalSessionOutput } },
  },
  handler: async (req) => {
    const session = sessionOf(req)
    const body: z.infer<typeof currentPortalSessionOutput> = {
      data: {
        consumer: { id: String(req.user!.id), name: String(req.user!.name ?? '') },
        read_only: session.isReadOnly,
        expires_at: session.expiresAt.toISOString(),
      },
    }
    return Response.json(body, { headers: { 'cache-control': 'no-store' } })
  },
})

export const endPortalSessionEndpoint = defineEndpoint({
  path: '/webhooks/portal-sessions/current',
  method: 'delete',
  family: 'resource',
  access: 'authenticated',
  isPortalSignOut: true,
  openapi: {
    operationId: 'endPortalSession',
    summary: 'Sign out of the portal',
    description: 'Ends the session at once (read-only sessions too) and clears its cookie.',
    tags: ['Webhook subscriptions'],
    security: ['portalSession'],
    responses: { 204: { description: 'Signed out' } },
    errors: ['forbidden'],
  },
  handler: async (req) => {
    await endPortalSession({ payload: req.payload, id: sessionOf(req).id })
    return new Response(null, {
      status: 204,
      headers: { 'set-cookie': clearedSessionCookie(configOf(req.payload).portal) },
    })
  },
})
