import type { PageMeta } from '@/webhooks/contracts/paging'

/** Previous / next page of a list, with where we are. Nothing when it fits on one page. */
export function Pager({
  meta,
  onPage,
  label,
}: {
  meta: PageMeta
  onPage: (page: number) => void
  label: string
}) {
  if (meta.total_pages <= 1) return null
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button"
        onClick={() => onPage(meta.page - 1)}
        disabled={meta.page <= 1}
      >
        Previous page
      </button>
      <span>
        Page {meta.page} of {meta.total_pages} ({meta.total} in all)
      </span>
      <button
        type="button"
        className="button"
        onClick={() => onPage(meta.page + 1)}
        disabled={meta.page >= meta.total_pages}
      >
        Next page
      </button>
    </nav>
  )
}
