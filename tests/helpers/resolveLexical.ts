/**
 * Prints the file Node resolves `lexical` to in this process, for the test of how the project's
 * scripts start (tests/int/scriptStarts.test.ts).
 */
process.stdout.write(`${import.meta.resolve('lexical')}\n`)
