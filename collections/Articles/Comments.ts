import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'

import { commentsVisible } from './access/commentsVisible'
import { announceComment } from './hooks/announceComment'
import { isEditor } from '../Identity/access/isEditor'
import { commentStatuses } from '@/articles/status'
import { hasEditorRole, isUser } from '@/identity/roles'
import type { Comment } from '@/payload-types'

/** A signed-in reader's comment waits for approval and is theirs, whatever the body claims. */
const holdReaderComments: CollectionBeforeChangeHook<Comment> = ({ data, operation, req }) => {
  if (operation === 'create' && !hasEditorRole(req.user) && isUser(req.user)) {
    data.status = 'pending'
    data.user = req.user!.id as number
  }
  return data
}

/** Readers' comments on articles; editors approve them before anyone else can read them. */
export const Comments: CollectionConfig = {
  slug: 'comments',
  admin: {
    useAsTitle: 'authorName',
    defaultColumns: ['article', 'authorName', 'status', 'createdAt'],
    group: 'Content',
  },
  access: {
    read: commentsVisible,
    create: ({ req }) => isUser(req.user),
    update: isEditor,
    delete: isEditor,
  },
  hooks: { beforeChange: [holdReaderComments], afterChange: [announceComment] },
  fields: [
    { name: 'article', type: 'relationship', relationTo: 'articles', required: true, index: true },
    { name: 'authorName', type: 'text', required: true, maxLength: 120 },
    { name: 'user', type: 'relationship', relationTo: 'users', admin: { readOnly: true } },
    { name: 'body', type: 'textarea', required: true, maxLength: 5000 },
    {
      name: 'status',
      type: 'select',
      options: [...commentStatuses],
      defaultValue: 'pending',
      required: true,
      index: true,
    },
  ],
  indexes: [{ fields: ['article', 'createdAt'] }],
}
