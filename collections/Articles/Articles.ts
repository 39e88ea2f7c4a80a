import type { CollectionConfig } from 'payload'

import { isEditor } from '../Identity/access/isEditor'
import { publishedOrEditor } from './access/publishedOrEditor'
import { articleStatuses } from '@/articles/status'
import { deleteComments } from './hooks/deleteComments'
import { stampPublishedAt } from './hooks/stampPublishedAt'
import { emitBusinessEvent } from '../../hooks/emitBusinessEvent'
import { toArticleEventData } from '@/webhooks/eventData'
import type { Article } from '@/payload-types'
import { WebhookEvents } from '@/webhooks/eventCatalogue'
import { slugField } from './fields/slugField'

/**
 * Articles edited in the admin panel and served by `/api/v1/articles` (and v2). The indexes the
 * public list needs are declared in `articleIndexes`.
 */
const articleEvents = emitBusinessEvent<Article>({
  created: WebhookEvents.ArticleCreated,
  updated: WebhookEvents.ArticleUpdated,
  deleted: WebhookEvents.ArticleDeleted,
  toPayload: toArticleEventData,
})

export const Articles: CollectionConfig = {
  slug: 'articles',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'status', 'author', 'publishedAt', 'updatedAt'],
    group: 'Content',
  },
  access: {
    read: publishedOrEditor,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
  },
  hooks: {
    beforeChange: [stampPublishedAt],
    beforeDelete: [deleteComments],
    afterChange: [articleEvents.afterChange],
    afterDelete: [articleEvents.afterDelete],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    slugField(),
    { name: 'excerpt', type: 'textarea', maxLength: 2000 },
    { name: 'body', type: 'richText' },
    {
      name: 'status',
      type: 'select',
      options: [...articleStatuses],
      defaultValue: 'draft',
      required: true,
      admin: { position: 'sidebar' },
    },
    {
      name: 'author',
      type: 'relationship',
      relationTo: 'authors',
      required: true,
      admin: { position: 'sidebar' },
    },
    {
      name: 'tags',
      type: 'relationship',
      relationTo: 'tags',
      hasMany: true,
      admin: { position: 'sidebar' },
    },
    { name: 'publishedAt', type: 'date', admin: { position: 'sidebar' } },
  ],
}
