import type { CollectionAfterErrorHook } from 'payload'

import { isStorageUnavailable, storageOutageMessage } from '@/media/storage/storageOutage'

/**
 * An upload or a deletion whose files the bucket (`S3_BUCKET`) could not take or remove is
 * answered 503 ("try again"), not Payload's 500: the fault is the storage's, and the operation's
 * transaction is rolled back, so nothing of it is kept (no row without its files).
 */
export const answerStorageOutageAs503: CollectionAfterErrorHook = ({ error }) => {
  if (isStorageUnavailable(error)) return { response: storageOutageMessage, status: 503 }
}
