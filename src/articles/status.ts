/** The life of an article: written as a draft, published, and archived when withdrawn. */
export const articleStatuses = ['draft', 'published', 'archived'] as const
export type ArticleStatus = (typeof articleStatuses)[number]

/** Comments wait for an editor's approval before readers see them. */
export const commentStatuses = ['pending', 'approved'] as const
export type CommentStatus = (typeof commentStatuses)[number]
