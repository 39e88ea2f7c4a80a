import config from '@payload-config'
import { getPayload } from 'payload'

import { serveSandboxApi } from '@/shop/paymentSandbox/serveSandboxApi'

/**
 * `/v1/refunds`: the payment sandbox's refunds (Stripe's API, for the app's own Stripe client
 * while the sandbox is on). Not part of this app's own API.
 */
async function handle(request: Request) {
  const payload = await getPayload({ config })
  return serveSandboxApi({ payload, request, path: [], resource: 'refunds' })
}

export { handle as GET, handle as POST }
