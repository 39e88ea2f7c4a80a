import type { CollectionConfig } from 'payload'

import { isEditor } from '../Identity/access/isEditor'
import { publishedOrEditor } from './access/publishedOrEditor'
import { deleteComments } from './hooks/deleteComments'
import { draftsForEditorsOnly } from './hooks/draftsForEditorsOnly'
import { stampPublishedAt } from './hooks/stampPublishedAt'
import {
  announceArticleChange,
  rememberLocales,
  rememberPublication,
} from './hooks/announceArticleChange'
import { lockRowsBeforeUpdate } from '../../hooks/lockRowsBeforeUpdate'
import { articlePreviewUrl } from './admin/articlePreviewUrl'
import { livePreviewUrl } from './admin/livePreviewUrl'
import { slugField } from './fields/slugField'

/**
 * Articles edited in the admin panel and served by `/api/v1/articles` (and v2). The indexes the
 * public list needs are declared in `articleIndexes`.
 *
 * Payload's drafts keep the published text and the work on the next version apart: the
 * `articles` row is what was last published (or, for an article never published, its first
 * save), and every save (autosave included) is a version in `_articles_v`, the history an
 * editor compares and restores from. The publication status is Payload's `_status`, which the
 * API shows as `status`. A publication or unpublication can be scheduled (`schedulePublish`,
 * Payload's jobs queue, run by `src/lifecycle/operations/startJobRunner.ts`).
 */
export const Articles: CollectionConfig = {
  slug: 'articles',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'cover', '_status', 'author', 'publishedAt', 'updatedAt'],
    group: 'Content',
    preview: articlePreviewUrl,
    // The draft beside the form as the editor types, in the locale being edited.
    livePreview: { url: livePreviewUrl('articles') },
  },
  access: {
    read: publishedOrEditor,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
    // The history holds drafts: editors only.
    readVersions: isEditor,
  },
  versions: {
    drafts: { autosave: { interval: 2000 }, schedulePublish: true },
    maxPerDoc: 50,
  },
  hooks: {
    // The row is locked first, so that a scheduled publication and a person's save, or two
    // people's, happen one after the other; then the published state before the change is kept.
    beforeOperation: [draftsForEditorsOnly, lockRowsBeforeUpdate('articles'), rememberPublication],
    beforeChange: [stampPublishedAt],
    beforeDelete: [deleteComments, rememberLocales],
    afterChange: [announceArticleChange.afterChange],
    afterDelete: [announceArticleChange.afterDelete],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300, localized: true },
    slugField(),
    { name: 'excerpt', type: 'textarea', maxLength: 2000, localized: true },
    {
      name: 'cover',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'The picture shown with the article in lists and at its top.' },
    },
    { name: 'body', type: 'richText', localized: true },
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
