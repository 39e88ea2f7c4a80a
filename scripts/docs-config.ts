/**
 * `npm run docs:config`: writes `docs/configuration.md`, `.env.example` and the README's table
 * of essential variables from the declared variables (`src/composition/variables.ts` gathers
 * each domain's). With `--check` (CI) it writes nothing and exits 1 when one is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import prettier from 'prettier'

import {
  configurationReference,
  environmentExample,
  withEssentialVariables,
} from '../src/composition/reference'

const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8')
  } catch {
    return ''
  }
}
const isCheck = process.argv.includes('--check')
const outputs = [
  { file: 'docs/configuration.md', text: () => configurationReference() },
  { file: '.env.example', text: () => environmentExample() },
  { file: 'README.md', text: () => withEssentialVariables(read('README.md')) },
]
let stale = 0
for (const { file, text } of outputs) {
  const target = path.join(root, file)
  const current = read(file)
  const wanted = file.endsWith('.md')
    ? await prettier.format(text(), {
        ...(await prettier.resolveConfig(target)),
        filepath: target,
      })
    : text()
  if (current === wanted) continue
  if (isCheck) {
    console.error(
      `${file} is not as generated from the declared variables: run npm run docs:config`,
    )
    stale++
  } else {
    writeFileSync(target, wanted)
    console.log(`wrote ${file}`)
  }
}
process.exit(stale ? 1 : 0)
