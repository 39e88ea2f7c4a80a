import { backgroundWork } from './appBridge.mjs'

/**
 * Initialises Payload (and so the background work) by asking the app itself whether it is
 * alive, as soon as the server listens, so that nothing waits for a first request; in
 * development this also compiles the API route before anyone waits for it. Tries again, ever
 * more slowly, until it answers or `isStopping()`.
 * @param {{ port: number, log: (level: 'info' | 'warn' | 'error', msg: string) => void, isStopping: () => boolean }} args
 */
export async function bootApp({ port, log, isStopping }) {
  const startedAt = Date.now()
  for (let attempt = 1; !isStopping(); attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { 'x-request-id': 'boot' },
      })
      await response.arrayBuffer()
      if (response.status < 500) {
        const names = backgroundWork()?.names() ?? []
        log(
          'info',
          `Payload initialised in ${Date.now() - startedAt} ms; background work: ${names.join(', ') || 'none'}`,
        )
        return
      }
      log('warn', `Initialising Payload answered ${response.status}; trying again`)
    } catch (error) {
      // undici says only "fetch failed"; the reason (ECONNREFUSED, a reset, a timeout) is its cause.
      const cause = error?.cause
        ? `: ${error.cause.code ?? ''} ${error.cause.message ?? error.cause}`
        : ''
      log('warn', `Initialising Payload failed (${error?.message ?? error}${cause}); trying again`)
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * attempt, 10_000)))
  }
}
