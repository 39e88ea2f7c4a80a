import type { CollectionConfig } from 'payload'

import { authenticated } from '../Identity/access/authenticated'
import { isEditor } from '../Identity/access/isEditor'

/** Topics that articles are filed under. */
export const Tags: CollectionConfig = {
  slug: 'tags',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug'], group: 'Content' },
  access: {
    read: authenticated,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true, index: true },
  ],
}
