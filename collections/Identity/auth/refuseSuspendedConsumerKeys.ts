import type { Payload } from 'payload'

/**
 * Payload's own API key strategy of the consumers (`Authorization: consumers API-Key <key>`),
 * made to authenticate no suspended consumer, as `apiKeyHeaderStrategy` does for `X-API-Key`.
 * Payload builds that strategy itself when it starts (from `useAPIKey`), so it is wrapped here,
 * once Payload has started (`onInit`).
 */
export function refuseSuspendedConsumerKeys(payload: Payload) {
  payload.authStrategies = payload.authStrategies.map((strategy) =>
    strategy.name === 'consumers-api-key'
      ? {
          ...strategy,
          authenticate: async (args) => {
            const result = await strategy.authenticate(args)
            const user = result.user as { suspended?: boolean | null } | null
            return user?.suspended === true ? { ...result, user: null } : result
          },
        }
      : strategy,
  )
}
