import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

/** Runs `work` in one transaction on `req` (joined when one is already open). */
export async function withTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const isOwner = await initTransaction(req)
  try {
    const result = await work()
    if (isOwner) await commitTransaction(req)
    return result
  } catch (error) {
    if (isOwner) await killTransaction(req)
    throw error
  }
}
