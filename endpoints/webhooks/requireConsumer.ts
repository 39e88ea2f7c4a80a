import type { PayloadRequest } from 'payload'

import { isConsumer } from '@/identity/roles'
import { forbidden } from '@/http/errors'

/**
 * The calling consumer's id. Webhook subscriptions belong to API consumers, who authenticate
 * with an API key: a logged-in user, admins included, gets 403 here and manages subscriptions
 * in the admin panel instead.
 */
export function requireConsumer(req: PayloadRequest): string {
  if (!isConsumer(req.user)) {
    throw forbidden('Webhook subscriptions belong to API consumers: authenticate with an API key')
  }
  return String(req.user!.id)
}

/** The `:id` path parameter. */
export const routeId = (req: PayloadRequest) => String(req.routeParams?.id ?? '')
