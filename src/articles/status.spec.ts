import { describe, expect, it } from 'vitest'

import { articleStatuses, commentStatuses } from './status'
import { publicArticleStatus, publicCommentStatus } from './visibility'

describe('article statuses', () => {
  it("are Payload's publication statuses: draft and published", () => {
    expect(articleStatuses).toEqual(['draft', 'published'])
  })

  it('show readers only the published stage, never a draft', () => {
    const visible = articleStatuses.filter((status) => status === publicArticleStatus)
    expect(visible).toEqual(['published'])
    expect(articleStatuses[0]).not.toBe(publicArticleStatus)
  })
})

describe('comment statuses', () => {
  it('start pending and become approved, the only status readers see', () => {
    expect(commentStatuses).toEqual(['pending', 'approved'])
    expect(commentStatuses.filter((status) => status === publicCommentStatus)).toEqual(['approved'])
  })
})
