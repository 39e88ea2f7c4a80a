import { describe, expect, it } from 'vitest'

import { isAppServer } from './appServer'

describe('isAppServer', () => {
  it('is the process scripts/server.mjs runs, or one Next runs', () => {
    expect(isAppServer({ APP_SERVER_PROCESS: 'true' })).toBe(true)
    expect(isAppServer({ NEXT_RUNTIME: 'nodejs' })).toBe(true)
  })

  it('is not a build, a script or a test process', () => {
    expect(isAppServer({})).toBe(false)
    expect(isAppServer({ VITEST: 'true' })).toBe(false)
    expect(isAppServer({ APP_SERVER_PROCESS: 'true', NEXT_PHASE: 'phase-production-build' })).toBe(
      false,
    )
  })
})
