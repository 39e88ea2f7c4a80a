import type { TaskConfig } from 'payload'

import { runRelease } from './runRelease'

/**
 * The jobs queue's task that releases a scheduled release at its time, as the person who
 * scheduled it. The queue's runners take a lock (src/lifecycle/operations/startJobRunner.ts)
 * and the release locks its own row: it runs once across instances and restarts. A release
 * changed since (another time, already released) is left alone.
 */
export const releaseTask = {
  slug: 'runRelease',
  inputSchema: [
    { name: 'releaseId', type: 'number', required: true },
    { name: 'at', type: 'text', required: true },
  ],
  retries: 0,
  handler: async ({ input, req }) => {
    const { releaseId, at } = input as { releaseId: number; at: string }
    const release = await req.payload.findByID({
      collection: 'releases',
      id: releaseId,
      depth: 0,
      disableErrors: true,
    })
    if (!release || release.status !== 'open' || release.releaseAt !== at) return { output: {} }
    const schedulerId =
      release.scheduledBy && typeof release.scheduledBy === 'object'
        ? release.scheduledBy.id
        : release.scheduledBy
    const scheduler = schedulerId
      ? await req.payload.findByID({ collection: 'users', id: schedulerId, depth: 0 })
      : null
    await runRelease(req.payload, {
      releaseId,
      user: scheduler ? { ...scheduler, collection: 'users' } : null,
    })
    return { output: {} }
  },
} as TaskConfig
