/**
 * Whether an article is public: Payload's publication status (`_status`, kept by its drafts and
 * versions), which the API shows as `status`. A draft is saved beside the published text and
 * becomes public only when published; unpublishing makes the article a draft again.
 */
export const articleStatuses = ['draft', 'published'] as const
export type ArticleStatus = (typeof articleStatuses)[number]

/** Comments wait for an editor's approval before readers see them. */
export const commentStatuses = ['pending', 'approved'] as const
export type CommentStatus = (typeof commentStatuses)[number]
