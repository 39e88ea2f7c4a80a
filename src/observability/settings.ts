import { secretsMatch } from '@/identity/secrets'

type Env = Record<string, string | undefined>

/** `METRICS_TOKEN`: the bearer token a scraper sends; unset (or blank), no metrics are served. */
export function metricsToken(env: Env): string | undefined {
  return env.METRICS_TOKEN?.trim() || undefined
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

/**
 * `WORKER_HTTP_PORT`: the port of `npm run worker`'s own small HTTP server (health, readiness,
 * metrics); unset, it serves none. `0` picks a free port. Anything else is refused at start.
 */
export function workerHttpPort(env: Env): number | undefined {
  const raw = env.WORKER_HTTP_PORT?.trim()
  if (!raw) return undefined
  const port = Number(raw)
  if (!/^\d+$/.test(raw) || port > 65_535) {
    throw new Error(`WORKER_HTTP_PORT must be a port number from 0 to 65535; got "${raw}"`)
  }
  return port
}
