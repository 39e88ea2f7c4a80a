/** What `npm run dev` lets webhooks reach when `WEBHOOK_ALLOWED_ADDRESS_RANGES` is unset. */
const developmentRanges = 'loopback'

/**
 * `npm run dev` lets webhooks reach this machine (a receiver on localhost), unless
 * `WEBHOOK_ALLOWED_ADDRESS_RANGES` is set (even empty). Production has no such default: it
 * reaches public addresses only, unless the operator allows more.
 */
export function allowLoopbackWebhooksInDevelopment(
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
) {
  if (env.WEBHOOK_ALLOWED_ADDRESS_RANGES !== undefined) return
  env.WEBHOOK_ALLOWED_ADDRESS_RANGES = developmentRanges
  log(
    `[webhooks] development: webhooks may reach loopback addresses (localhost) ` +
      `(WEBHOOK_ALLOWED_ADDRESS_RANGES=${developmentRanges}; set it, even empty, to choose)`,
  )
}
