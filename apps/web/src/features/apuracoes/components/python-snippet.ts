/**
 * The Python program of docs/apuracao.md ("Confira você mesmo") that recomputes an apuração
 * of rule version 2 from the ticket file and the contest's prizes, shown as is on the public
 * page. Kept word for word with the guide: paste the guide's code block here when it changes.
 */
export const PYTHON_CONFERENCIA: string = `# (o programa de conferência de docs/apuracao.md entra aqui)
`;
