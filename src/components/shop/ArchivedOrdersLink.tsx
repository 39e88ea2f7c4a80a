'use client'

import { Button } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation'

/** The list's query asking for archived orders (what the collection's base filter lets through). */
export const archivedOrdersQuery = '?where[archivedAt][exists]=true'

/**
 * Above the orders list: "Show archived orders" (those an administrator archived, hidden from
 * the list by default), and from there back to the current ones.
 */
export function ArchivedOrdersLink() {
  const params = useSearchParams()
  const isShowingArchived = [...params.keys()].some((key) => key.includes('[archivedAt]'))
  return (
    <div style={{ marginBottom: 'var(--base)' }}>
      <Button
        el="link"
        buttonStyle="pill"
        size="small"
        margin={false}
        url={
          isShowingArchived
            ? '/admin/collections/orders'
            : `/admin/collections/orders${archivedOrdersQuery}`
        }
      >
        {isShowingArchived ? 'Show current orders' : 'Show archived orders'}
      </Button>
    </div>
  )
}
