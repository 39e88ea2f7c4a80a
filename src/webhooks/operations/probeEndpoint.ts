import { exchange } from '../worker/outboundHttp'

/** Timeout of the reachability probe made on subscribe (`WEBHOOK_PROBE_TIMEOUT_MS`). */
const probeTimeoutMs = () => Number(process.env.WEBHOOK_PROBE_TIMEOUT_MS) || 3000

/**
 * A `HEAD` request to a new endpoint, for the record only: whatever the result, the
 * subscription is accepted. Any HTTP answer, even 405, means the endpoint is reachable.
 */
export async function probeEndpoint(endpointUrl: string) {
  const result = await exchange({
    url: endpointUrl,
    method: 'HEAD',
    headers: { 'user-agent': 'content-shop-webhooks/1 (probe)' },
    timeoutMs: probeTimeoutMs(),
  })
  return {
    checkedAt: new Date().toISOString(),
    result:
      result.kind === 'response'
        ? `reachable: HTTP ${result.status}`
        : `unreachable: ${result.message}`.slice(0, 500),
  }
}
