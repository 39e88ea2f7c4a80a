import { classifyResponse } from '../classifyResponse'
import type { DeliveryStatus } from '../deliveryStatus'
import { buildDeliveryRequest } from '../deliveryRequest'
import { nextRetryDelay, parseRetryAfter } from '../retryPolicy'
import { signingSecrets } from '../secret'
import type { ClaimedDelivery } from './claimDeliveries'
import { exchange } from './outboundHttp'
import type { AppConfig } from '@/config/appConfig'

type WorkerConfig = AppConfig['webhooks']

/** The result of one attempt, as the outcome writer records it. */
export type AttemptOutcome = {
  deliveryId: number
  subscriptionId: string
  /**
   * The lease of the claim it was sent under: the outcome is recorded only while the delivery
   * is still held under that claim (src/webhooks/worker/recordOutcomes.ts).
   */
  leaseExpiresAt: Date
  /** For the attempt log: which attempt, asked for by hand or not, when it started. */
  attempt: number
  isManual: boolean
  attemptedAt: Date
  /** The `webhook-signature` header sent. */
  signature: string | null
  /** Every request header sent, by lower-case name (absent: not known, nothing is logged). */
  requestHeaders?: Record<string, string>
  isSuccess: boolean
  /** `succeeded`, `failed` (a retry is due at `nextAttemptAt`) or `dead`. */
  status: Extract<DeliveryStatus, 'succeeded' | 'failed' | 'dead'>
  nextAttemptAt: Date | null
  responseStatus: number | null
  responseBody: string | null
  error: string | null
  durationMs: number
}

/** Sends one claimed delivery, signed, and works out what comes next for it. */
export async function sendDelivery(
  delivery: ClaimedDelivery,
  settings: Pick<WorkerConfig, 'retrySchedule' | 'allowedAddressRanges'>,
): Promise<AttemptOutcome> {
  const { retrySchedule } = settings
  const now = new Date()
  const request = buildDeliveryRequest({
    eventId: delivery.eventId,
    type: delivery.eventType,
    occurredAt: new Date(delivery.occurredAt),
    data: delivery.payload,
    secrets: signingSecrets({
      secret: delivery.secret,
      secretOld: delivery.secretOld,
      secretRotatedAt: delivery.secretRotatedAt,
      secretOlder: delivery.secretOlder,
      secretOlderValidUntil: delivery.secretOlderValidUntil,
      now,
    }),
    extraHeaders: delivery.headers,
    isTest: delivery.isTest,
    now,
  })
  const result = await exchange({
    url: delivery.endpointUrl,
    method: 'POST',
    headers: request.headers,
    body: request.body,
    timeoutMs: delivery.timeoutSeconds * 1000,
    allowed: settings.allowedAddressRanges,
  })
  const verdict = classifyResponse(
    result.kind === 'response'
      ? { kind: 'response', status: result.status }
      : { kind: 'error', message: result.message },
  )
  const base = {
    deliveryId: delivery.id,
    subscriptionId: delivery.subscriptionId,
    leaseExpiresAt: delivery.leaseExpiresAt,
    attempt: delivery.attempt,
    isManual: delivery.isManual,
    attemptedAt: now,
    signature: request.headers['webhook-signature'] ?? null,
    requestHeaders: request.headers,
    isSuccess: verdict.isSuccess,
    responseStatus: result.kind === 'response' ? result.status : null,
    responseBody: result.kind === 'response' ? result.body : null,
    error: result.kind === 'error' ? result.message : null,
    durationMs: result.durationMs,
  }
  if (verdict.isSuccess) return { ...base, status: 'succeeded', nextAttemptAt: null }
  const retryAfterMs =
    verdict.honoursRetryAfter && result.kind === 'response'
      ? parseRetryAfter(result.retryAfter, now)
      : null
  const delay = nextRetryDelay({ attempt: delivery.attempt, schedule: retrySchedule, retryAfterMs })
  return delay === null
    ? { ...base, status: 'dead', nextAttemptAt: null }
    : { ...base, status: 'failed', nextAttemptAt: new Date(Date.now() + delay) }
}
