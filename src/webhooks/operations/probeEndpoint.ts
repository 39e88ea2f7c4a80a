import { exchange } from '../worker/outboundHttp'
import type { AppConfig } from '@/config/appConfig'

/**
 * A `HEAD` request to a new endpoint, for the record only: whatever the result, the
 * subscription is accepted. Any HTTP answer, even 405, means the endpoint is reachable.
 */
export async function probeEndpoint(
  endpointUrl: string,
  settings: Pick<AppConfig['webhooks'], 'probeTimeoutMs' | 'allowedAddressRanges'>,
) {
  const result = await exchange({
    url: endpointUrl,
    method: 'HEAD',
    headers: { 'user-agent': 'content-shop-webhooks/1 (probe)' },
    timeoutMs: settings.probeTimeoutMs,
    allowed: settings.allowedAddressRanges,
  })
  return {
    checkedAt: new Date().toISOString(),
    result:
      result.kind === 'response'
        ? `reachable: HTTP ${result.status}`
        : `unreachable: ${result.message}`.slice(0, 500),
  }
}
