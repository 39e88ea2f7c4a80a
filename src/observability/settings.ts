import { secretsMatch } from '@/identity/secrets'

/**
 * Whether an `Authorization` header is `Bearer <token>` with the metrics token, compared in
 * constant time (src/identity/secrets.ts), so that its length and content do not leak.
 */
export function isMetricsCaller(authorization: string | null, token: string): boolean {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match || !token) return false
  return secretsMatch(match[1]!, token)
}
