import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG_NOTIFICACAO, ResultadoEnvioNotificacao } from '@praca/contract';
import { client, ApiError, errorMessage, type ApiBody } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from '@/lib/push';
import type { NotificationRequest } from '../components/notification-form';
import { answerOr } from '@/lib/api/answer';

/**
 * `POST /v1/adm/notificacao?p=N|P|I` (spec §4 push send flow): the server creates the
 * notification and fans it out, answering 202 with the counts. Any failure throws an Error
 * whose message is the text to show (spec §8): the server's `erro`; without one 'Erro
 * desconhecido no POST inicial'; no answer at all 'Erro ao enviar a notificação'.
 */
async function sendNotificacao({ p, body }: NotificationRequest): Promise<ResultadoEnvioNotificacao> {
  let res;
  try {
    res = await client.POST('/v1/adm/notificacao', {
      params: { query: { p } },
      body: body as ApiBody<'post', '/v1/adm/notificacao'>,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      throw new Error(errorMessage(error.data) ?? MSG_NOTIFICACAO.erroPostInicial, { cause: error });
    }
    throw new Error(MSG_NOTIFICACAO.erroEnviar, { cause: error });
  }
  const invalid = () => new Error(MSG_NOTIFICACAO.erroPostInicial);
  if (res.status !== 202) throw invalid();
  return answerOr(ResultadoEnvioNotificacao, res.data, invalid);
}

/** Sends; the sender's own bell reloads (they may be among the people who got it). */
export function useSendNotificacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotificacao,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICACOES_QUERY_KEY }),
  });
}
