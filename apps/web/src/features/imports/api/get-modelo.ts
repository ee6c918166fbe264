import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import type { ImportTarget } from './post-importacao';

type Formato = 'csv' | 'xlsx';

/** GET /v1/adm/importacoes/{alvo}/modelo?formato= with the session's bearer, saved as a download. */
async function baixarModelo({ alvo, formato }: { alvo: ImportTarget; formato: Formato }): Promise<void> {
  const res = await api.get<Blob>(`/v1/adm/importacoes/${alvo}/modelo`, { query: { formato }, as: 'blob' });
  saveBlob(res.data, `modelo-${alvo}.${formato}`);
}

export function useBaixarModelo() {
  return useMutation({ mutationFn: baixarModelo });
}
