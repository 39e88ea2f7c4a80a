import { describe, expect, it } from 'vitest'

import { containsPattern } from './containsPattern'

describe('containsPattern', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(containsPattern('50%_off\\now')).toBe('%50\\%\\_off\\\\now%')
    expect(containsPattern('plain')).toBe('%plain%')
  })
})
