import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import {
  setShouldValidateFormat,
  validate,
  type Validator,
} from '@hyperjump/json-schema/openapi-3-1'
import '@hyperjump/json-schema/formats'

type Json = any

/** An answer as the client saw it. */
export type Answer = { status: number; headers: Headers; text: string }

const methods = ['get', 'put', 'post', 'patch', 'delete'] as const

/** `a/b~c` as a JSON Pointer token. */
const token = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1')
const pointer = (...names: string[]) => `#/${names.map(token).map(encodeURIComponent).join('/')}`

/**
 * Checks answers against an OpenAPI 3.1 document with `@hyperjump/json-schema`'s OpenAPI 3.1
 * dialect: the path and method must be documented, the status must be one of the operation's
 * responses, the body must match that response's schema for its content type (or be empty when
 * it documents none) and each documented header must be present when required and match its
 * schema. Records which `operationId status` pairs were seen, so that a test can require all.
 */
export async function openApiContract(document: Json) {
  setShouldValidateFormat(true)
  const directory = await mkdtemp(path.join(os.tmpdir(), 'contract-'))
  const file = path.join(directory, 'api.openapi.json')
  await writeFile(file, JSON.stringify(document))
  const base = pathToFileURL(file).href
  const seen = new Set<string>()

  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    ),
    literal: !template.includes('{'),
  }))

  const resolve = (value: Json): { object: Json; at: string[] } | undefined => {
    if (!value?.$ref) return undefined
    const names = String(value.$ref).replace(/^#\//, '').split('/')
    return { object: names.reduce((node: Json, name) => node?.[name], document), at: names }
  }

  /** The documented operation of `method path`, with its location in the document. */
  function operationOf(method: string, url: string) {
    const pathname = new URL(url, 'http://localhost').pathname
    const candidates = templates.filter(({ pattern }) => pattern.test(pathname))
    const match = candidates.find(({ literal }) => literal) ?? candidates[0]
    if (!match) throw new Error(`${method} ${pathname} is not in the document`)
    const operation = document.paths[match.template][method.toLowerCase()]
    if (!operation) throw new Error(`${method} ${match.template} is not in the document`)
    return { operation, at: ['paths', match.template, method.toLowerCase()] }
  }

  // Compiling a schema of the document costs far more than using it: once per location.
  const validators = new Map<string, Promise<Validator>>()
  async function check(schemaAt: string[], value: Json, what: string) {
    const uri = `${base}${pointer(...schemaAt)}`
    let validator = validators.get(uri)
    if (!validator) {
      validator = validate(uri)
      validators.set(uri, validator)
    }
    const output = (await validator)(value, 'BASIC')
    if (!output.valid) {
      const problems = (output.errors ?? [])
        .filter((error) => !error.keyword.endsWith('/validate'))
        .map((error) => `${error.instanceLocation} fails ${error.absoluteKeywordLocation}`)
      const fallback = (output.errors ?? []).map(
        (error) => `${error.instanceLocation} fails ${error.absoluteKeywordLocation}`,
      )
      throw new Error(
        `${what} does not match the document:\n  ${(problems.length ? problems : fallback).join('\n  ')}\n${JSON.stringify(value).slice(0, 2000)}`,
      )
    }
  }

  return {
    document,
    /** `operationId status` pairs of answers that were checked. */
    seen,
    /** Every `operationId status` the document promises. */
    promised(): string[] {
      return Object.values(document.paths).flatMap((item: Json) =>
        methods.flatMap((method) =>
          item[method]
            ? Object.keys(item[method].responses).map(
                (status) => `${item[method].operationId} ${status}`,
              )
            : [],
        ),
      )
    },
    /** Fails unless `answer` is what the document promises for `method url`. */
    async expectConforms(method: string, url: string, answer: Answer) {
      const { operation, at } = operationOf(method, url)
      const what = `${method} ${url} → ${answer.status}`
      const documented = operation.responses[String(answer.status)]
      if (!documented) {
        throw new Error(
          `${what}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})\n${answer.text.slice(0, 500)}`,
        )
      }
      const referenced = resolve(documented)
      const response = referenced?.object ?? documented
      const responseAt = referenced?.at ?? [...at, 'responses', String(answer.status)]

      const contentType = answer.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
      if (response.content) {
        // A documented media type may carry parameters (`text/plain; version=0.0.4`).
        const documentedType = Object.keys(response.content).find(
          (type) => type.split(';')[0]!.trim() === contentType,
        )
        if (!documentedType) {
          throw new Error(
            `${what}: content type "${contentType}" not documented (${Object.keys(response.content).join(', ')})`,
          )
        }
        await check(
          [...responseAt, 'content', documentedType, 'schema'],
          contentType.endsWith('json') ? JSON.parse(answer.text) : answer.text,
          what,
        )
      } else if (answer.text !== '') {
        throw new Error(`${what}: the document promises no body, got ${answer.text.slice(0, 200)}`)
      }

      for (const [name, declared] of Object.entries<Json>(response.headers ?? {})) {
        const header = resolve(declared)
        const definition = header?.object ?? declared
        const definitionAt = header?.at ?? [...responseAt, 'headers', name]
        const value = answer.headers.get(name)
        if (value === null) {
          if (definition.required) throw new Error(`${what}: required header ${name} is missing`)
          continue
        }
        await check([...definitionAt, 'schema'], value, `${what}: header ${name}`)
      }
      seen.add(`${operation.operationId} ${answer.status}`)
    },
    /** Fails unless a delivery of `eventType` (raw body and headers) is what `webhooks` promises. */
    async expectDeliveryConforms(
      eventType: string,
      delivery: { headers: Record<string, string>; body: string },
    ) {
      const operation = document.webhooks?.[eventType]?.post
      if (!operation) throw new Error(`webhook ${eventType} is not in the document`)
      const at = ['webhooks', eventType, 'post']
      const what = `delivery of ${eventType}`
      await check(
        [...at, 'requestBody', 'content', 'application/json', 'schema'],
        JSON.parse(delivery.body),
        what,
      )
      for (const [index, parameter] of (operation.parameters ?? []).entries()) {
        if (parameter.in !== 'header') continue
        const value = delivery.headers[parameter.name.toLowerCase()]
        if (value === undefined) {
          if (parameter.required) throw new Error(`${what}: header ${parameter.name} is missing`)
          continue
        }
        await check([...at, 'parameters', String(index), 'schema'], value, `${what}: header`)
      }
      seen.add(`webhook ${eventType}`)
    },
  }
}

export type OpenApiContract = Awaited<ReturnType<typeof openApiContract>>
