import type { ReleaseItem } from './releaseActions'
import { decideStage, type ReviewStage } from './stages'

/** What the release page knows of one document before the release. */
export type DocumentState = {
  /** Its title (or name); undefined when it no longer exists. */
  title: string | undefined
  /** Its review stage as stored. */
  stage: string | undefined
  /** The required fields without a value in the language the item publishes, by label. */
  missingFields: string[]
}

/** What the release page says of one line of a release before it goes out. */
export type ItemReadiness = {
  /** Whether the line would go through as things stand. */
  isReady: boolean
  /** The document's title, or `articles 12` when it has none (or is gone). */
  title: string
  /** The label of its current review stage, when it has one. */
  stageLabel: string | undefined
  /** In words: `Ready to publish.`, or why not. */
  verdict: string
}

/** What `itemReadiness` is told: the line, the document as stored, the rules that apply. */
export type ReadinessInput = {
  item: ReleaseItem
  /** The document, or undefined when it does not exist any more. */
  document: DocumentState | undefined
  stages: ReviewStage[]
  /** Whether the document's collection is published from its last stage only. */
  isReviewRequired: boolean
  /** The role of whoever will release it (the scheduler, or the person looking). */
  role: string | undefined
  /** The language's name for a locale code: `Russian`. */
  languageOf: (code: string) => string
}

const nouns = { articles: 'Articles', pages: 'Pages', products: 'Products' } as const

/**
 * Whether one line of a release would go through now, and why not, in the words the release's
 * own failure would use: the document exists, its review stage allows its publication for the
 * releaser (the same rule as every save, `decideStage`), and its required fields have a value
 * in the language it is published in. An unpublication needs only the document. The release
 * itself remains the judge: a document can change between this look and the release.
 */
export function itemReadiness(input: ReadinessInput): ItemReadiness {
  const { item, document } = input
  const fallbackTitle = `${item.collection} ${item.id}`
  if (!document) {
    return {
      isReady: false,
      title: fallbackTitle,
      stageLabel: undefined,
      verdict: 'Not found: it was deleted after it was added. Remove it from the release.',
    }
  }
  const title = document.title || fallbackTitle
  const stageLabel = input.stages.find((stage) => stage.name === document.stage)?.label
  const base = { title, stageLabel }
  if (item.action === 'unpublish') {
    return { ...base, isReady: true, verdict: 'Ready to unpublish.' }
  }
  const decision = decideStage({
    stages: input.stages,
    noun: nouns[item.collection],
    previous: document.stage,
    requested: undefined,
    isPublishing: true,
    isReviewRequired: input.isReviewRequired,
    role: input.role,
  })
  if (decision.kind === 'refused') {
    return { ...base, isReady: false, verdict: `Not approved yet: ${decision.message}` }
  }
  if (document.missingFields.length > 0) {
    const where = item.locale === 'all' ? '' : ` in ${input.languageOf(item.locale)}`
    return {
      ...base,
      isReady: false,
      verdict: `Incomplete${where}: ${document.missingFields.join(', ')} ${
        document.missingFields.length === 1 ? 'is' : 'are'
      } required.`,
    }
  }
  const language = item.locale === 'all' ? '' : ` (${input.languageOf(item.locale)})`
  return { ...base, isReady: true, verdict: `Ready to publish${language}.` }
}
