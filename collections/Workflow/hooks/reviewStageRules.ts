import { APIError, type CollectionBeforeChangeHook } from 'payload'

import { configOf } from '@/config/appConfig'
import { isUser } from '@/identity/roles'
import { decideStage, type ReviewedCollection } from '@/workflow/stages'

const nouns: Record<ReviewedCollection, string> = {
  articles: 'Articles',
  pages: 'Pages',
  products: 'Products',
}

/** Whether the save publishes the document: `_status` for articles and pages, `active` for products. */
const isPublishing = (
  slug: ReviewedCollection,
  data: Record<string, unknown>,
  originalDoc: Record<string, unknown> | undefined,
) =>
  slug === 'products'
    ? data.active === true && originalDoc?.active !== true
    : data._status === 'published'

/**
 * The review stages' rules on every save (src/workflow/stages.ts `decideStage`): the stage is
 * one of the collection's (400 otherwise), a person moves a document only into a stage open to
 * their role, publication waits for the last stage where the collection requires it, and a
 * change saved to an approved document returns it to review. 403 with the reason otherwise.
 */
export const reviewStageRules =
  (slug: ReviewedCollection): CollectionBeforeChangeHook =>
  ({ data, originalDoc, operation, req }) => {
    const settings = configOf(req.payload).workflow
    const user = req.user
    const decision = decideStage({
      stages: settings.stages[slug],
      noun: nouns[slug],
      previous: operation === 'create' ? undefined : (originalDoc?.reviewStage ?? undefined),
      requested: typeof data.reviewStage === 'string' ? data.reviewStage : undefined,
      isPublishing: isPublishing(slug, data, originalDoc),
      isReviewRequired: settings.reviewRequired.includes(slug),
      role: isUser(user) ? ((user as { role?: string | null }).role ?? '') : undefined,
    })
    if (decision.kind === 'refused')
      throw new APIError(decision.message, decision.status, null, true)
    return { ...data, reviewStage: decision.stage }
  }
