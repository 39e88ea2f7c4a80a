import type { CollectionConfig, FieldAccess } from 'payload'

import { hasWriterRole } from '@/identity/roles'
import type { ReviewedCollection } from '@/workflow/stages'
import { lockRowsBeforeUpdate } from '../../hooks/lockRowsBeforeUpdate'
import { noteReviewChange } from './hooks/noteReviewChange'
import { reviewStageRules } from './hooks/reviewStageRules'

/** Only the people who write content see where it stands; readers and API consumers never. */
const writersOnly: FieldAccess = ({ req }) => hasWriterRole(req.user)

/**
 * `collection` with its review: the stage and the assignee in the sidebar and as list columns
 * (filterable), the stages' rules before each save, and the assignee's e-mail after a move.
 * Added here, apart from the collection's own file, so that the workflow is one home.
 */
export function withReviewStages(collection: CollectionConfig): CollectionConfig {
  const slug = collection.slug as ReviewedCollection
  const columns = collection.admin?.defaultColumns ?? []
  return {
    ...collection,
    admin: {
      ...collection.admin,
      defaultColumns: [...columns.slice(0, 1), 'reviewStage', 'assignee', ...columns.slice(1)],
    },
    hooks: {
      ...collection.hooks,
      // Pages lock their row before a save too (articles and products do already): a release
      // and a person's save of one page happen one after the other, neither losing the other's.
      beforeOperation:
        slug === 'pages'
          ? [...(collection.hooks?.beforeOperation ?? []), lockRowsBeforeUpdate('pages')]
          : collection.hooks?.beforeOperation,
      beforeChange: [...(collection.hooks?.beforeChange ?? []), reviewStageRules(slug)],
      afterChange: [...(collection.hooks?.afterChange ?? []), noteReviewChange(slug)],
    },
    fields: [
      ...collection.fields,
      {
        name: 'reviewStage',
        type: 'text',
        label: 'Review stage',
        index: true,
        access: { read: writersOnly, create: writersOnly, update: writersOnly },
        admin: {
          position: 'sidebar',
          components: {
            Field: '/components/admin/ReviewStageField#ReviewStageField',
            Cell: '/components/admin/ReviewStageCell#ReviewStageCell',
          },
        },
      },
      {
        name: 'assignee',
        type: 'relationship',
        relationTo: 'users',
        index: true,
        access: { read: writersOnly, create: writersOnly, update: writersOnly },
        // The people who write: authors, editors and admins.
        filterOptions: { role: { in: ['author', 'editor', 'admin'] } },
        admin: {
          position: 'sidebar',
          description: 'Who works on it next; e-mailed when it moves.',
        },
      },
    ],
  }
}
