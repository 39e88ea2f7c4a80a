import config from '@payload-config'
import { getPayload } from 'payload'

import { serveSandboxApi } from '@/shop/paymentSandbox/serveSandboxApi'

type Context = { params: Promise<{ path?: string[] }> }

/**
 * `/v1/checkout/sessions/...`: the payment sandbox's Stripe-compatible API, where the app's
 * Stripe client sends its requests while the sandbox is on (Stripe's SDK always calls
 * `/v1/...` on the host it is given). Not part of this app's own API (`/api`, the reference).
 */
async function handle(request: Request, context: Context) {
  const payload = await getPayload({ config })
  return serveSandboxApi({ payload, request, path: (await context.params).path ?? [] })
}

export { handle as GET, handle as POST }
