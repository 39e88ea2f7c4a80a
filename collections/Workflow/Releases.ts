import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
} from 'payload'

import { isEditor } from '../Identity/access/isEditor'

const nobody = () => false

/** Who schedules a release is who releases it at its time (their access, their stage rights). */
const rememberScheduler: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  const isRescheduled = data.releaseAt && data.releaseAt !== originalDoc?.releaseAt
  return isRescheduled && req.user ? { ...data, scheduledBy: req.user.id } : data
}

/**
 * A release given a time (or another time) waits in the jobs queue until then (`runRelease`
 * task); a run finds the release as it is then and releases it only if it is still open and
 * still due at that time. Queued in the save's transaction.
 */
const scheduleRelease: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (!doc.releaseAt || doc.status !== 'open' || doc.releaseAt === previousDoc?.releaseAt) {
    return doc
  }
  await req.payload.jobs.queue({
    task: 'runRelease',
    input: { releaseId: doc.id, at: doc.releaseAt },
    waitUntil: new Date(doc.releaseAt),
    req,
  })
  return doc
}

/**
 * A set of documents published and unpublished together, all or nothing, now (Release now,
 * `POST /api/releases/{id}/release`) or at `releaseAt` (the jobs queue): see
 * src/workflow/operations/runRelease.ts. Editors and admins make and release them.
 */
export const Releases: CollectionConfig = {
  slug: 'releases',
  admin: {
    useAsTitle: 'name',
    group: 'Content',
    defaultColumns: ['name', 'status', 'releaseAt', 'releasedAt', 'result'],
    description:
      'Documents published and unpublished together, all or nothing: now, or at a set time.',
  },
  access: { read: isEditor, create: isEditor, update: isEditor, delete: isEditor },
  hooks: { beforeChange: [rememberScheduler], afterChange: [scheduleRelease] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    {
      // Where the release stands, each document's readiness, and Release now.
      name: 'readiness',
      type: 'ui',
      admin: {
        components: { Field: '/components/admin/ReleaseReadiness#ReleaseReadiness' },
        disableListColumn: true,
      },
    },
    {
      name: 'status',
      type: 'select',
      options: ['open', 'released', 'failed'],
      defaultValue: 'open',
      required: true,
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'releaseAt',
      type: 'date',
      label: 'Release at',
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Leave empty to release by hand (Release now).',
      },
    },
    {
      name: 'scheduledBy',
      type: 'relationship',
      relationTo: 'users',
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'items',
      type: 'array',
      label: 'Documents',
      maxRows: 200,
      fields: [
        {
          name: 'document',
          type: 'relationship',
          relationTo: ['articles', 'pages', 'products'],
          required: true,
        },
        {
          name: 'action',
          type: 'select',
          options: ['publish', 'unpublish'],
          defaultValue: 'publish',
          required: true,
        },
        {
          name: 'locale',
          type: 'text',
          defaultValue: 'all',
          maxLength: 10,
          admin: { description: 'A locale code (publishes that language only), or all.' },
        },
      ],
    },
    {
      name: 'releasedAt',
      type: 'date',
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'result',
      type: 'textarea',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, description: 'How the release went: what failed, and why.' },
    },
  ],
}
