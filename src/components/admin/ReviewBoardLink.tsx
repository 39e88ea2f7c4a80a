import type { ServerProps } from 'payload'

import { hasWriterRole } from '@/identity/roles'

/** The navigation's link to the review board, for the people who write content. */
export function ReviewBoardLink({ payload, user }: ServerProps) {
  if (!hasWriterRole(user as never)) return null
  return (
    <a className="nav__link" href={`${payload.config.routes.admin}/review`} id="nav-review-board">
      <span className="nav__link-label">Review board</span>
    </a>
  )
}
