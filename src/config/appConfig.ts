import type { Payload } from 'payload'

/**
 * The whole configuration of one process, read and checked once at start (`loadConfig` in
 * `src/composition`) and handed to whatever needs a part of it. This module declares only what
 * belongs to the process itself; each domain and shared layer adds its own part beside the
 * variables it comes from, by declaration merging:
 *
 * ```ts
 * declare module '@/config/appConfig' {
 *   interface AppConfig {
 *     webhooks: WebhookSettings
 *   }
 * }
 * ```
 *
 * so that `configOf(payload)` is typed with every part without this module importing a domain.
 */
export interface AppConfig {
  /** `NODE_ENV=production`. */
  isProduction: boolean
  /**
   * Whether this process is the app's server (`scripts/server.mjs` sets `APP_SERVER_PROCESS`;
   * Next's own CLI sets `NEXT_RUNTIME`), not a build, a script or a test process. Only the app
   * server runs the background work (webhook worker, order sweeper, payment sandbox).
   */
  isAppServer: boolean
  /** `SHUTDOWN_TIMEOUT_SECONDS`, in milliseconds. */
  shutdownMs: number
}

/** The configuration a Payload instance was built with (`payload.config.ts` puts it there). */
export function configOf(payload: Pick<Payload, 'config'>): AppConfig {
  const config = (payload.config.custom as { app?: AppConfig } | undefined)?.app
  if (!config) throw new Error('This Payload instance was built without the app configuration')
  return config
}
