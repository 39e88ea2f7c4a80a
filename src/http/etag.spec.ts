import { describe, expect, it } from 'vitest'

import { entityTag, jsonWithEntityTag, matchesIfNoneMatch } from './etag'

describe('entity tags', () => {
  it('changes with the bytes of the body', () => {
    expect(entityTag('{"a":1}')).toBe(entityTag('{"a":1}'))
    expect(entityTag('{"a":1}')).not.toBe(entityTag('{"a":2}'))
  })

  it('matches a listed, weak or wildcard If-None-Match', () => {
    const tag = entityTag('x')
    expect(matchesIfNoneMatch(tag, tag)).toBe(true)
    expect(matchesIfNoneMatch(`"other", W/${tag}`, tag)).toBe(true)
    expect(matchesIfNoneMatch('*', tag)).toBe(true)
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false)
    expect(matchesIfNoneMatch(null, tag)).toBe(false)
  })

  it('answers 304 without a body when the client holds the representation', async () => {
    const first = jsonWithEntityTag({ headers: new Headers() }, { data: [1] })
    expect(first.status).toBe(200)
    const tag = first.headers.get('etag')!
    const second = jsonWithEntityTag(
      { headers: new Headers({ 'if-none-match': tag }) },
      { data: [1] },
    )
    expect(second.status).toBe(304)
    expect(second.headers.get('etag')).toBe(tag)
    expect(await second.text()).toBe('')
  })
})
