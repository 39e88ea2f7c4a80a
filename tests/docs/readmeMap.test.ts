import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const guides = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

/** Every `code` span that names a file of this repository, e.g. `src/db/transaction.ts`. */
function namedFiles(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!)
  return spans.filter((span) =>
    /^(src|collections|endpoints|hooks|tests|scripts|seed|bench|docs|migrations)\/.*\.(ts|tsx|mjs|cjs|js|md)$|^[\w.-]+\.(ts|mjs|cjs)$/.test(
      span,
    ),
  )
}

describe('the README map', () => {
  it('names files that exist, wherever the README and the guides point a reader', () => {
    for (const guide of guides) {
      const missing = namedFiles(read(guide)).filter((file) => !existsSync(path.join(root, file)))
      expect(missing, `${guide} names files that do not exist`).toEqual([])
    }
  })

  it('shows every picture and opens every relative link of the guides (paths relative to the guide)', () => {
    for (const guide of guides) {
      const targets = [...read(guide).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!.split('#')[0]!)
        .filter((target) => target && !/^[a-z]+:/i.test(target))
      const broken = targets.filter(
        (target) => !existsSync(path.join(root, path.dirname(guide), decodeURI(target))),
      )
      expect(broken, `${guide} links to what is not there`).toEqual([])
    }
  })

  it('walks a checkout request and an article.created event through their files, in order (docs/architecture.md)', () => {
    const architecture = read('docs/architecture.md')
    const request = architecture.slice(architecture.indexOf('**A request**'))
    const event = architecture.slice(architecture.indexOf('**A business event**'))
    // Where each file is first named after the step before it: -1 when it is missing or out of order.
    const order = (text: string, files: readonly string[]) => {
      let from = 0
      return files.map((file) => {
        const at = text.indexOf(`\`${file}\``, from)
        from = at + 1
        return at
      })
    }
    const requestSteps = [
      'src/proxy.ts',
      'endpoints/shop/checkout.ts',
      'src/http/defineEndpoint.ts',
      'src/shop/operations/checkout.ts',
      'collections/Shop/Orders.ts',
      'src/webhooks/operations/emitEvent.ts',
      'src/shop/stripe/stripeClient.ts',
    ]
    const eventSteps = [
      'src/articles/operations/writeArticle.ts',
      'collections/Articles/Articles.ts',
      'collections/Articles/hooks/announceArticleChange.ts',
      'src/webhooks/operations/emitEvent.ts',
      'src/webhooks/worker/fanOut.ts',
      'src/webhooks/worker/sendDelivery.ts',
      'src/webhooks/worker/recordOutcomes.ts',
    ]
    for (const [text, steps] of [
      [request, requestSteps],
      [event, eventSteps],
    ] as const) {
      const positions = order(text, steps)
      expect(
        positions.every((at) => at >= 0),
        `missing from the map: ${steps}`,
      ).toBe(true)
      expect(positions).toEqual([...positions].sort((a, b) => a - b))
    }
  })

  it('links only to files inside the repository or to the running app', () => {
    for (const guide of ['README.md']) {
      const targets = [...read(guide).matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!)
      const outside = targets.filter(
        (target) =>
          !target.startsWith('http://localhost') &&
          !target.startsWith('#') &&
          (/^[a-z]+:/.test(target) ||
            !path
              .resolve(path.dirname(path.join(root, guide)), target)
              .startsWith(root + path.sep) ||
            !existsSync(path.resolve(path.dirname(path.join(root, guide)), target.split('#')[0]!))),
      )
      expect(outside, `${guide} links outside the repository`).toEqual([])
    }
  })
})
