import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportacaoResposta, ImportMode } from '@praca/contract';
import { ApiError, client } from '@/lib/api-client';

/** What is imported: the path under /v1/adm/importacoes. */
export type ImportTarget = 'estabelecimentos' | 'turismo';

interface ImportRequest {
  alvo: ImportTarget;
  modo: ImportMode;
  arquivo: File;
  /** The admin city (the server refuses another city to a plain admin). */
  codCidade: string;
}

/** The answer; `recusa` is the server's reason when it stored nothing (422). */
export type ImportResult = ImportacaoResposta & { recusa?: string };

const isAnswer = (v: unknown): v is ImportacaoResposta & { erro: string } =>
  Boolean(v && typeof v === 'object' && Array.isArray((v as { erros?: unknown }).erros));

/**
 * POST /v1/adm/importacoes/{alvo}?modo=&cod_cidade= with the file as multipart (issue 39). A
 * refused import (422: `tudo` with errors, `validas` with none valid) is an answer too: its
 * rows and errors are shown with the reason.
 */
async function postImportacao(r: ImportRequest): Promise<ImportResult> {
  const form = new FormData();
  form.append('cod_cidade', r.codCidade);
  form.append('arquivo', r.arquivo, r.arquivo.name);
  try {
    const init = { params: { query: { modo: r.modo, cod_cidade: Number(r.codCidade) } }, body: form };
    const res =
      r.alvo === 'turismo'
        ? await client.POST('/v1/adm/importacoes/turismo', init)
        : await client.POST('/v1/adm/importacoes/estabelecimentos', init);
    return res.data as ImportacaoResposta;
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && isAnswer(e.data))
      return { ...e.data, recusa: e.data.erro };
    throw e;
  }
}

/** The import; a stored one reloads every list (admin and consumer) that may show the new records. */
export function useImportacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImportacao,
    onSuccess: (r) => {
      if (r.importadas > 0) void queryClient.invalidateQueries();
    },
  });
}
