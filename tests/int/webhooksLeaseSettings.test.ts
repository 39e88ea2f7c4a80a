import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { runToExit } from '../helpers/processGroups'
import { startWebhookWorker } from '../../src/webhooks/worker/worker'
import { getTestPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

describe('a lease that cannot cover the longest send', () => {
  // Before: a 5 s lease with a 10 s endpoint timeout left every claim unsent, rows stuck in
  // `delivering`, nothing logged, 0 of 20 delivered in 40 s.
  it.each(['scripts/worker.ts', 'scripts/start.ts'])(
    'stops %s at start with a message naming the setting and its minimum',
    async (script) => {
      const { code, output } = await runToExit(script, { WEBHOOK_LEASE_SECONDS: '5' })
      expect(code).toBe(2)
      expect(output).toContain('WEBHOOK_LEASE_SECONDS=5 cannot cover the longest send')
      expect(output).toContain('at least 35')
    },
  )

  it('is refused by the worker itself, whoever starts it', async () => {
    await expect(startWebhookWorker(payload, { leaseMs: 5000 })).rejects.toThrow(
      /cannot cover the longest send/,
    )
  })
})
