import config from '@payload-config'
import { getPayload } from 'payload'

import { serveSandboxPages } from '@/shop/paymentSandbox/serveSandboxPages'

type Context = { params: Promise<{ path: string[] }> }

/** `/payment-sandbox/{id}` (and its `/pay`, `/cancel` forms): the sandbox's test payment page. */
async function handle(request: Request, context: Context) {
  const payload = await getPayload({ config })
  return serveSandboxPages({ payload, request, path: (await context.params).path })
}

export { handle as GET, handle as POST }
