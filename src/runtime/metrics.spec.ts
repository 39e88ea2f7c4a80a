import { describe, expect, it } from 'vitest'

import {
  checkoutOutcomes,
  countCheckout,
  countEmailFailure,
  metrics,
  metricsText,
  observeDeliveryOutcome,
  observeHttpRequest,
  setQueueGauges,
} from './metrics'

/** The value of one series in the exposition text, or undefined when it is absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('metrics', () => {
  it('is one registry per process, however often the module is asked for it', () => {
    expect(metrics()).toBe(metrics())
    const slot = Symbol.for('content-shop.metrics')
    expect((globalThis as Record<symbol, unknown>)[slot]).toBe(metrics())
  })

  it('counts HTTP requests by method, route and status, with their latency', async () => {
    observeHttpRequest({ method: 'GET', route: '/api/v1/articles/:id', status: 200, seconds: 0.02 })
    observeHttpRequest({ method: 'GET', route: '/api/v1/articles/:id', status: 200, seconds: 3 })
    observeHttpRequest({ method: 'PROPFIND', route: 'other', status: 405, seconds: 0.001 })
    const text = await metricsText()
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/v1/articles/:id",status="200"}'
    expect(valueOf(text, series)).toBe(2)
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_bucket{le="0.025",method="GET",route="/api/v1/articles/:id",status="200"}',
      ),
    ).toBe(1)
    // A method outside HTTP's usual set is one label, not whatever a client sent.
    expect(text).toContain('method="other",route="other",status="405"')
  })

  it('counts webhook outcomes and send latency, checkouts and failed e-mails', async () => {
    observeDeliveryOutcome({ status: 'succeeded', durationMs: 120 })
    observeDeliveryOutcome({ status: 'dead', durationMs: 10_000 })
    countCheckout('created')
    countCheckout('conflict')
    countEmailFailure()
    const text = await metricsText()
    expect(valueOf(text, 'webhook_deliveries_total{outcome="succeeded"}')).toBe(1)
    expect(valueOf(text, 'webhook_deliveries_total{outcome="dead"}')).toBe(1)
    expect(valueOf(text, 'webhook_deliveries_total{outcome="failed"}')).toBe(0)
    expect(valueOf(text, 'webhook_send_duration_seconds_count')).toBe(2)
    expect(valueOf(text, 'webhook_send_duration_seconds_sum')).toBeCloseTo(10.12)
    expect(valueOf(text, 'checkouts_total{outcome="created"}')).toBe(1)
    expect(valueOf(text, 'checkouts_total{outcome="conflict"}')).toBe(1)
    for (const outcome of checkoutOutcomes) {
      expect(valueOf(text, `checkouts_total{outcome="${outcome}"}`)).toBeDefined()
    }
    expect(valueOf(text, 'emails_failed_total')).toBe(1)
  })

  it('shows the queue as last read, and NaN when it could not be read', async () => {
    setQueueGauges({
      depth: { pending: 4, failed: 1, delivering: 2 },
      oldestDueAgeSeconds: 12.5,
      disabledSubscriptions: 3,
    })
    let text = await metricsText()
    expect(valueOf(text, 'webhook_queue_depth{status="pending"}')).toBe(4)
    expect(valueOf(text, 'webhook_queue_depth{status="delivering"}')).toBe(2)
    expect(valueOf(text, 'webhook_oldest_due_delivery_age_seconds')).toBe(12.5)
    expect(valueOf(text, 'webhook_subscriptions_disabled')).toBe(3)
    setQueueGauges(undefined)
    text = await metricsText()
    expect(valueOf(text, 'webhook_queue_depth{status="pending"}')).toBeNaN()
    expect(valueOf(text, 'webhook_oldest_due_delivery_age_seconds')).toBeNaN()
  })

  it('includes the process metrics of Node', async () => {
    expect(await metricsText()).toMatch(/^process_resident_memory_bytes \d+/m)
  })
})
