import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Image,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  DecisaoCpfComprovacaoBody,
  ROTULO_STATUS_CPF_COMPROVACAO,
  STATUS_CPF_COMPROVACAO,
  type CpfComprovacaoAdmin,
  type StatusCpfComprovacao,
} from '@praca/contract';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { useAdminList } from '@/components/admin-list/use-admin-list';
import { checkWithContract } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDecidirCpfComprovacao } from '../api/decidir-cpf-comprovacao';
import { useCpfComprovacoesAdm } from '../api/get-cpf-comprovacoes-adm';

const NOUN: AdminListNoun = { article: 'as', plural: 'comprovações de CPF' };
type Decisao = 'aprovada' | 'recusada';

const STATUS_COLOR: Record<StatusCpfComprovacao, string> = {
  aberta: 'blue.9',
  aprovada: 'green.9',
  recusada: 'red.9',
};

function StatusBadge({ status }: { status: StatusCpfComprovacao }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {ROTULO_STATUS_CPF_COMPROVACAO[status]}
    </Badge>
  );
}

/**
 * 'Comprovações de CPF' (issue 52): the proofs residents of the admin's city sent, a photo of a
 * document and a selfie holding it, 20 a page, filtered by status. 'Abrir' shows both photos
 * (links valid a few minutes, each view recorded in the audit log) and, for an open one,
 * Aprovar or Recusar with a reason, confirmed before it is sent.
 */
export function CpfComprovacoesAdminScreen() {
  const [status, setStatus] = useState<StatusCpfComprovacao | ''>('aberta');
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useCpfComprovacoesAdm, { status });
  const [aberta, setAberta] = useState<number | null>(null);

  if (codCidade <= 0)
    return <AdminCityPrompt title="Comprovações de CPF" canChoose={canChoose} noun={NOUN} />;
  const alvo = aberta === null ? null : (query.data?.itens.find((c) => c.id_comprovacao === aberta) ?? null);

  return (
    <Stack gap="md">
      <PageTitle>Comprovações de CPF</PageTitle>
      <Text size="sm" maw={720}>
        Moradores que enviaram a foto de um documento e uma selfie segurando o documento para comprovar o CPF.
        Aprovar torna o CPF comprovado: as compras informadas com ele no caixa vão para a conta do morador.
        Cada foto aberta fica registrada na auditoria; as fotos são apagadas 30 dias após a decisão.
      </Text>
      <NativeSelect
        label="Situação"
        data={[
          { value: '', label: 'Todas' },
          ...STATUS_CPF_COMPROVACAO.map((s) => ({ value: s, label: ROTULO_STATUS_CPF_COMPROVACAO[s] })),
        ]}
        value={status}
        onChange={(e) => {
          setStatus(e.currentTarget.value as StatusCpfComprovacao | '');
          setPagina(1);
        }}
        maw={240}
      />
      <AdminListTable
        query={query}
        noun={NOUN}
        count={['comprovação', 'comprovações']}
        empty={
          status
            ? `Nenhuma comprovação de CPF ${ROTULO_STATUS_CPF_COMPROVACAO[status].toLowerCase()}.`
            : 'Nenhuma comprovação de CPF enviada.'
        }
        columns={[
          {
            header: 'Morador',
            cell: (c) => c.nome_usuario,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '8em' },
          },
          { header: 'CPF', cell: (c) => c.cpf || '—', style: { whiteSpace: 'nowrap' } },
          { header: 'Enviada em', cell: (c) => formatDateTime(c.criado_em), style: { whiteSpace: 'nowrap' } },
          { header: 'Situação', cell: (c) => <StatusBadge status={c.status} /> },
          {
            header: 'Motivo',
            cell: (c) => c.motivo ?? '—',
            style: { overflowWrap: 'anywhere' },
          },
        ]}
        rowKey={(c) => c.id_comprovacao}
        actionText="Abrir"
        editLabel={(c) => `Abrir a comprovação de CPF de ${c.nome_usuario}`}
        onEdit={(c) => {
          setAberta(c.id_comprovacao);
          // Fresh links for the photos.
          void query.refetch();
        }}
        pagina={pagina}
        onPage={setPagina}
      />
      {alvo ? <ComprovacaoDialog alvo={alvo} onClose={() => setAberta(null)} /> : null}
    </Stack>
  );
}

function Foto({ src, alt, legenda }: { src: string | null; alt: string; legenda: string }) {
  const [falhou, setFalhou] = useState(false);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {legenda}
      </Text>
      {src && !falhou ? (
        <a
          href={src}
          target="_blank"
          rel="noreferrer noopener"
          aria-label={`${legenda}: abrir em tamanho real`}
        >
          <Image src={src} alt={alt} radius="sm" mah={360} fit="contain" onError={() => setFalhou(true)} />
        </a>
      ) : (
        <Text size="sm" c="dimmed">
          {src
            ? 'Não foi possível abrir a foto: feche e abra a comprovação de novo.'
            : 'As fotos já foram apagadas.'}
        </Text>
      )}
    </Stack>
  );
}

