import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { ChaveItem } from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useChaves, useCreateChave, useRevokeChave } from '../api/chaves';
import { ConfirmModal } from './confirm-modal';
import { ShownOnce } from './shown-once';

export interface ShopOption {
  value: string;
  label: string;
}

/** The partner's API keys: make one for a shop (shown once), the list with last use, revoke. */
export function KeysSection({ shops }: { shops: ShopOption[] }) {
  const chaves = useChaves();
  const create = useCreateChave();
  const revoke = useRevokeChave();
  const [nome, setNome] = useState('');
  const [shop, setShop] = useState<string | null>(shops.length === 1 ? shops[0].value : null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [toRevoke, setToRevoke] = useState<ChaveItem | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!nome.trim() || !shop) {
      setError('Dê um nome à chave e escolha o estabelecimento.');
      return;
    }
    create.mutate(
      { nome: nome.trim(), id_estabelecimento: Number(shop) },
      {
        onSuccess: (c) => {
          setShown(c.chave);
          setNome('');
        },
        onError: (err) => setError(describeError(err)),
      },
    );
  };

  let list;
  if (chaves.isPending) {
    list = (
      <Stack role="status" gap="xs">
        <VisuallyHidden>Carregando chaves…</VisuallyHidden>
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (chaves.isError) {
    list = (
      <ErrorState
        title="Não foi possível carregar suas chaves."
        error={chaves.error}
        onRetry={() => void chaves.refetch()}
        retrying={chaves.isFetching}
      />
    );
  } else if (chaves.data.length === 0) {
    list = <EmptyState>Nenhuma chave ativa. Crie uma para o sistema de caixa da sua loja.</EmptyState>;
  } else {
    list = (
      <ScrollTable label="Chaves de API" minWidth={640}>
        <Table striped>
          <Table.Caption>
            Chaves ativas: o segredo não é mostrado, só o começo para reconhecê-las.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Nome</Table.Th>
              <Table.Th scope="col">Estabelecimento</Table.Th>
              <Table.Th scope="col">Começa com</Table.Th>
              <Table.Th scope="col">Criada em</Table.Th>
              <Table.Th scope="col">Último uso</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {chaves.data.map((k) => (
              <Table.Tr key={k.id_chave}>
                <Table.Td>{k.nome}</Table.Td>
                <Table.Td>{k.nome_estabelecimento}</Table.Td>
                <Table.Td ff="monospace">{k.inicio}…</Table.Td>
                <Table.Td>{formatDateTime(k.criada_em)}</Table.Td>
                <Table.Td>{k.usada_em ? formatDateTime(k.usada_em) : 'Nunca usada'}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" color="red" onClick={() => setToRevoke(k)}>
                    Revogar<VisuallyHidden> a chave {k.nome}</VisuallyHidden>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    );
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="chaves-titulo">
      <Stack gap="md">
        <Title order={2} id="chaves-titulo" fz="h3">
          Chaves de API
        </Title>
        <Text size="sm">
          Uma chave deixa o sistema de caixa de uma loja registrar, alterar e listar as vendas dela, com as
          mesmas regras desta tela. Envie-a no cabeçalho <code>Authorization: Bearer &lt;chave&gt;</code>; o
          exemplo completo está em <a href="/docs">/docs</a>.
        </Text>
        {shown ? <ShownOnce label="Chave de API" value={shown} onDone={() => setShown(null)} /> : null}
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Nome da chave"
              placeholder="Ex.: Caixa da frente"
              value={nome}
              onChange={(e) => setNome(e.currentTarget.value)}
              maxLength={60}
              required
              style={{ flex: '1 1 12rem' }}
            />
            <Select
              label="Estabelecimento"
              placeholder="Escolha"
              data={shops}
              value={shop}
              onChange={setShop}
              required
              allowDeselect={false}
              style={{ flex: '1 1 12rem' }}
            />
            <Button type="submit" loading={create.isPending}>
              Criar chave
            </Button>
          </Group>
          <FormAlert message={error} onClose={() => setError(null)} mt="sm" />
        </form>
        {list}
      </Stack>
      <ConfirmModal
        opened={toRevoke !== null}
        title="Revogar chave"
        text={`Revogar a chave "${toRevoke?.nome ?? ''}"? O sistema que a usa deixa de registrar vendas na hora. Isto não pode ser desfeito.`}
        confirmLabel="Revogar"
        pending={revoke.isPending}
        onClose={() => setToRevoke(null)}
        onConfirm={() => {
          if (!toRevoke) return;
          revoke.mutate(toRevoke.id_chave, {
            onSuccess: () => {
              notifySuccess(`Chave "${toRevoke.nome}" revogada.`);
              setToRevoke(null);
            },
            onError: (err) => {
              notifyError(describeError(err));
              setToRevoke(null);
            },
          });
        }}
      />
    </Paper>
  );
}
