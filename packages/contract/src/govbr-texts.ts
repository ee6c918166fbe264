/** "Entrar com gov.br" (issue 52): texts and rules without zod (the web's login page uses them). */

export const GOVBR_MSG = {
  fluxoInvalido: 'O retorno do gov.br não é válido ou expirou. Tente entrar com gov.br de novo.',
  nivelInsuficiente:
    'Sua conta gov.br precisa ser prata ou ouro. Aumente o nível em gov.br (Minha conta gov.br → Nível da conta) e tente de novo.',
  destinoInvalido: 'Destino inválido: use um caminho deste site',
  pendenciaAusente: 'Nenhum acesso pelo gov.br em andamento neste navegador. Entre com gov.br de novo.',
  subJaVinculado: 'Esta conta gov.br já está vinculada a outra conta do Praça.',
  contaJaVinculada: 'Sua conta do Praça já está vinculada a outra conta gov.br.',
  outroCpfComprovado: 'Sua conta do Praça já tem outro CPF comprovado.',
  senhaIncorreta: 'Senha incorreta',
  informeEmail: 'Informe um e-mail válido',
} as const;

/** What a gov.br flow is for: logging in (or signing up), or linking the logged-in account. */
export const GOVBR_FINALIDADES = ['entrar', 'vincular'] as const;
export type GovbrFinalidade = (typeof GOVBR_FINALIDADES)[number];

/**
 * A path of this site to come back to: relative, starting with one `/`, no `//`, no scheme,
 * no backslash, no control character.
 */
export function isRelativePath(v: string): boolean {
  if (!v.startsWith('/') || v.includes('//') || v.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(v);
}

/** Why the link page is shown: an account declares that CPF, uses that e-mail, or the person asked. */
export const GOVBR_MOTIVOS_VINCULO = ['cpf', 'email', 'vincular'] as const;
