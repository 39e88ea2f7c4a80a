import { custom } from '@/config/readers'
import { seconds, setting, type ValuesOf } from '@/config/variables'
import {
  defaultStagesText,
  parseStages,
  reviewedCollections,
  type ReviewedCollection,
  type ReviewStage,
} from './stages'

declare module '@/config/appConfig' {
  interface AppConfig {
    workflow: WorkflowSettings
  }
}

/** How articles, pages and products are reviewed before they are published. */
export type WorkflowSettings = {
  /** `REVIEW_STAGES_ARTICLES`, `_PAGES`, `_PRODUCTS`: each collection's stages, in order. */
  stages: Record<ReviewedCollection, ReviewStage[]>
  /** `REVIEW_REQUIRED_FOR`: the collections published from their last stage only. */
  reviewRequired: ReviewedCollection[]
  /** `REVIEW_NOTICE_INTERVAL_SECONDS`, in milliseconds: how often assignees' e-mails are sent. */
  noticeIntervalMs: number
}

const stagesVariable = (noun: string) =>
  setting({
    group: 'Content and media',
    description: `The review stages of ${noun}, in order: \`name:Label:#colour:role+role\`, comma-separated (the roles that may move a document into the stage; admins always may).`,
    reader: custom('stages', parseStages),
    fallback: defaultStagesText,
  })

const collectionList = (raw: string): ReviewedCollection[] => {
  if (raw.trim() === 'none') return []
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const unknown = names.find((name) => !reviewedCollections.includes(name as ReviewedCollection))
  if (unknown) throw new Error(`"${unknown}" is not one of ${reviewedCollections.join(', ')}`)
  return names as ReviewedCollection[]
}

/** The variables of the editorial workflow. */
export const workflowVariables = {
  REVIEW_STAGES_ARTICLES: stagesVariable('articles'),
  REVIEW_STAGES_PAGES: stagesVariable('pages'),
  REVIEW_STAGES_PRODUCTS: stagesVariable('products'),
  REVIEW_REQUIRED_FOR: setting({
    group: 'Content and media',
    description:
      'The collections (articles, pages, products; comma-separated, or `none`) whose documents only an admin publishes before their last review stage.',
    reader: custom('collections', collectionList),
    fallback: 'articles',
  }),
  REVIEW_NOTICE_INTERVAL_SECONDS: setting({
    group: 'Content and media',
    description: 'Seconds between looks for e-mails to assignees of a document in review.',
    reader: seconds({ above: 0, max: 86_400 }),
    fallback: '10',
  }),
}

/** The workflow's settings from its variables' values. */
export function workflowSettings(v: ValuesOf<typeof workflowVariables>): WorkflowSettings {
  return {
    stages: {
      articles: v.REVIEW_STAGES_ARTICLES,
      pages: v.REVIEW_STAGES_PAGES,
      products: v.REVIEW_STAGES_PRODUCTS,
    },
    reviewRequired: v.REVIEW_REQUIRED_FOR,
    noticeIntervalMs: v.REVIEW_NOTICE_INTERVAL_SECONDS * 1000,
  }
}
