import config from '@payload-config'
import { getPayload } from 'payload'

import { sandboxPages } from '@/shop/paymentSandbox/sandboxPages'

type Context = { params: Promise<{ path: string[] }> }

/** `/payment-sandbox/{id}` (and its `/pay`, `/cancel` forms): the sandbox's test payment page. */
async function handle(request: Request, context: Context) {
  const payload = await getPayload({ config })
  return sandboxPages({ payload, request, path: (await context.params).path })
}

export { handle as GET, handle as POST }