function ComprovacaoDialog({ alvo, onClose }: { alvo: CpfComprovacaoAdmin; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [decisao, setDecisao] = useState<Decisao | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Comprovação de CPF de ${alvo.nome_usuario}`}
      size="xl"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <StatusBadge status={alvo.status} />
          <Text size="sm">
            CPF declarado: <strong>{alvo.cpf || '—'}</strong> · enviada em {formatDateTime(alvo.criado_em)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Confira se o documento mostra esse CPF e o nome {alvo.nome_usuario}, e se a pessoa da selfie segura
          o mesmo documento.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Foto
            src={alvo.url_imagem}
            legenda="Documento"
            alt={`Foto do documento enviada por ${alvo.nome_usuario}`}
          />
          <Foto
            src={alvo.url_selfie}
            legenda="Selfie com o documento"
            alt={`Selfie de ${alvo.nome_usuario} segurando o documento`}
          />
        </SimpleGrid>
        {alvo.status !== 'aberta' ? (
          <Text size="sm">
            {ROTULO_STATUS_CPF_COMPROVACAO[alvo.status]} em{' '}
            {alvo.decidido_em ? formatDateTime(alvo.decidido_em) : '—'}. Motivo: {alvo.motivo}
          </Text>
        ) : decisao ? (
          <DecisaoForm alvo={alvo} decisao={decisao} onBack={() => setDecisao(null)} onDone={onClose} />
        ) : (
          <Group justify="flex-end" gap="xs">
            <Button variant="default" color="red" onClick={() => setDecisao('recusada')}>
              Recusar
            </Button>
            <Button onClick={() => setDecisao('aprovada')}>Aprovar</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function DecisaoForm({
  alvo,
  decisao,
  onBack,
  onDone,
}: {
  alvo: CpfComprovacaoAdmin;
  decisao: Decisao;
  onBack: () => void;
  onDone: () => void;
}) {
  const decidir = useDecidirCpfComprovacao();
  const [error, setError] = useState<{ message: string; seq: number } | null>(null);
  const [confirmando, setConfirmando] = useState<{ motivo: string } | null>(null);
  const show = (message: string) => setError((p) => ({ message, seq: (p?.seq ?? 0) + 1 }));
  const verbo = decisao === 'aprovada' ? 'Aprovar' : 'Recusar';
  const { text, save } = useContractForm({
    initial: { motivo: '' },
    // The reason under its field, in the contract's words ('Informe o motivo').
    check: ({ motivo }: { motivo: string }) =>
      checkWithContract(DecisaoCpfComprovacaoBody, { decisao, motivo }, ['motivo'] as const),
    show,
    busy: decidir.isPending,
    onValid: (body) => setConfirmando({ motivo: body.motivo }),
  });
  const send = () => {
    if (!confirmando) return;
    decidir.mutate(
      { id: alvo.id_comprovacao, body: { decisao, motivo: confirmando.motivo } },
      {
        onSuccess: () => {
          notifySuccess(decisao === 'aprovada' ? 'CPF comprovado.' : 'Comprovação recusada.');
          onDone();
        },
        onError: (e) => {
          setConfirmando(null);
          show(describeError(e, 'Não foi possível registrar a decisão'));
        },
      },
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
      aria-label={`${verbo} a comprovação`}
    >
      <Stack gap="sm">
        <Textarea
          label={decisao === 'aprovada' ? 'Motivo da aprovação' : 'Motivo da recusa'}
          description={decisao === 'recusada' ? 'O morador verá este motivo.' : undefined}
          {...text('motivo')}
          maxLength={500}
          autosize
          minRows={2}
          required
          data-autofocus
        />
        <FormAlert message={error?.message ?? null} seq={error?.seq} onClose={() => setError(null)} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onBack}>
            Voltar
          </Button>
          <Button type="submit" color={decisao === 'aprovada' ? undefined : 'red.9'}>
            {verbo}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirmando !== null}
        onClose={() => setConfirmando(null)}
        title={`${verbo} a comprovação?`}
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="md">
          <Text size="sm">
            {decisao === 'aprovada'
              ? `O CPF ${alvo.cpf} passará a ser comprovado na conta de ${alvo.nome_usuario}, e as compras informadas com ele irão para essa conta. A decisão não pode ser desfeita.`
              : `${alvo.nome_usuario} será avisado da recusa e do motivo, e poderá enviar novas fotos.`}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirmando(null)}>
              Voltar
            </Button>
            <Button
              onClick={send}
              loading={decidir.isPending}
              color={decisao === 'aprovada' ? undefined : 'red.9'}
            >
              {`Confirmar: ${verbo.toLowerCase()}`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
