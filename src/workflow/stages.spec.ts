import { describe, expect, it } from 'vitest'

import { decideStage, defaultStagesText, parseStages, type StageSave } from './stages'

const stages = parseStages(defaultStagesText)
const save = (over: Partial<StageSave>): StageSave => ({
  stages,
  noun: 'Articles',
  previous: 'draft',
  requested: undefined,
  isPublishing: false,
  isReviewRequired: true,
  role: 'author',
  ...over,
})

describe('review stages', () => {
  it('read Draft → In review → Approved by default, approval being the editors', () => {
    expect(stages.map((stage) => [stage.name, stage.roles])).toEqual([
      ['draft', ['author', 'editor']],
      ['in-review', ['author', 'editor']],
      ['approved', ['editor']],
    ])
  })

  it('refuse a list that cannot work, saying why', () => {
    expect(() => parseStages('draft:Draft:#000000:author')).toThrow(/at least two/)
    expect(() => parseStages('a:A:red:author, b:B:#000000:editor')).toThrow(/colour/)
    expect(() => parseStages('a:A:#000000:writer, b:B:#000000:editor')).toThrow(/"writer"/)
    expect(() => parseStages('a:A:#000000:author, a:B:#000000:editor')).toThrow(/same name/)
  })

  it('let an author submit, and not approve', () => {
    expect(decideStage(save({ requested: 'in-review' }))).toEqual({
      kind: 'stage',
      stage: 'in-review',
    })
    expect(decideStage(save({ previous: 'in-review', requested: 'approved' }))).toMatchObject({
      kind: 'refused',
      status: 403,
      message: 'Only editors move articles into "Approved".',
    })
    expect(
      decideStage(save({ previous: 'in-review', requested: 'approved', role: 'editor' })),
    ).toEqual({ kind: 'stage', stage: 'approved' })
  })

  it('publish from the last stage only where review is required, admins excepted', () => {
    const early = save({ previous: 'in-review', isPublishing: true, role: 'editor' })
    expect(decideStage(early)).toMatchObject({ kind: 'refused', status: 403 })
    expect(decideStage({ ...early, role: 'admin' })).toEqual({ kind: 'stage', stage: 'in-review' })
    expect(decideStage({ ...early, isReviewRequired: false })).toEqual({
      kind: 'stage',
      stage: 'in-review',
    })
    expect(decideStage({ ...early, previous: 'approved' })).toEqual({
      kind: 'stage',
      stage: 'approved',
    })
  })

  it('return an approved document to review when a change is saved to it', () => {
    expect(decideStage(save({ previous: 'approved', role: 'editor' }))).toEqual({
      kind: 'stage',
      stage: 'in-review',
    })
  })

  it('start a new document at the first stage, and refuse an unknown one with 400', () => {
    expect(decideStage(save({ previous: undefined }))).toEqual({ kind: 'stage', stage: 'draft' })
    expect(decideStage(save({ requested: 'done' }))).toMatchObject({ kind: 'refused', status: 400 })
  })

  it('leave the system its own writes (no role): any stage, publication included', () => {
    expect(
      decideStage(save({ role: undefined, requested: 'approved', isPublishing: true })),
    ).toEqual({ kind: 'stage', stage: 'approved' })
  })
})
