/**
 * Scripts and servers never wait for an answer on a terminal nobody may be watching (a service
 * manager, CI, a container). Payload's database layer asks yes/no questions through the
 * `prompts` package (a schema push that may lose data, migrations on a pushed database) and,
 * with no answer, waits forever, or takes the default "no" and exits 0 as if it had worked.
 * Here every such question ends the process with exit code 1, the question, and what to do.
 * Plain JavaScript, so that `scripts/server.mjs` can use it too.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export function refusePrompts() {
  const prompts = require('prompts')
  for (const type of Object.keys(prompts.prompts)) {
    prompts.prompts[type] = (question) => {
      const asked = typeof question.message === 'string' ? question.message : String(question.name)
      console.error(
        [
          '',
          `The database layer asked a question this process will not wait for:`,
          '',
          `  ${asked.replace(/\n+/g, '\n  ')}`,
          '',
          'Nothing was changed. What to do:',
          '- a development database (npm run dev) whose schema change may lose data: back it up',
          '  if it matters, then drop it (for the embedded one: delete .data/postgres) and start',
          '  again, so that the schema is created afresh;',
          '- a database that `npm run dev` set up, given to `npm start` or `npm run migrate`: give',
          '  production a database of its own (the embedded default does: app_dev for development,',
          '  app for npm start), created by the migrations.',
          '',
        ].join('\n'),
      )
      process.exit(1)
    }
  }
}
