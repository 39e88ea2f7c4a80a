import { describe, expect, it } from 'vitest'

import { workerSettings } from './workerSettings'

describe('workerSettings', () => {
  it('has defaults for every setting', () => {
    expect(workerSettings({})).toEqual({
      concurrency: 50,
      endpointConcurrency: 10,
      leaseMs: 60_000,
      pollMs: 1000,
      retrySchedule: [
        0, 5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000,
        86_400_000,
      ],
    })
  })

  it('reads the environment and refuses nonsense', () => {
    const settings = workerSettings({
      WEBHOOK_RETRY_SCHEDULE: '0,10ms,1s',
      WEBHOOK_LEASE_SECONDS: '5',
    })
    expect(settings.retrySchedule).toEqual([0, 10, 1000])
    expect(settings.leaseMs).toBe(5000)
    expect(() => workerSettings({ WEBHOOK_CONCURRENCY: '-1' })).toThrow(/WEBHOOK_CONCURRENCY/)
  })
})
