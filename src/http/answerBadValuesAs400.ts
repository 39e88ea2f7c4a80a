import type { AfterErrorHook } from 'payload'

import { databaseInputError } from './toHttpError'

/**
 * Payload's own REST and GraphQL answer whatever they did not anticipate with a 500. A data
 * exception from PostgreSQL (a NUL in a filter, `abc` as a numeric id, a page beyond range) is
 * the caller's bad value: answered 400 in Payload's own shape, `{ errors: [{ message }] }`, or
 * as a GraphQL error with status 400.
 */
export const answerBadValuesAs400: AfterErrorHook = ({ error, graphqlResult }) => {
  const mapped = databaseInputError(error)
  if (!mapped) return
  if (graphqlResult) {
    return {
      graphqlResult: {
        ...graphqlResult,
        message: mapped.message,
        extensions: { ...graphqlResult.extensions, statusCode: 400 },
      },
    }
  }
  return { response: { errors: [{ message: mapped.message }] }, status: 400 }
}
