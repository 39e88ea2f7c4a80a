import type { CallerChecks } from '@/http/callerChecks'
import { hasAdminRole, hasEditorRole } from '../roles'
import { assertPortalChangeAllowed, authenticatePortalSession } from '../portal/portalSessionAuth'
import { consumerSuspendedMessage } from '../consumerSuspension'
import { findKeySuspension } from './findKeySuspension'

/**
 * The identity domain's rules for `defineEndpoint`: the roles each access level asks for (an
 * admin holds every editor right), and the portal's cookie session on the routes that accept
 * one; and the 403 of a suspended consumer's API key, naming the suspension.
 */
export const callerChecks: CallerChecks = {
  permits: {
    authenticated: () => true,
    editor: hasEditorRole,
    admin: hasAdminRole,
  },
  async authenticateSession(req) {
    const portal = await authenticatePortalSession(req)
    if (portal.state !== 'live') return portal
    return {
      state: 'live',
      assertChangeAllowed: (options) => assertPortalChangeAllowed(req, portal.session, options),
    }
  },
  async whyCredentialRefused(req) {
    const suspension = await findKeySuspension(req.payload, req.headers)
    return suspension ? consumerSuspendedMessage(suspension) : null
  },
}
