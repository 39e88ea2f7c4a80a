import { backgroundWork } from './appBridge.mjs'

/**
 * Stops the app server on SIGTERM or SIGINT: stops accepting connections, lets the requests it
 * has be answered (`Connection: close` on each, see `scripts/server.mjs`), waits for its
 * connections to end, stops the background work and closes the database pool, and exits 0;
 * past `shutdownSeconds` it exits 1 with what was left. Upgraded connections, which never end
 * by themselves, and those still reading the rest of a refused body after their answer
 * (`lingering`, see `src/http/closeAfterEarlyAnswers.mjs`) are cut at once.
 * @param {{
 *   server: import('node:http').Server,
 *   upgraded: Set<import('node:stream').Duplex>,
 *   lingering: Set<import('node:stream').Duplex>,
 *   shutdownSeconds: number,
 *   log: (level: 'info' | 'warn' | 'error', msg: string) => void,
 *   signal: string,
 * }} args
 */
export async function stopServer({ server, upgraded, lingering, shutdownSeconds, log, signal }) {
  const deadline = Date.now() + shutdownSeconds * 1000
  log('info', `${signal}: stopping (at most ${shutdownSeconds} s)`)
  setTimeout(() => {
    const left = backgroundWork()?.names() ?? []
    log(
      'error',
      `Shutdown took longer than ${shutdownSeconds} s; exiting with ` +
        `${server.listening ? 'connections still open' : 'connections closed'}` +
        `${left.length ? `, still stopping: ${left.join(', ')}` : ''}`,
    )
    process.exit(1)
  }, shutdownSeconds * 1000).unref()
  const closed = new Promise((resolve) => server.close(resolve))
  for (const socket of [...upgraded, ...lingering]) socket.destroy()
  await closed
  log('info', 'Every connection is closed; stopping the background work')
  const { unfinished = [] } = (await backgroundWork()?.stopAll(deadline)) ?? {}
  if (unfinished.length) log('warn', `Not stopped cleanly: ${unfinished.join(', ')}`)
  log('info', 'Stopped')
  process.exit(0)
}
