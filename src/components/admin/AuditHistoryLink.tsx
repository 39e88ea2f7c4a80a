'use client'

import { Link, useAuth, useConfig, useDocumentInfo } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'

/**
 * In the sidebar of every document's page in the admin panel, for administrators (who alone
 * read the audit log): the link to the document's history, the audit log filtered to its
 * collection and id. Not prefetched: Next would render the audit log's list on the server each
 * time a document opens (its count over the whole log included), while the page is still
 * loading (`npm run bench:first-loads`, docs/benchmarks.md).
 */
export const AuditHistoryLink: UIFieldClientComponent = () => {
  const { id, collectionSlug } = useDocumentInfo()
  const { user } = useAuth<{ role?: string }>()
  const {
    config: { routes },
  } = useConfig()
  if (id === undefined || id === null || !collectionSlug || user?.role !== 'admin') return null
  const query = new URLSearchParams({
    'where[or][0][and][0][targetCollection][equals]': collectionSlug,
    'where[or][0][and][1][targetId][equals]': String(id),
  })
  return (
    <div className="field-type audit-history" style={{ marginBottom: '24px' }}>
      <p className="field-label">History</p>
      <Link href={`${routes.admin}/collections/audit-log?${query}`} prefetch={false}>
        Audit log of this document
      </Link>
      <p className="field-description" style={{ margin: '4px 0 0' }}>
        Who changed, published or deleted it, when and from where.
      </p>
    </div>
  )
}
