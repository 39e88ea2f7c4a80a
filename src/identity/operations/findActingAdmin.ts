import type { PayloadRequest } from 'payload'

import type { PortalSession } from '@/identity/contracts/portalSessions'

/**
 * The admin who opened a portal session from the consumer's page in the admin panel
 * (`openedBy` is `admin:<id>`), with the way back to that page; null for a session the consumer
 * opened itself. An admin since deleted is `unknown`: the session says an admin opened it.
 */
export async function findActingAdmin(
  req: PayloadRequest,
  openedBy: string,
  consumerId: string,
): Promise<PortalSession['acting_admin']> {
  if (!openedBy.startsWith('admin:')) return null
  const admin = await req.payload.findByID({
    collection: 'users',
    id: openedBy.slice('admin:'.length),
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })
  return {
    email: admin?.email ?? 'unknown',
    back_url: `${req.payload.config.routes.admin}/collections/consumers/${encodeURIComponent(consumerId)}`,
  }
}
