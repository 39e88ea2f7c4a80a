import type { CollectionConfig } from 'payload'

import { deletesDrafts, isWriter, writesDrafts } from '../Workflow/access/writerAccess'
import { keepAuthorsToDraftsOfPublished } from '../Workflow/hooks/keepAuthorsToDrafts'
import { publishedOrEditor } from './access/publishedOrEditor'
import { deleteComments } from './hooks/deleteComments'
import { draftsForEditorsOnly } from './hooks/draftsForEditorsOnly'
import { stampPublishedAt } from './hooks/stampPublishedAt'
import { showScheduledPublication } from './hooks/showScheduledPublication'
import {
  announceArticleChange,
  rememberLocales,
  rememberPublication,
} from './hooks/announceArticleChange'
import { lockRowsBeforeUpdate } from '../../hooks/lockRowsBeforeUpdate'
import { indexForSearch } from '../../hooks/indexForSearch'

const searchIndex = indexForSearch('articles')
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
    defaultColumns: ['title', 'cover', '_status', 'schedule', 'author', 'publishedAt', 'updatedAt'],
    group: 'Content',
    components: {
      edit: {
        // Payload's Publish button, its Schedule Publish set to publish a never-published draft.
        PublishButton: '/components/admin/PublishButton#PublishButton',
        // "Scheduled for <time> (<zone>)" beside the status while a publication is scheduled.
        beforeDocumentControls: [
          {
            path: '/components/admin/ScheduledPublicationNotice#ScheduledPublicationNotice',
            serverProps: { collection: 'articles' },
          },
        ],
      },
    },
    preview: articlePreviewUrl,
    // The draft beside the form as the editor types, in the locale being edited.
    livePreview: { url: livePreviewUrl('articles') },
  },
  access: {
    read: publishedOrEditor,
    // Authors write drafts; editors and admins publish (collections/Workflow).
    create: writesDrafts,
    update: writesDrafts,
    delete: deletesDrafts,
    // The history holds drafts: the people who write them.
    readVersions: isWriter,
  },
  versions: {
    // `validate`: a new document is created by its first save (Save Draft or Publish), not
    // when "Create New" opens the form (Payload creates one at once to autosave into
    // otherwise); autosave takes over after that first save. A draft then needs what a
    // published document needs (a title, and an article its author).
    drafts: { autosave: { interval: 2000 }, schedulePublish: true, validate: true },
    maxPerDoc: 50,
  },
  hooks: {
    // The row is locked first, so that a scheduled publication and a person's save, or two
    // people's, happen one after the other; then the published state before the change is kept.
    beforeOperation: [
      draftsForEditorsOnly,
      keepAuthorsToDraftsOfPublished,
      lockRowsBeforeUpdate('articles'),
      rememberPublication,
    ],
    beforeChange: [stampPublishedAt],
    beforeDelete: [deleteComments, rememberLocales],
    afterChange: [searchIndex.afterChange, announceArticleChange.afterChange],
    afterOperation: [showScheduledPublication('articles')],
    afterDelete: [searchIndex.afterDelete, announceArticleChange.afterDelete],
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
    {
      name: 'publishedAt',
      type: 'date',
      admin: {
        position: 'sidebar',
        description:
          'The publication date readers see. Filled in when the article is first published; change it only to correct or backdate that date. To publish later, use Schedule Publish (beside Publish changes).',
      },
    },
    {
      // The list's column of the next scheduled publication (not in the form: the document's
      // controls say it there).
      name: 'schedule',
      type: 'ui',
      label: 'Schedule',
      admin: {
        components: { Cell: '/components/admin/ScheduledPublicationCell#ScheduledPublicationCell' },
      },
    },
  ],
}
