import type { TextFieldServerComponent } from 'payload'

import { configOf } from '@/config/appConfig'
import type { ReviewedCollection } from '@/workflow/stages'
import { ReviewStageSelect } from './ReviewStageSelect'

/** The document's review stage in its sidebar: the collection's configured stages. */
export const ReviewStageField: TextFieldServerComponent = ({
  payload,
  path,
  collectionSlug,
  readOnly,
}) => {
  const stages = configOf(payload).workflow.stages[collectionSlug as ReviewedCollection] ?? []
  return (
    <ReviewStageSelect
      path={path}
      readOnly={readOnly}
      options={stages.map((stage) => ({
        label: stage.label,
        value: stage.name,
        colour: stage.colour,
      }))}
    />
  )
}
