/** ?org only when an organisation is named: an address with an empty org asks as one without. */
export const orgQuery = (org?: string): { org?: string } => (org ? { org } : {});
