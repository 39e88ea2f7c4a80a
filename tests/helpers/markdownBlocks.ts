/** One fenced code block of a Markdown document. */
export type FencedBlock = {
  /** First word of the info string, e.g. `js`; empty when there is none. */
  language: string
  /** The `key=value` words of the info string, e.g. `{ file: 'webhook-receiver.mjs' }`. */
  attributes: Record<string, string>
  /** The block's text, without the fences. */
  code: string
}

/** Every block fenced with three backticks at the start of a line, in document order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = []
  for (const match of markdown.matchAll(/^```([^\n`]*)\n([\s\S]*?)^```[ \t]*$/gm)) {
    const [language = '', ...words] = match[1]!.trim().split(/\s+/)
    const attributes = Object.fromEntries(
      words
        .map((word) => /^([\w-]+)=(.+)$/.exec(word))
        .filter((pair) => pair !== null)
        .map((pair) => [pair[1]!, pair[2]!]),
    )
    blocks.push({ language, attributes, code: match[2]! })
  }
  return blocks
}

/** The one block whose info string says `file=<name>`; throws unless there is exactly one. */
export function blockForFile(markdown: string, name: string): FencedBlock {
  const found = fencedBlocks(markdown).filter((block) => block.attributes.file === name)
  if (found.length !== 1)
    throw new Error(`Expected one block marked file=${name}, found ${found.length}`)
  return found[0]!
}
