import type { CallerChecks } from '@/http/callerChecks'
import { hasAdminRole, hasEditorRole } from '../roles'
import { assertPortalChangeAllowed, authenticatePortalSession } from '../portal/portalSessionAuth'

/**
 * The identity domain's rules for `defineEndpoint`: the roles each access level asks for (an
 * admin holds every editor right), and the portal's cookie session on the routes that accept
 * one.
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
}
