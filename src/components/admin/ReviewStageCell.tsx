import type { DefaultServerCellComponentProps } from 'payload'

import { configOf } from '@/config/appConfig'
import type { ReviewedCollection } from '@/workflow/stages'

/** The list column of a document's review stage: its label on its colour. */
export function ReviewStageCell({
  cellData,
  payload,
  collectionSlug,
}: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'string' || !cellData) return null
  const stages = configOf(payload).workflow.stages[collectionSlug as ReviewedCollection] ?? []
  const stage = stages.find((each) => each.name === cellData)
  return (
    <span
      data-review-stage={cellData}
      style={{
        background: stage?.colour ?? '#6b7280',
        color: '#fff',
        borderRadius: 4,
        padding: '2px 8px',
        whiteSpace: 'nowrap',
      }}
    >
      {stage?.label ?? cellData}
    </span>
  )
}
