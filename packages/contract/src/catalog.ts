import { z } from 'zod';

export const CidadeSchema = z.object({
  cod_cidade: z.number().int(),
  cidade: z.string(),
  uf: z.string(),
});
export type Cidade = z.infer<typeof CidadeSchema>;
export const CidadesResposta = z.array(CidadeSchema);

export const CategoriaSchema = z.object({ id_categoria: z.number().int(), categoria: z.string() });
export type Categoria = z.infer<typeof CategoriaSchema>;
export const CategoriasResposta = z.array(CategoriaSchema);
