import { z } from 'zod'

import { queryInteger } from './queryParams'

/** The largest value of PostgreSQL's `integer`, the type of every record id of this API. */
export const maxRecordId = 2_147_483_647

/** A record id in a JSON body: a positive integer that fits PostgreSQL's `integer`. */
export const recordId = z.int().min(1).max(maxRecordId)

/** A record id in the path or the query (text on the wire): digits, within `recordId`'s range. */
export const recordIdText = queryInteger({ min: 1, max: maxRecordId })
