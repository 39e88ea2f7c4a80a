import {
  GraphQLError,
  Kind,
  getNamedType,
  isInterfaceType,
  isObjectType,
  valueFromASTUntyped,
  type ExecutionArgs,
  type FieldNode,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  // The file Payload's own GraphQL loads (`main`): by its bare name a bundler or vitest picks
  // `index.mjs` (`module`), a second graphql whose types Payload's schema does not pass.
} from 'graphql/index.js'
import type { PayloadRequest } from 'payload'

import { callerChecksOf } from './callerChecks'
import { configOf } from '@/config/appConfig'

/** Payload's page size when a list names none. */
const defaultLimit = 10

type Parent = GraphQLObjectType | GraphQLInterfaceType

/** What the rule needs to know of the request and the settings. */
type Bounds = {
  /** Largest `limit` of one list; undefined for an admin, who has no page cap. */
  maxPageSize?: number
  /** Documents the request's lists may ask for in all. */
  maxDocuments: number
  variables: Record<string, unknown>
}

/**
 * A validation rule bounding what one GraphQL request may ask for, before anything runs: each
 * of Payload's lists (a field with a `limit` whose type has `docs`: collections, versions,
 * join fields) asks for `limit` documents (10 unless given) times what its parents' lists ask
 * for, and the request, every alias and fragment included, for the sum. For anyone but an
 * admin each `limit` must be within `MAX_PAGE_SIZE` (`0` and `pagination: false`, Payload's
 * "every document", refused), and for everyone the sum within `GRAPHQL_MAX_DOCUMENTS`.
 * Variables are read as the request sends them.
 */
export function limitGraphQLLists(args: ExecutionArgs): ValidationRule {
  const req = (args.contextValue as { req?: PayloadRequest } | undefined)?.req
  return (context) => {
    if (!req) return {}
    const settings = configOf(req.payload).rateLimits
    const isAdmin = Boolean(req.user && callerChecksOf(req.payload).permits.admin(req.user))
    const bounds: Bounds = {
      maxPageSize: isAdmin ? undefined : settings.maxPageSize,
      maxDocuments: settings.graphQLMaxDocuments,
      variables: (args.variableValues ?? {}) as Record<string, unknown>,
    }
    return {
      OperationDefinition(operation) {
        const root =
          operation.operation === 'mutation'
            ? context.getSchema().getMutationType()
            : context.getSchema().getQueryType()
        if (!root) return
        const documents = documentsAsked(
          context,
          bounds,
          operation.selectionSet,
          root,
          1,
          new Set(),
        )
        if (documents > bounds.maxDocuments) {
          context.reportError(
            new GraphQLError(
              `This request's lists ask for up to ${Number.isFinite(documents) ? documents : 'every one of the'} documents; at most ${bounds.maxDocuments} per request`,
              { nodes: operation },
            ),
          )
        }
      },
    }
  }
}

/** The documents `selectionSet` asks for when its parent stands for `multiplier` documents. */
function documentsAsked(
  context: ValidationContext,
  bounds: Bounds,
  selectionSet: SelectionSetNode,
  parent: Parent,
  multiplier: number,
  fragmentsSeen: Set<string>,
): number {
  let documents = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const field = parent.getFields()[selection.name.value]
      if (!field) continue
      let each = multiplier
      if (isList(field)) {
        each = multiplier * pageSize(context, bounds, selection, field)
        documents += each
      }
      const type = getNamedType(field.type)
      if (selection.selectionSet && (isObjectType(type) || isInterfaceType(type))) {
        documents += documentsAsked(
          context,
          bounds,
          selection.selectionSet,
          type,
          each,
          fragmentsSeen,
        )
      }
      continue
    }
    const fragment =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection
        : fragmentsSeen.has(selection.name.value)
          ? undefined
          : context.getFragment(selection.name.value)
    if (!fragment) continue
    if (selection.kind === Kind.FRAGMENT_SPREAD) fragmentsSeen.add(selection.name.value)
    const condition = fragment.typeCondition
      ? context.getSchema().getType(fragment.typeCondition.name.value)
      : parent
    if (isObjectType(condition) || isInterfaceType(condition)) {
      documents += documentsAsked(
        context,
        bounds,
        fragment.selectionSet,
        condition,
        multiplier,
        fragmentsSeen,
      )
    }
  }
  return documents
}

/** Whether a field is one of Payload's paginated lists. */
function isList(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNamedType(field.type)
  return (
    field.args.some((arg) => arg.name === 'limit') &&
    (isObjectType(type) || isInterfaceType(type)) &&
    'docs' in type.getFields()
  )
}

/** The documents one list asks for (Infinity for every one), reporting a page over the cap. */
function pageSize(
  context: ValidationContext,
  bounds: Bounds,
  node: FieldNode,
  field: GraphQLField<unknown, unknown>,
): number {
  const argument = (name: string) => {
    const given = node.arguments?.find((each) => each.name.value === name)
    if (!given) return undefined
    return given.value.kind === Kind.VARIABLE
      ? bounds.variables[given.value.name.value]
      : valueFromASTUntyped(given.value, bounds.variables)
  }
  const limit = argument('limit') ?? defaultLimit
  const isEveryDocument = argument('pagination') === false || Number(limit) === 0
  const size = isEveryDocument ? Infinity : Number(limit)
  const cap = bounds.maxPageSize
  if (cap !== undefined && !(Number.isInteger(size) && size >= 1 && size <= cap)) {
    context.reportError(
      new GraphQLError(
        `${field.name}: limit must be a whole number from 1 to ${cap} (pages hold at most ${cap} documents), and pagination cannot be turned off`,
        { nodes: node },
      ),
    )
  }
  return Number.isFinite(size) && size >= 0 ? size : Infinity
}
