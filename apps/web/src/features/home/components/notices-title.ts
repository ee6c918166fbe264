/** The notices popup's title (spec §2). */
export const NOTICES_TITLE = 'Você tem novos avisos';
