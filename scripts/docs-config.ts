/**
 * `npm run docs:config`: writes `docs/configuration.md` and the README's table of essential
 * variables from the declarations in `src/config/variables.ts`. With `--check` (CI) it writes
 * nothing and exits 1 when either is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { configurationReference, withEssentialVariables } from '../src/config/reference'

const root = path.resolve(import.meta.dirname, '..')
const isCheck = process.argv.includes('--check')
const outputs = [
  { file: 'docs/configuration.md', text: () => configurationReference() },
  {
    file: 'README.md',
    text: () => withEssentialVariables(readFileSync(path.join(root, 'README.md'), 'utf8')),
  },
]
let stale = 0
for (const { file, text } of outputs) {
  const target = path.join(root, file)
  const current = (() => {
    try {
      return readFileSync(target, 'utf8')
    } catch {
      return ''
    }
  })()
  const wanted = text()
  if (current === wanted) continue
  if (isCheck) {
    console.error(
      `${file} is not as generated from src/config/variables.ts: run npm run docs:config`,
    )
    stale++
  } else {
    writeFileSync(target, wanted)
    console.log(`wrote ${file}`)
  }
}
process.exit(stale ? 1 : 0)
