import type { CollectionConfig } from 'payload'

import { deletesDrafts, isWriter, writesDrafts } from '../Workflow/access/writerAccess'
import { keepAuthorsToDraftsOfPublished } from '../Workflow/hooks/keepAuthorsToDrafts'
import { publishedPagesOrEditor } from './access/publishedPagesOrEditor'
import { slugField } from './fields/slugField'
import { livePreviewUrl } from './admin/livePreviewUrl'
import { draftsForEditorsOnly } from './hooks/draftsForEditorsOnly'
import { showScheduledPublication } from './hooks/showScheduledPublication'
import { indexForSearch } from '../../hooks/indexForSearch'

const searchIndex = indexForSearch('pages')

/**
 * Standalone pages of the site (About, Delivery, ...), found by search once published. Like
 * articles, a page keeps its published text apart from the draft being worked on (Payload's
 * drafts, with autosave, history and scheduled publication); `_status` says whether it is public.
 */
export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', '_status', 'schedule', 'updatedAt'],
    group: 'Content',
    components: {
      edit: {
        // Payload's Publish button, its Schedule Publish set to publish a never-published draft.
        PublishButton: '/components/admin/PublishButton#PublishButton',
        // "Scheduled for <time> (<zone>)" beside the status while a publication is scheduled.
        beforeDocumentControls: [
          {
            path: '/components/admin/ScheduledPublicationNotice#ScheduledPublicationNotice',
            serverProps: { collection: 'pages' },
          },
        ],
      },
    },
    // The draft beside the form as the editor types, in the locale being edited.
    livePreview: { url: livePreviewUrl('pages') },
  },
  access: {
    read: publishedPagesOrEditor,
    // Authors write drafts; editors and admins publish (collections/Workflow).
    create: writesDrafts,
    update: writesDrafts,
    delete: deletesDrafts,
    // The history holds drafts: the people who write them.
    readVersions: isWriter,
  },
  hooks: {
    beforeOperation: [draftsForEditorsOnly, keepAuthorsToDraftsOfPublished],
    afterChange: [searchIndex.afterChange],
    afterDelete: [searchIndex.afterDelete],
    afterOperation: [showScheduledPublication('pages')],
  },
  versions: {
    // `validate`: a new document is created by its first save (Save Draft or Publish), not
    // when "Create New" opens the form (Payload creates one at once to autosave into
    // otherwise); autosave takes over after that first save. A draft then needs what a
    // published document needs (its title).
    drafts: { autosave: { interval: 2000 }, schedulePublish: true, validate: true },
    maxPerDoc: 50,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300, localized: true },
    slugField(),
    { name: 'description', type: 'textarea', maxLength: 2000, localized: true },
    { name: 'cover', type: 'upload', relationTo: 'media' },
    { name: 'content', type: 'richText', localized: true },
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
