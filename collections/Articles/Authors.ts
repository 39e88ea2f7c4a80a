import type { CollectionConfig } from 'payload'

import { authenticated } from '../Identity/access/authenticated'
import { isEditor } from '../Identity/access/isEditor'
import { keepAuthorsWithArticles } from './hooks/keepAuthorsWithArticles'

/**
 * Bylines of articles. A separate collection rather than `users`: an author need not have a
 * login (guest writers, agencies), and embedding an author must never expose an account's
 * e-mail or role. An author may be linked to the user who writes as them.
 */
export const Authors: CollectionConfig = {
  slug: 'authors',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'user', 'updatedAt'], group: 'Content' },
  access: {
    read: authenticated,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
  },
  hooks: { beforeDelete: [keepAuthorsWithArticles] },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'bio', type: 'textarea' },
    { name: 'user', type: 'relationship', relationTo: 'users', admin: { position: 'sidebar' } },
  ],
}
