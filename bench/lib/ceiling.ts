import { Agent, request } from 'undici'

import { buildDeliveryRequest } from '../../src/webhooks/deliveryRequest'
import { generateSecret } from '../../src/webhooks/secret'

/**
 * The ceiling the webhook benches hold a worker against: `total` deliveries signed as the
 * engine signs them, sent straight to `receiverUrl` with undici, `inFlight` at a time, to
 * `paths` paths under `/direct/` (the worker's runs spread over as many endpoints). No database,
 * no queue: what sending the same requests costs on this machine. Returns the rate, per second.
 */
export async function sendAtCeiling(args: {
  receiverUrl: string
  total: number
  inFlight: number
  paths: number
}): Promise<number> {
  const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
  const secret = generateSecret()
  let next = 0
  const started = performance.now()
  try {
    await Promise.all(
      Array.from({ length: args.inFlight }, async () => {
        while (next < args.total) {
          const index = next++
          const { body, headers } = buildDeliveryRequest({
            eventId: `evt_${index}`,
            type: 'order.paid',
            occurredAt: new Date(),
            data: { id: index },
            secrets: [secret],
            now: new Date(),
          })
          const response = await request(`${args.receiverUrl}/direct/${index % args.paths}`, {
            method: 'POST',
            headers,
            body,
            dispatcher: agent,
          })
          await response.body.text()
          if (response.statusCode !== 200) {
            throw new Error(`direct send got ${response.statusCode}`)
          }
        }
      }),
    )
    return args.total / ((performance.now() - started) / 1000)
  } finally {
    await agent.close()
  }
}
