import { describe, expect, it } from 'vitest'

import {
  publicArticleSql,
  publicArticleStatus,
  publicCommentSql,
  readsUnpublished,
} from './visibility'

describe('article visibility', () => {
  it('lets editors and admins read every status, and nobody else', () => {
    expect(readsUnpublished({ collection: 'users', role: 'admin' })).toBe(true)
    expect(readsUnpublished({ collection: 'users', role: 'editor' })).toBe(true)
    expect(readsUnpublished({ collection: 'users', role: 'customer' })).toBe(false)
    expect(readsUnpublished({ collection: 'consumers' })).toBe(false)
    expect(readsUnpublished(null)).toBe(false)
  })

  it('says "published articles and approved comments" in SQL, over the given table alias', () => {
    expect(publicArticleStatus).toBe('published')
    expect(publicArticleSql('a')).toBe(`a._status = 'published'`)
    expect(publicCommentSql('c')).toBe(`c.status = 'approved'`)
  })
})
