import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MSG_APURACAO, ResultadoApuracaoBody, type ResultadoApuracao } from '@praca/contract';
import { contractResolver, contractForm } from '@/components/editor/contract-check';
import { describeError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLancarResultado, type LancamentoResultado } from '../api/admin-apuracoes';
import { FormModal, useShown } from './dialog-form';

// ── Resultado ───────────────────────────────────────────────────────────────

/** What a row dialog needs to know of its apuração. */
export interface ApuracaoAlvo {
  idApuracao: number;
  concurso: number;
  data: string;
  /** The result is for the substitutes waiting on this later contest (the apuração is apurada). */
  suplentes?: boolean;
}

const ORDINAIS = ['1º', '2º', '3º', '4º', '5º'] as const;

const ResultadoForm = contractForm(
  { premios: z.array(z.string()) },
  ResultadoApuracaoBody.pick({ premios: true }),
  (f) => ({ premios: f.premios.map((p) => p.trim()) }),
);
type ResultadoIn = z.input<typeof ResultadoForm>;
type ResultadoOut = z.output<typeof ResultadoForm>;

/**
 * 'Lançar resultado': the contest's five prizes, 5 digits each, all different. Two people
 * enter them: the first entry waits (202, nothing published); a second person's same prizes
 * publish the winners the rule gives (200), shown here.
 */
export function ResultadoDialog({ alvo, onClose }: { alvo: ApuracaoAlvo; onClose: () => void }) {
  const lancar = useLancarResultado();
  const { shown, show, clear } = useShown();
  const [lancado, setLancado] = useState<LancamentoResultado | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResultadoIn, unknown, ResultadoOut>({
    resolver: contractResolver(ResultadoForm),
    defaultValues: { premios: ['', '', '', '', ''] },
  });

  const onSubmit = handleSubmit(
    async ({ premios }) => {
      clear();
      try {
        setLancado(
          await lancar.mutateAsync({
            idApuracao: alvo.idApuracao,
            premios,
            ...(alvo.suplentes ? { concurso: alvo.concurso } : {}),
          }),
        );
      } catch (e) {
        show(describeError(e, 'Não foi possível lançar o resultado.'));
      }
    },
    // One message for the five small fields, next to the button; the fields are marked.
    (refused) => {
      // The contract's refusal of the five together (all different) is the array's root.
      const first = refused.premios?.root?.message ?? refused.premios?.find?.((p) => p?.message)?.message;
      show(first ?? MSG_APURACAO.premiosInvalidos);
    },
  );

  const title = alvo.suplentes
    ? `Lançar resultado do concurso ${alvo.concurso} (suplentes)`
    : `Lançar resultado do concurso ${alvo.concurso}`;
  if (lancado) {
    return (
      <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <Stack gap="md">
          {lancado.tipo === 'pendente' ? (
            <Alert
              color="sol"
              role="status"
              title="Resultado lançado; aguardando a confirmação de outra pessoa"
            >
              Lançado por {lancado.pendente.lancado_por} em {formatDateTime(lancado.pendente.lancado_em)}.
              Nada foi publicado ainda: outra pessoa (outro administrador da cidade ou um superadministrador)
              precisa lançar os mesmos 5 prêmios para os ganhadores saírem.
            </Alert>
          ) : (
            <Vencedores resultado={lancado.resultado} />
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Fechar
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  const marked = (i: number) => Boolean(errors.premios?.[i] ?? errors.premios?.root);
  return (
    <FormModal
      title={title}
      submitText="Lançar resultado"
      busy={lancar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <Text size="sm">
        Os 5 primeiros prêmios do concurso {alvo.concurso} da Loteria Federal, de {formatDate(alvo.data)},
        como publicados pela Caixa. Outra pessoa precisa lançar os mesmos prêmios para confirmar o resultado.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="sm">
        {ORDINAIS.map((ordinal, i) => (
          <TextInput
            key={ordinal}
            label={`${ordinal} prêmio`}
            inputMode="numeric"
            maxLength={5}
            error={marked(i)}
            styles={{ input: { fontFamily: 'monospace' } }}
            autoComplete="off"
            data-autofocus={i === 0 ? true : undefined}
            {...register(`premios.${i}`)}
          />
        ))}
      </SimpleGrid>
    </FormModal>
  );
}

/** The published result: the winners (or substitutes) in prize order. */
function Vencedores({ resultado }: { resultado: ResultadoApuracao }) {
  return (
    <>
      <Text role="status" fw={700}>
        Resultado confirmado e publicado.{' '}
        {resultado.ganhadores.length === 0
          ? 'Nenhum ganhador.'
          : resultado.ganhadores.some((g) => g.suplente)
            ? 'Suplentes, na ordem dos prêmios:'
            : 'Ganhadores, na ordem dos prêmios:'}
      </Text>
      {resultado.ganhadores.length > 0 ? (
        <Table fz="sm" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Prêmio</Table.Th>
              <Table.Th scope="col">Número</Table.Th>
              <Table.Th scope="col">Participante e loja</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {resultado.ganhadores.map((g) => (
              <Table.Tr key={`${g.premio}-${g.serie_numero}`}>
                <Table.Td>{g.premio}º</Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {g.serie_numero}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {g.participante} · {g.nom_estabelecimento}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </>
  );
}
