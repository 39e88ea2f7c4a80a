import { token as tokenReader, wholeNumber } from '@/config/readers'
import { optional, type ValuesOf } from '@/config/variables'
import { secretsMatch } from '@/identity/secrets'

declare module '@/config/appConfig' {
  interface AppConfig {
    observability: ObservabilitySettings
  }
}

/** Who may scrape the metrics, and the worker's own port. */
export type ObservabilitySettings = {
  /** `METRICS_TOKEN`; unset, no metrics. */
  metricsToken?: string
  /** `WORKER_HTTP_PORT`; unset, the worker serves no HTTP. */
  workerHttpPort?: number
}

/** The variables of health checks and metrics. */
export const observabilityVariables = {
  METRICS_TOKEN: optional({
    group: 'Health and metrics',
    description: 'Bearer token of `GET /api/metrics`.',
    reader: tokenReader,
    unset: 'no metrics are recorded or served (404)',
  }),
  WORKER_HTTP_PORT: optional({
    group: 'Health and metrics',
    description:
      'Port of `npm run worker`\u2019s own health and metrics server (`0`: any free port).',
    reader: wholeNumber({ min: 0, max: 65_535 }),
    unset: 'none',
  }),
}

/** Observability's settings from its variables' values. */
export function observabilitySettings(
  v: ValuesOf<typeof observabilityVariables>,
): ObservabilitySettings {
  return { metricsToken: v.METRICS_TOKEN, workerHttpPort: v.WORKER_HTTP_PORT }
}

/**
 * Whether an `Authorization` header is `Bearer <token>` with the metrics token, compared in
 * constant time (src/identity/secrets.ts), so that its length and content do not leak.
 */
export function isMetricsCaller(authorization: string | null, token: string): boolean {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match || !token) return false
  return secretsMatch(match[1]!, token)
}
