import { describe, expect, it } from 'vitest'

import { articleStatuses, commentStatuses } from './status'
import { publicArticleStatus, publicCommentStatus } from './visibility'

describe('article statuses', () => {
  it('follow the life cycle draft → published → archived', () => {
    expect(articleStatuses).toEqual(['draft', 'published', 'archived'])
  })

  it('show readers only the published stage: neither a draft nor a withdrawn article', () => {
    const visible = articleStatuses.filter((status) => status === publicArticleStatus)
    expect(visible).toEqual(['published'])
    expect(articleStatuses[0]).not.toBe(publicArticleStatus)
    expect(articleStatuses.at(-1)).not.toBe(publicArticleStatus)
  })
})

describe('comment statuses', () => {
  it('start pending and become approved, the only status readers see', () => {
    expect(commentStatuses).toEqual(['pending', 'approved'])
    expect(commentStatuses.filter((status) => status === publicCommentStatus)).toEqual(['approved'])
  })
})
