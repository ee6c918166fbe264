import { useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import type { ImportTarget } from './post-importacao';

type Formato = 'csv' | 'xlsx';

/** GET /v1/adm/importacoes/{alvo}/modelo?formato= with the session's bearer, saved as a download. */
async function baixarModelo({ alvo, formato }: { alvo: ImportTarget; formato: Formato }): Promise<void> {
  const init = { params: { query: { formato } } };
  const res =
    alvo === 'turismo'
      ? await client.blob('/v1/adm/importacoes/turismo/modelo', init)
      : await client.blob('/v1/adm/importacoes/estabelecimentos/modelo', init);
  saveBlob(res.data, `modelo-${alvo}.${formato}`);
}

export function useBaixarModelo() {
  return useMutation({ mutationFn: baixarModelo });
}
