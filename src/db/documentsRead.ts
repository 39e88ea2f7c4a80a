import type { CollectionAfterOperationHook } from 'payload'

type AfterOperation = Parameters<CollectionAfterOperationHook>[0]

/**
 * The documents a read returned, for a collection's `afterOperation` hook that adds computed
 * fields to them with one query for all: a `find`'s page, or a `findByID`'s document; none for
 * any other operation, or a read that found nothing. Changes made to them are what the caller
 * gets.
 */
export function documentsRead<Doc>(
  operation: AfterOperation['operation'],
  result: AfterOperation['result'],
): Doc[] {
  if (!result) return []
  if (operation === 'find') return (result as { docs: Doc[] }).docs
  if (operation === 'findByID') return [result as Doc]
  return []
}
