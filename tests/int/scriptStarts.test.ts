/**
 * The project's scripts start without the unsettled top-level await of lexical's node entry
 * (`lexical/dist/Lexical.node.mjs` awaits `import()` of its build at top level). Started under
 * tsx without a condition, `npm run migrate:check` exited 13 in 4 of 58 starts (four at once)
 * and once failed a CI run; with `--conditions=production` it exited 0 in 58 of 58.
 */
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { projectRoot } from '../../scripts/lib/environment'
import { spawnScript } from '../../scripts/lib/processes'

describe('how the project starts its scripts', () => {
  it('every npm script run by tsx names the production build of lexical', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8'))
    const tsxRuns = Object.entries(scripts as Record<string, string>).flatMap(([name, command]) =>
      [...command.matchAll(/\btsx\b([^&|;]*)/g)].map((match) => ({ name, command: match[0] })),
    )
    expect(tsxRuns.length).toBeGreaterThan(10)
    for (const run of tsxRuns) {
      expect({ ...run, conditions: /^tsx --conditions=production\s/.test(run.command) }).toEqual({
        ...run,
        conditions: true,
      })
    }
  })

  it('a script started by the project (npm run dev, npm start, the tests) resolves lexical to its production build', async () => {
    const child = spawnScript('tests/helpers/resolveLexical.ts', [], {}, { stdio: 'pipe' })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    const [code] = await once(child, 'exit')
    expect({ code, resolved: path.basename(output.trim()) }).toEqual({
      code: 0,
      resolved: 'Lexical.prod.mjs',
    })
  })
})
