import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { defineEndpoint } from '@/http/defineEndpoint'
import { unauthorized } from '@/http/errors'
import { portalSessionOf } from '@/identity/portal/portalSessionAuth'
import { endPortalSession } from '@/identity/operations/endPortalSession'
import { findActingAdmin } from '@/identity/operations/findActingAdmin'
import { clearedSessionCookie } from '@/identity/portal/portalTokens'
import { currentPortalSessionOutput, type PortalSession } from '@/identity/contracts/portalSessions'

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
    description:
      'Whose portal it is, whether it is read-only, when it ends if left idle, and which admin acts as the consumer when an admin opened it from the admin panel.',
    tags: ['Webhook subscriptions'],
    security: ['portalSession'],
    responses: { 200: { description: 'The session', schema: currentPortalSessionOutput } },
  },
  handler: async (req) => {
    const session = sessionOf(req)
    const consumerId = String(req.user!.id)
    const body: { data: PortalSession } = {
      data: {
        consumer: { id: consumerId, name: String(req.user!.name ?? '') },
        read_only: session.isReadOnly,
        expires_at: session.expiresAt.toISOString(),
        acting_admin: await findActingAdmin(req, session.openedBy, consumerId),
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
