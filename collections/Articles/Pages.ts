import type { CollectionConfig } from 'payload'

import { isEditor } from '../Identity/access/isEditor'
import { publishedPagesOrEditor } from './access/publishedPagesOrEditor'
import { slugField } from './fields/slugField'
import { livePreviewUrl } from './admin/livePreviewUrl'
import { draftsForEditorsOnly } from './hooks/draftsForEditorsOnly'

/**
 * Standalone pages of the site (About, Delivery, ...), found by search once published. Like
 * articles, a page keeps its published text apart from the draft being worked on (Payload's
 * drafts, with autosave, history and scheduled publication); `_status` says whether it is public.
 */
export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', '_status', 'updatedAt'],
    group: 'Content',
    // The draft beside the form as the editor types, in the locale being edited.
    livePreview: { url: livePreviewUrl('pages') },
  },
  access: {
    read: publishedPagesOrEditor,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
    // The history holds drafts: editors only.
    readVersions: isEditor,
  },
  hooks: { beforeOperation: [draftsForEditorsOnly] },
  versions: {
    drafts: { autosave: { interval: 2000 }, schedulePublish: true },
    maxPerDoc: 50,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300, localized: true },
    slugField(),
    { name: 'description', type: 'textarea', maxLength: 2000, localized: true },
    { name: 'cover', type: 'upload', relationTo: 'media' },
    { name: 'content', type: 'richText', localized: true },
  ],
}
