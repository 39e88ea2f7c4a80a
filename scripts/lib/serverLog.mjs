/**
 * The app server's own log lines, on stdout: a JSON object in production (as Payload's logger
 * writes), text otherwise.
 * @param {boolean} isProduction
 * @returns {(level: 'info' | 'warn' | 'error', msg: string) => void}
 */
export function serverLog(isProduction) {
  const levels = { info: 30, warn: 40, error: 50 }
  return (level, msg) => {
    if (isProduction) {
      console.log(JSON.stringify({ level: levels[level], time: Date.now(), name: 'server', msg }))
    } else console.log(`[server] ${level === 'info' ? '' : `${level.toUpperCase()}: `}${msg}`)
  }
}
