/** The consumer that the key from configuration (`API_KEY`) authenticates as. */
export const configuredKeyConsumerId = '00000000-0000-4000-8000-00000000a91e'
