import { z } from 'zod';
import { CodCidadeSchema } from './common.js';
import { MSG } from './messages.js';
import { RegistroBody } from './users.js';
import { onlyDigits } from './validators.js';

/** Registration (spec §5): the password and its confirmation must be equal. */
export const senhasConferem = (senha: string, confirmacao: string): boolean => senha === confirmacao;

/** Registration (spec §5): the two WhatsApp numbers must be equal; only the digits count. */
export const whatsConferem = (whatsup: string, confirmacao: string): boolean =>
  onlyDigits(whatsup) === onlyDigits(confirmacao);

const r = RegistroBody.shape;

/**
 * The registration form as the person fills it (spec §2, §5): RegistroBody plus the two
 * confirmations, the password still in clear (the web hashes it before sending) and the
 * city as the select's value. 'Senhas nao conferem' and 'Numero do WhatsUp nao conferem'
 * show on the confirmation fields even while other fields are still wrong.
 */
const RegistroFormBase = z.object({
  nome: r.nome,
  email: r.email,
  senha: z.string().min(1, { error: 'Informe uma senha' }).max(256, { error: 'Senha longa demais' }),
  confirmaSenha: z.string(),
  whatsup: z.string().refine((v) => onlyDigits(v).length <= 11, { error: 'Número de WhatsApp inválido' }),
  confirmaWhatsup: z.string(),
  endereco: r.endereco,
  numero: r.numero,
  complemento: r.complemento,
  bairro: r.bairro,
  cep: r.cep,
  cod_cidade: CodCidadeSchema,
  /** Issue 40: optional; with it, sales made to this CPF before sign-up are credited. */
  cpf: r.cpf,
});

export const RegistroForm = RegistroFormBase.refine((v) => senhasConferem(v.senha, v.confirmaSenha), {
  error: MSG.senhasNaoConferem,
  path: ['confirmaSenha'],
  when: (payload) =>
    RegistroFormBase.pick({ senha: true, confirmaSenha: true }).safeParse(payload.value).success,
}).refine((v) => whatsConferem(v.whatsup, v.confirmaWhatsup), {
  error: MSG.whatsNaoConferem,
  path: ['confirmaWhatsup'],
  when: (payload) =>
    RegistroFormBase.pick({ whatsup: true, confirmaWhatsup: true }).safeParse(payload.value).success,
});
export type RegistroFormInput = z.input<typeof RegistroForm>;
export type RegistroFormOutput = z.output<typeof RegistroForm>;
