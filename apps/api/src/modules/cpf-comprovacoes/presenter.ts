import { maskCpf, type CpfComprovacao, type CpfComprovacaoAdmin } from '@praca/contract';
import type { ProofRow } from './repository.js';

/** The person's own view of a proof, field by field. */
export const presentProof = (r: {
  id_comprovacao: number;
  status: CpfComprovacao['status'];
  motivo: string | null;
  criado_em: string;
  decidido_em: string | null;
}): CpfComprovacao => ({
  id_comprovacao: r.id_comprovacao,
  status: r.status,
  motivo: r.motivo,
  criado_em: r.criado_em,
  decidido_em: r.decidido_em,
});

/**
 * A proof for the city's admins: the CPF masked (the photos show it whole), the links to the
 * photos made for this admin (null once the photos were deleted).
 */
export const presentProofAdmin = (
  r: ProofRow,
  cpf: string,
  links: { imagem: string; selfie: string; expiram: string } | null,
): CpfComprovacaoAdmin => ({
  ...presentProof(r),
  id_usuario: r.id_usuario,
  nome_usuario: r.nome_usuario,
  cod_cidade: r.cod_cidade,
  cpf: cpf ? maskCpf(cpf) : '',
  url_imagem: links?.imagem ?? null,
  url_selfie: links?.selfie ?? null,
  links_expiram_em: links?.expiram ?? null,
  decidido_por: r.decidido_por,
});
