import { z } from 'zod'

import {
  eventRecordId,
  eventTimestamp,
  exampleTimes,
  idOf,
  type Relation,
} from '@/webhooks/eventFields'
import { commentStatuses, type CommentStatus } from './status'

/** `data` of `comment.created`. */
export const commentEventData = z
  .strictObject({
    id: eventRecordId.describe("The comment's id"),
    article_id: eventRecordId
      .nullable()
      .describe('The article it is about (`GET /api/v1/articles/{id}/comments`)'),
    status: z
      .enum(commentStatuses)
      .describe('`approved`: a comment is announced once consumers can read it'),
    created_at: eventTimestamp.describe('When it was posted'),
  })
  .meta({ id: 'CommentEventData' })
export type CommentEventData = z.infer<typeof commentEventData>

/** Payload of `comment.created`. */
export function toCommentEventData(doc: {
  id: number
  article: Relation
  status: CommentStatus
  createdAt: string
}): CommentEventData {
  return {
    id: doc.id,
    article_id: idOf(doc.article),
    status: doc.status,
    created_at: doc.createdAt,
  }
}

/** The example `data` of `comment.created`. */
export const exampleCommentEventData: CommentEventData = {
  id: 9,
  article_id: 42,
  status: 'approved',
  created_at: exampleTimes.at,
}
