/**
 * Whether this process is the app's server (`npm start`, `npm run dev`: `scripts/server.mjs`,
 * which sets `APP_SERVER_PROCESS`; or Next's own CLI, which sets `NEXT_RUNTIME`), and not a
 * build, a script or a test process, which initialise Payload too. Only the app server runs
 * the background work (webhook worker, order sweeper, payment sandbox).
 */
export function isAppServer(env: Record<string, string | undefined> = process.env): boolean {
  const isServer = env.APP_SERVER_PROCESS === 'true' || Boolean(env.NEXT_RUNTIME)
  return isServer && env.NEXT_PHASE !== 'phase-production-build'
}
