import type { CollectionConfig } from 'payload'

import { isEditor } from '../Identity/access/isEditor'
import { publishedPagesOrEditor } from './access/publishedPagesOrEditor'
import { slugField } from './fields/slugField'

/** Standalone pages of the site (About, Delivery, ...), found by search once published. */
export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', 'published', 'updatedAt'],
    group: 'Content',
  },
  access: {
    read: publishedPagesOrEditor,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    slugField(),
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'content', type: 'richText' },
    {
      name: 'published',
      type: 'checkbox',
      defaultValue: false,
      admin: { position: 'sidebar' },
    },
  ],
}
