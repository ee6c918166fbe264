import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  DecisaoContestacaoBody,
  STATUS_CONTESTACAO,
  type ContestacaoAdmin,
  type StatusContestacao,
} from '@praca/contract';
import { AdminCityPrompt, AdminListStates } from '@/components/admin-list/admin-list';
import { checkWithContract } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { ExportMenu } from '@/components/export-menu';
import { useAdminCity } from '@/lib/admin-city';
import { describeError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useContestacoesAdm, useDecidirContestacao } from '../api/contestacoes';
import { ComprovanteDialog } from '@/components/comprovante-dialog';
import { STATUS_LABEL, StatusContestacaoBadge, TIPO_LABEL } from '@/components/contestacao-status';

type Decisao = 'aceita' | 'recusada';

/** Issue 53: a complaint the programme opened when a resident's receipt named someone else. */
export const AUTOMATICA_RECIBO =
  'Aberta automaticamente: a loja informou a nota fiscal deste morador para outra pessoa.';

interface Notice {
  message: string;
  tone: 'error' | 'success';
  seq: number;
}

/**
 * 'Contestações' (issue 37): the residents' complaints about the shops of the admin's city,
 * newest first, filtered by status; an open one is accepted or refused with a reason.
 */
export function ContestacoesAdminScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const [status, setStatus] = useState<StatusContestacao | ''>('aberta');
  const lista = useContestacoesAdm(codCidade, status);
  const [open, setOpen] = useState<{ alvo: ContestacaoAdmin; decisao: Decisao } | null>(null);
  const [comprovante, setComprovante] = useState<ContestacaoAdmin | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (codCidade <= 0)
    return (
      <AdminCityPrompt
        title="Contestações"
        canChoose={canChoose}
        noun={{ article: 'as', plural: 'contestações' }}
      />
    );

  const content = (
    <AdminListStates
      query={lista}
      noun={{ article: 'as', plural: 'contestações' }}
      skeletons={2}
      isEmpty={(d) => d.length === 0}
      empty={`Nenhuma contestação ${status ? STATUS_LABEL[status].toLowerCase() : ''}`}
    >
      {(data) => (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Contestações">
          {data.map((c) => (
            <li key={c.id_contestacao}>
              <Paper withBorder radius="md" p="sm">
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Title order={2} fz="h5">
                      {TIPO_LABEL[c.tipo]}
                    </Title>
                    <Group gap={6} justify="flex-end">
                      {c.automatica ? (
                        <Badge color="blue.9" variant="light">
                          Automática
                        </Badge>
                      ) : null}
                      <StatusContestacaoBadge status={c.status} />
                    </Group>
                  </Group>
                  {c.automatica ? <Text size="sm">{AUTOMATICA_RECIBO}</Text> : null}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {c.nome_usuario} · {c.nome_estabelecimento}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Venda {c.numero_venda} · {formatDate(c.dat_venda)} · {formatMoney(c.valor_venda)} · aberta
                    em {formatDateTime(c.criada_em)}
                  </Text>
                  {c.imagem ? (
                    <Button
                      size="xs"
                      variant="light"
                      w="fit-content"
                      onClick={() => setComprovante(c)}
                      aria-label={`Ver comprovante da contestação ${c.id_contestacao} de ${c.nome_usuario}`}
                    >
                      Ver comprovante
                    </Button>
                  ) : null}
                  {c.motivo ? <Text size="sm">Motivo: {c.motivo}</Text> : null}
                  {c.status === 'aberta' ? (
                    <Group gap="xs" mt={4}>
                      <Button
                        size="xs"
                        onClick={() => setOpen({ alvo: c, decisao: 'aceita' })}
                        aria-label={`Aceitar a contestação ${c.id_contestacao} de ${c.nome_usuario}`}
                      >
                        Aceitar
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => setOpen({ alvo: c, decisao: 'recusada' })}
                        aria-label={`Recusar a contestação ${c.id_contestacao} de ${c.nome_usuario}`}
                      >
                        Recusar
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </AdminListStates>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <PageTitle>Contestações</PageTitle>
        <ExportMenu
          path="/v1/adm/contestacoes"
          what="contestações"
          query={{ cod_cidade: codCidade, status: status || undefined }}
        />
      </Group>
      <Text size="sm" maw={720}>
        Compras que os moradores não reconhecem ou que não foram registradas. Aceitar “não reconheço” anula a
        venda e seus cupons; aceitar “compra não registrada” registra a venda para o morador. O morador é
        avisado da decisão.
      </Text>
      <NativeSelect
        label="Situação"
        data={[
          { value: '', label: 'Todas' },
          ...STATUS_CONTESTACAO.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
        ]}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value as StatusContestacao | '')}
        maw={240}
      />
      <FormAlert
        message={notice?.message ?? null}
        seq={notice?.seq}
        tone={notice?.tone}
        onClose={() => setNotice(null)}
        closeOnClick
      />
      {content}
      {open ? (
        <DecisaoDialog
          alvo={open.alvo}
          decisao={open.decisao}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            setNotice((p) => ({ message, tone: 'success', seq: (p?.seq ?? 0) + 1 }));
          }}
        />
      ) : null}
      {comprovante ? (
        <ComprovanteDialog
          idContestacao={comprovante.id_contestacao}
          resumo={`${comprovante.nome_usuario}, venda ${comprovante.numero_venda} de ${comprovante.nome_estabelecimento}, ${formatDate(comprovante.dat_venda)}, ${formatMoney(comprovante.valor_venda)}.`}
          alt={`Foto do comprovante da venda ${comprovante.numero_venda} de ${comprovante.nome_estabelecimento}, enviada por ${comprovante.nome_usuario}`}
          onClose={() => setComprovante(null)}
        />
      ) : null}
    </Stack>
  );
}

function DecisaoDialog({
  alvo,
  decisao,
  onClose,
  onDone,
}: {
  alvo: ContestacaoAdmin;
  decisao: Decisao;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const decidir = useDecidirContestacao();
  const [error, setError] = useState<{ message: string; seq: number } | null>(null);
  const show = (message: string) => setError((p) => ({ message, seq: (p?.seq ?? 0) + 1 }));
  const verbo = decisao === 'aceita' ? 'Aceitar' : 'Recusar';
  const { text, save } = useContractForm({
    initial: { motivo: '' },
    // The reason under its field, in the contract's words ('Informe o motivo').
    check: ({ motivo }: { motivo: string }) =>
      checkWithContract(DecisaoContestacaoBody, { decisao, motivo }, ['motivo'] as const),
    show,
    busy: decidir.isPending,
    onValid: (body) =>
      decidir.mutate(
        { id: alvo.id_contestacao, body },
        {
          onSuccess: () => onDone(decisao === 'aceita' ? 'Contestação aceita.' : 'Contestação recusada.'),
          onError: (e) => show(describeError(e, 'Não foi possível registrar a decisão')),
        },
      ),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${verbo} contestação`}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            {TIPO_LABEL[alvo.tipo]} — {alvo.nome_usuario}, venda {alvo.numero_venda} de{' '}
            {alvo.nome_estabelecimento}.
          </Text>
          <Textarea
            label="Motivo"
            {...text('motivo')}
            maxLength={500}
            autosize
            minRows={2}
            required
            data-autofocus
          />
          <FormAlert message={error?.message ?? null} seq={error?.seq} onClose={() => setError(null)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              type="submit"
              loading={decidir.isPending}
              color={decisao === 'aceita' ? undefined : 'red.9'}
            >
              {verbo}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
