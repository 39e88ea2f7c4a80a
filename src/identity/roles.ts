/** Roles of the people who log in (`users`); API consumers have no role. */
export const roles = ['admin', 'editor', 'author', 'customer'] as const
export type Role = (typeof roles)[number]

/** Whoever a request is authenticated as: a user, a consumer, or nobody. */
export type Principal = { collection?: string; role?: string | null } | null | undefined

export const isUser = (principal: Principal) => principal?.collection === 'users'
export const isConsumer = (principal: Principal) => principal?.collection === 'consumers'
export const hasAdminRole = (principal: Principal) =>
  isUser(principal) && principal?.role === 'admin'
/** Editors and admins write content: an admin holds every editor right. */
export const hasEditorRole = (principal: Principal) =>
  isUser(principal) && (principal?.role === 'editor' || principal?.role === 'admin')
/**
 * Authors write drafts of content (articles, pages, products, their images) and submit them for
 * review; they never publish, unpublish, schedule or delete what is published.
 */
export const hasAuthorRole = (principal: Principal) =>
  isUser(principal) && principal?.role === 'author'
/** Whoever writes content in the admin panel: authors, editors and admins. */
export const hasWriterRole = (principal: Principal) =>
  hasEditorRole(principal) || hasAuthorRole(principal)
