import type { CollectionConfig } from 'payload'

/**
 * `collection` with a link to each document's history (its audit log entries) in the sidebar of
 * the document's page; the audit log itself has none.
 */
export function withHistoryLink(collection: CollectionConfig): CollectionConfig {
  if (collection.slug === 'audit-log') return collection
  return {
    ...collection,
    fields: [
      ...collection.fields,
      {
        name: 'history',
        type: 'ui',
        admin: {
          position: 'sidebar',
          disableListColumn: true,
          components: { Field: '/components/admin/AuditHistoryLink#AuditHistoryLink' },
        },
      },
    ],
  }
}
