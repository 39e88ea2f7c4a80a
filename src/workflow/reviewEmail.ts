import type { ReviewStage } from './stages'

/** What the e-mail to an assignee says of the document. */
export type ReviewedDocument = {
  /** `article`, `page` or `product`. */
  noun: string
  title: string
  stage: ReviewStage | undefined
  movedBy: string | null
  /** The document in the admin panel. */
  url: string
}

/** The e-mail telling an assignee that a document waits for them at a stage. */
export function reviewEmail(document: ReviewedDocument): { subject: string; text: string } {
  const stage = document.stage?.label ?? 'a new stage'
  const by = document.movedBy ? ` by ${document.movedBy}` : ''
  return {
    subject: `${stage}: ${document.title}`,
    text: [
      `The ${document.noun} "${document.title}" is at the stage ${stage}, assigned to you${by}.`,
      '',
      `Open it: ${document.url}`,
    ].join('\n'),
  }
}
