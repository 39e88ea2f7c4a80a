import type { Role } from '@/identity/roles'

/** One stage a document passes through on its way to publication. */
export type ReviewStage = {
  /** Stored on the document (`reviewStage`): `in-review`. */
  name: string
  /** What people read: `In review`. */
  label: string
  /** The badge's colour in the admin panel, `#rrggbb`. */
  colour: string
  /** The roles that may move a document into this stage (admins always may). */
  roles: Role[]
}

/** The collections whose documents go through review stages. */
export const reviewedCollections = ['articles', 'pages', 'products'] as const
export type ReviewedCollection = (typeof reviewedCollections)[number]

/** Draft → In review → Approved: authors submit, editors approve. */
export const defaultStagesText =
  'draft:Draft:#6b7280:author+editor, in-review:In review:#b45309:author+editor, approved:Approved:#15803d:editor'

const stageRoles: readonly Role[] = ['author', 'editor', 'admin']

/**
 * Reads a list of stages written `name:Label:#colour:role+role, ...` (the form of the
 * `REVIEW_STAGES_*` variables); throws an Error saying what is wrong.
 */
export function parseStages(text: string): ReviewStage[] {
  const stages = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', label = '', colour = '', roles = ''] = part.split(':').map((x) => x.trim())
      if (!/^[a-z][a-z0-9-]{0,39}$/.test(name)) {
        throw new Error(`"${name}" is not a stage name (lower-case letters, digits and dashes)`)
      }
      if (!label) throw new Error(`The stage ${name} has no label`)
      if (!/^#[0-9a-fA-F]{6}$/.test(colour)) {
        throw new Error(`The stage ${name} has no colour written #rrggbb`)
      }
      const roleList = roles.split('+').filter(Boolean)
      const unknown = roleList.find((role) => !stageRoles.includes(role as Role))
      if (unknown) throw new Error(`The stage ${name} names the role "${unknown}"`)
      return { name, label, colour, roles: roleList as Role[] }
    })
  if (stages.length < 2) throw new Error('A review needs at least two stages')
  if (new Set(stages.map((stage) => stage.name)).size !== stages.length) {
    throw new Error('Two stages have the same name')
  }
  return stages
}

/** What a save does to a document's stage: the stage it ends at, or why it is refused. */
export type StageDecision =
  { kind: 'stage'; stage: string } | { kind: 'refused'; status: 400 | 403; message: string }

/** What `decideStage` is told of a save. */
export type StageSave = {
  stages: ReviewStage[]
  /** The document's name for messages: `Articles`. */
  noun: string
  /** The stage before the save (undefined for a new document: it starts at the first). */
  previous: string | undefined
  /** The stage the save asks for, if it names one. */
  requested: string | undefined
  /** Whether the save publishes the document. */
  isPublishing: boolean
  /** Whether this collection is published from its last stage only. */
  isReviewRequired: boolean
  /** The saver's role; undefined for the system's own writes (seed, migrations, jobs). */
  role: string | undefined
}

/**
 * The rules of review stages, for one save: a stage must be one of the list; a person moves a
 * document only into a stage whose roles include theirs (admins into any); where review is
 * required, only an admin publishes from a stage before the last; and saving a change (not a
 * publication, not a move) to a document at the last stage returns it to the one before.
 */
export function decideStage(save: StageSave): StageDecision {
  const { stages, previous, requested, role } = save
  const first = stages[0]!
  const last = stages[stages.length - 1]!
  const from = previous && stages.some((stage) => stage.name === previous) ? previous : first.name
  const asked = requested ?? from
  const target = stages.find((stage) => stage.name === asked)
  if (!target) {
    return {
      kind: 'refused',
      status: 400,
      message: `"${asked}" is not a review stage of ${save.noun.toLowerCase()}: ${stages.map((stage) => stage.name).join(', ')}.`,
    }
  }
  if (role === undefined) return { kind: 'stage', stage: target.name }
  const isAdmin = role === 'admin'
  if (target.name !== from && !isAdmin && !target.roles.includes(role as Role)) {
    return {
      kind: 'refused',
      status: 403,
      message: `Only ${target.roles.map((each) => `${each}s`).join(' and ') || 'admins'} move ${save.noun.toLowerCase()} into "${target.label}".`,
    }
  }
  if (save.isPublishing && save.isReviewRequired && !isAdmin && target.name !== last.name) {
    return {
      kind: 'refused',
      status: 403,
      message: `${save.noun} are published from the stage "${last.label}" only; this one is at "${target.label}".`,
    }
  }
  const isChangeToApproved =
    from === last.name && target.name === last.name && !save.isPublishing && previous !== undefined
  if (isChangeToApproved) return { kind: 'stage', stage: stages[stages.length - 2]!.name }
  return { kind: 'stage', stage: target.name }
}
