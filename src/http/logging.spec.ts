import { Writable } from 'node:stream'

import { pino } from 'pino'
import { describe, expect, it } from 'vitest'

import { appLogger } from './logging'
import { requestContext } from '@/runtime/requestContext'

/** The production logger writing JSON lines into an array. */
function productionLogger() {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const config = appLogger({ level: 'info', isProduction: true }) as { options: object }
  return { logger: pino(config.options, sink), lines }
}

describe('appLogger', () => {
  it('writes a 4xx error at info, message and status only, whatever its class is called', () => {
    const { logger, lines } = productionLogger()
    const refused = Object.assign(new Error('The email or password provided is incorrect.'), {
      name: 'j', // a class name the production build minified
      status: 401,
    })
    logger.error({ err: refused })
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        status: 401,
        msg: 'The email or password provided is incorrect.',
      }),
    ])
    expect(lines[0]).not.toHaveProperty('err')
  })

  it('keeps server errors at error level, with their stack', () => {
    const { logger, lines } = productionLogger()
    logger.error({ err: Object.assign(new Error('connection refused'), { status: 500 }) })
    logger.error({ err: new Error('no status at all') })
    expect(lines.map((line) => line.level)).toEqual([50, 50])
    expect(lines[0]).toHaveProperty('err.stack')
  })

  it('adds the request id to every line written while a request is served', () => {
    const { logger, lines } = productionLogger()
    requestContext().run({ requestId: 'req-42' }, () => logger.info('inside'))
    logger.info('outside')
    expect(lines[0]).toMatchObject({ msg: 'inside', requestId: 'req-42' })
    expect(lines[1]).not.toHaveProperty('requestId')
  })
})
