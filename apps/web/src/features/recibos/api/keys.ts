/** The resident's own receipts (issue 53): what sending or donating one invalidates. */
export const recibosQueryKey = ['recibos'] as const;

/** The city's receipts as its admins list them. */
export const recibosAdmQueryKey = ['adm', 'recibos'] as const;
