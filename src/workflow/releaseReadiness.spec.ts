import { describe, expect, it } from 'vitest'

import { itemReadiness, type ReadinessInput } from './releaseReadiness'
import { defaultStagesText, parseStages } from './stages'

const stages = parseStages(defaultStagesText)
const input = (over: Partial<ReadinessInput>): ReadinessInput => ({
  item: { collection: 'articles', id: 7, action: 'publish', locale: 'all' },
  document: { title: 'Winter timetable', stage: 'approved', missingFields: [] },
  stages,
  isReviewRequired: true,
  role: 'editor',
  languageOf: (code) => ({ ru: 'Russian', en: 'English' })[code] ?? code,
  ...over,
})

describe('a release line before the release', () => {
  it('is ready when approved and complete, naming the language it publishes', () => {
    expect(itemReadiness(input({}))).toEqual({
      isReady: true,
      title: 'Winter timetable',
      stageLabel: 'Approved',
      verdict: 'Ready to publish.',
    })
    const russian = input({
      item: { collection: 'articles', id: 7, action: 'publish', locale: 'ru' },
    })
    expect(itemReadiness(russian).verdict).toBe('Ready to publish (Russian).')
  })

  it('is not ready before the last stage where review is required, except for an admin', () => {
    const early = input({ document: { title: 'T', stage: 'in-review', missingFields: [] } })
    const verdict = itemReadiness(early)
    expect(verdict.isReady).toBe(false)
    expect(verdict.stageLabel).toBe('In review')
    expect(verdict.verdict).toContain('Not approved yet')
    expect(verdict.verdict).toContain('"Approved"')
    expect(itemReadiness({ ...early, role: 'admin' }).isReady).toBe(true)
    expect(itemReadiness({ ...early, isReviewRequired: false }).isReady).toBe(true)
  })

  it('names the required fields missing in the language it publishes', () => {
    const verdict = itemReadiness(
      input({
        item: { collection: 'articles', id: 7, action: 'publish', locale: 'ru' },
        document: { title: undefined, stage: 'approved', missingFields: ['Title'] },
      }),
    )
    expect(verdict).toMatchObject({ isReady: false, title: 'articles 7' })
    expect(verdict.verdict).toBe('Incomplete in Russian: Title is required.')
  })

  it('is not ready when the document is gone, and ready to unpublish whatever its stage', () => {
    expect(itemReadiness(input({ document: undefined }))).toMatchObject({
      isReady: false,
      title: 'articles 7',
    })
    const down = input({
      item: { collection: 'pages', id: 3, action: 'unpublish', locale: 'all' },
      document: { title: 'About', stage: 'draft', missingFields: ['Title'] },
    })
    expect(itemReadiness(down)).toMatchObject({ isReady: true, verdict: 'Ready to unpublish.' })
  })
})
