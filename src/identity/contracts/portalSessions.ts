import { z } from 'zod'

import { maxLinkMinutes } from '@/identity/portal/portalSettings'

/** Body of `POST /webhooks/portal-sessions` (and of the admin panel's portal link). */
export const portalLinkInput = z
  .strictObject({
    read_only: z
      .boolean()
      .optional()
      .describe('The session can look at everything and change nothing; false when absent'),
    expires_in_minutes: z
      .number()
      .int()
      .min(1)
      .max(maxLinkMinutes)
      .optional()
      .describe('How long the link can be opened; `PORTAL_LINK_MINUTES` (15) when absent'),
  })
  .meta({ id: 'PortalLinkInput' })

/** A one-time link into the portal. */
export const portalLinkOutput = z
  .object({
    url: z
      .url()
      .describe(
        "Opens the caller's portal once; its token is in the fragment, which browsers never " +
          'send to a server or in a `Referer`',
      ),
    expires_at: z.iso.datetime().describe('After this the link opens nothing'),
  })
  .meta({ id: 'PortalLink' })

/** Body of the exchange: the token of the link's fragment. */
export const portalExchangeInput = z
  .strictObject({ token: z.string().max(200).describe("The link's `#token=` value") })
  .meta({ id: 'PortalExchangeInput' })

/** Answer of the exchange: the session that started. */
export const portalSessionOutput = z.object({
  data: z.object({
    read_only: z.boolean(),
    expires_at: z.iso.datetime().describe('The latest the session can last'),
  }),
})

/** Answer of `GET /webhooks/portal-sessions/current`. */
export const currentPortalSessionOutput = z.object({
  data: z.object({
    consumer: z.object({ id: z.string(), name: z.string() }),
    read_only: z.boolean(),
    expires_at: z.iso
      .datetime()
      .describe('When the session ends unless used again (idle limit), or its last moment'),
    acting_admin: z
      .object({
        email: z.string().describe('The email of the admin who opened the session'),
        back_url: z.string().describe("The consumer's page in the admin panel (a path)"),
      })
      .nullable()
      .describe(
        "The admin acting as the consumer, when an admin opened this session from the admin panel's " +
          'consumer page; null when the consumer opened it with its API key',
      ),
  }),
})
/** The portal session of this browser: whose portal, read-only or not, when it ends. */
export type PortalSession = z.infer<typeof currentPortalSessionOutput>['data']

/** Path parameter of the admin panel's consumer routes: the consumer id. */
export const openPortalAsAdminParams = z.object({ id: z.string().min(1).max(100) })

/** What ending a consumer's portal sessions did. */
export const endedPortalSessionsOutput = z
  .object({
    ended: z
      .number()
      .int()
      .min(0)
      .describe('How many links not yet opened and sessions still running were ended'),
  })
  .meta({ id: 'EndedPortalSessions' })
