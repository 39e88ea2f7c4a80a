/** Health answers are about this moment: never cached on the way. */
export const noStore = { 'Cache-Control': 'no-store' }
