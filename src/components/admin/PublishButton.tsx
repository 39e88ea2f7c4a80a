'use client'

import { PublishButton as PayloadPublishButton, useDocumentInfo } from '@payloadcms/ui'
import { useEffect } from 'react'

/**
 * Payload's own Publish button, whose "Schedule Publish" drawer pre-selects what the document can
 * do: "Publish" for a draft that was never published, "Unpublish" only for a published document
 * with no newer draft. Payload's button chooses "Unpublish" whenever it counts no unpublished
 * version, and it counts none for a document that has no published version to compare with
 * (`getVersions`): every version of a never-published document is an unpublished one, so it is
 * counted as at least one here, which is also what its drafts are. The drawer reads the count
 * when it opens; nothing else of the page reads it for a document that is not published (the
 * status says "Draft" either way), and publishing sets it back to 0 as Payload does.
 */
export function PublishButton(props: { label?: string }) {
  const { id, hasPublishedDoc, unpublishedVersionCount, setUnpublishedVersionCount } =
    useDocumentInfo()
  const isNeverPublishedDraft = Boolean(id) && !hasPublishedDoc && unpublishedVersionCount < 1
  useEffect(() => {
    if (isNeverPublishedDraft) setUnpublishedVersionCount(1)
  }, [isNeverPublishedDraft, setUnpublishedVersionCount])
  return <PayloadPublishButton {...props} />
}
