import type { Variable } from '@/config/variables'
import { groups, variables } from './variables'

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

const defaultOf = (variable: Variable<unknown>) =>
  variable.fallback !== undefined ? `\`${variable.fallback}\`` : `unset: ${variable.unset ?? '—'}`

/** The table of some variables: name, what it is, its kind and its default. */
function table(names: string[]): string {
  const rows = names.map((name) => {
    const variable = variables[name as keyof typeof variables] as Variable<unknown>
    const scripts = variable.isScriptOnly ? ' *(scripts only)*' : ''
    return `| \`${name}\` | ${cell(variable.description)}${scripts} | ${cell(variable.reader.kind)} | ${cell(defaultOf(variable))} |`
  })
  return ['| Variable | What it does | Value | Default |', '|---|---|---|---|', ...rows].join('\n')
}

/** `docs/configuration.md`: every variable, by section, from the declarations. */
export function configurationReference(): string {
  const sections = groups.map((group) => {
    const names = Object.entries(variables)
      .filter(([, variable]) => variable.group === group)
      .map(([name]) => name)
    return `## ${group}\n\n${table(names)}\n`
  })
  return [
    '# Configuration',
    '',
    '<!-- Generated from src/composition/variables.ts (each domain declares its own in its settings.ts) by `npm run docs:config`; do not edit. -->',
    '',
    'Every setting is an environment variable (or a line of `.env`, which `npm run dev`,',
    '`npm start` and the scripts load as Next does). All are optional for a local run. The app',
    'reads and checks them once at start: a value that cannot work stops it with exit code 2 and',
    'a message naming the variable. *(scripts only)* marks what only the `npm run` scripts read.',
    '',
    ...sections,
  ].join('\n')
}

/** The README's short table: what a first deployment sets. */
export function essentialVariables(): string {
  const names = Object.entries(variables)
    .filter(([, variable]) => (variable as Variable<unknown>).isEssential)
    .map(([name]) => name)
  return table(names)
}

/** The README's text between its configuration markers, replaced by the generated table. */
export function withEssentialVariables(readme: string): string {
  const start = readme.indexOf('<!-- configuration:start')
  const end = readme.indexOf('<!-- configuration:end -->')
  if (start === -1 || end === -1) throw new Error('README.md has no configuration markers')
  const startLineEnd = readme.indexOf('\n', start) + 1
  return `${readme.slice(0, startLineEnd)}\n${essentialVariables()}\n\n${readme.slice(end)}`
}

/** `.env.example`: every variable, commented out at its default, with its description. */
export function environmentExample(): string {
  const sections = groups.map((group) => {
    const lines = Object.entries(variables)
      .filter(([, variable]) => variable.group === group)
      .flatMap(([name, entry]) => {
        const variable = entry as Variable<unknown>
        const unset =
          variable.fallback === undefined && variable.unset ? ` Unset: ${variable.unset}.` : ''
        const plain = `${variable.description}${unset}`.replaceAll('`', '')
        return [
          ...wrap(plain, 98).map((line) => `# ${line}`),
          `# ${name}=${variable.fallback ?? ''}`,
        ]
      })
    return [`# --- ${group}`, ...lines].join('\n')
  })
  return [
    '# Copy to .env and adjust. Every variable is optional for local use: `npm run dev` and',
    '# `npm start` work in a fresh clone without any of them. Generated from',
    '# src/composition/variables.ts by `npm run docs:config` (docs/configuration.md has the same).',
    '',
    sections.join('\n\n'),
    '',
  ].join('\n')
}

/** `text` in lines of at most `width` characters, broken at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}
