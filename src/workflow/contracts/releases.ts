import { z } from 'zod'

/** What `POST /api/releases/{id}/release` answers: how the release ended. */
export const releaseResult = z
  .strictObject({
    id: z.int().describe('The release'),
    status: z.enum(['released', 'failed']).describe('All of its documents changed, or none did'),
    result: z
      .string()
      .describe('How many documents were released, or which document failed and why'),
  })
  .meta({ id: 'ReleaseResult' })

export const releaseParams = z.strictObject({ id: z.string().describe('The release id') })
