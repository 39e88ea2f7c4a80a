import { z } from 'zod'

import { configOf } from '@/config/appConfig'
import { defineEndpoint } from '@/http/defineEndpoint'
import { unauthorized } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { assertSameOrigin } from '@/identity/portal/portalSessionAuth'
import { readJsonBody } from '@/http/readJsonBody'
import { exchangePortalLink } from '@/identity/operations/exchangePortalLink'
import { sessionCookie } from '@/identity/portal/portalTokens'
import { portalExchangeInput, portalSessionOutput } from '@/identity/contracts/portalSessions'

export const exchangePortalSessionEndpoint = defineEndpoint({
  path: '/webhooks/portal-sessions/exchange',
  method: 'post',
  family: 'resource',
  access: 'anyone',
  rateLimit: 'credentials',
  countsOnlyRefusals: true,
  openapi: {
    operationId: 'exchangePortalLink',
    summary: 'Open a portal link (the portal page calls it)',
    description:
      'Exchanges the token of a link from `POST /webhooks/portal-sessions` for the session ' +
      'cookie (`HttpOnly`, `SameSite=Strict`, `Secure` outside development). A link opens once: ' +
      'used, expired or unknown, it is a 401. Only from a page of this site (`Origin`), else 403.',
    tags: ['Webhook subscriptions'],
    security: [],
    body: portalExchangeInput,
    responses: {
      200: {
        description: 'The session started; `Set-Cookie` carries it',
        schema: portalSessionOutput,
      },
    },
    errors: ['unauthorized', 'forbidden'],
  },
  handler: async (req) => {
    // The portal's own page asks; another site's page could sign a visitor into a portal of
    // its choosing (login CSRF).
    assertSameOrigin(req)
    const { token } = parseInput(portalExchangeInput, await readJsonBody(req))
    const settings = configOf(req.payload).portal
    const session = await exchangePortalLink({
      payload: req.payload,
      token,
      sessionHours: settings.sessionHours,
    })
    if (!session) {
      throw unauthorized(
        'This portal link was already used, has expired, or is not a link this service issued',
      )
    }
    const body: z.infer<typeof portalSessionOutput> = {
      data: { read_only: session.isReadOnly, expires_at: session.endsAt.toISOString() },
    }
    return Response.json(body, {
      headers: {
        'set-cookie': sessionCookie({
          token: session.sessionToken,
          maxAgeSeconds: (session.endsAt.getTime() - Date.now()) / 1000,
          settings,
        }),
        'cache-control': 'no-store',
      },
    })
  },
})
