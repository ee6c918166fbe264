import { useState } from 'react';
import {
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ChaveBody, type ChaveItem } from '@praca/contract';
import { AdminListStates } from '@/components/admin-list/admin-list';
import { checkWithContract, withRefusals } from '@/components/editor/contract-check';
import { EditorErrorAlert } from '@/components/editor/editor-dialog';
import { ScrollTable } from '@/components/scroll-table';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChaves, useCreateChave, useRevokeChave } from '../api/chaves';
import { ConfirmModal } from './confirm-modal';
import { ShownOnce } from './shown-once';
import { useSecretForm } from './use-secret-form';

export interface ShopOption {
  value: string;
  label: string;
}

interface KeyForm {
  nome: string;
  id_estabelecimento: string;
}

const KEY_FIELDS = ['nome', 'id_estabelecimento'] as const;

/** The key's body, checked with the contract; a blank name and a missing shop are worded here. */
function checkKey(v: KeyForm) {
  const own: { erro: string; campo: (typeof KEY_FIELDS)[number] }[] = [];
  if (!v.nome.trim()) own.push({ erro: 'Dê um nome à chave.', campo: 'nome' });
  if (!v.id_estabelecimento) own.push({ erro: 'Escolha o estabelecimento.', campo: 'id_estabelecimento' });
  const raw = { nome: v.nome, id_estabelecimento: Number(v.id_estabelecimento) };
  return withRefusals(own, checkWithContract(ChaveBody, raw, KEY_FIELDS));
}

/** The partner's API keys: make one for a shop (shown once), the list with last use, revoke. */
export function KeysSection({ shops }: { shops: ShopOption[] }) {
  const chaves = useChaves();
  const create = useCreateChave();
  const revoke = useRevokeChave();
  const [toRevoke, setToRevoke] = useState<ChaveItem | null>(null);
  const { text, values, mark, bind, setField, save, alert, shown, hideShown } = useSecretForm({
    initial: { nome: '', id_estabelecimento: shops.length === 1 ? shops[0].value : '' },
    check: checkKey,
    create,
    secretOf: (c) => c.chave,
    afterCreate: (v) => ({ ...v, nome: '' }),
  });

  const list = (
    <AdminListStates
      query={chaves}
      noun={{ article: 'as', plural: 'chaves' }}
      errorTitle="Não foi possível carregar suas chaves."
      skeletons={2}
      isEmpty={(d) => d.length === 0}
      empty="Nenhuma chave ativa. Crie uma para o sistema de caixa da sua loja."
    >
      {(data) => (
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
              {data.map((k) => (
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
      )}
    </AdminListStates>
  );

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
        {shown ? <ShownOnce label="Chave de API" value={shown} onDone={hideShown} /> : null}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Nome da chave"
              placeholder="Ex.: Caixa da frente"
              maxLength={60}
              required
              style={{ flex: '1 1 12rem' }}
              {...text('nome')}
            />
            <Select
              label="Estabelecimento"
              placeholder="Escolha"
              data={shops}
              value={values?.id_estabelecimento || null}
              onChange={(v) => setField('id_estabelecimento', v ?? '')}
              error={mark('id_estabelecimento')}
              ref={bind('id_estabelecimento')}
              required
              allowDeselect={false}
              style={{ flex: '1 1 12rem' }}
            />
            <Button type="submit" loading={create.isPending} mt={25}>
              Criar chave
            </Button>
          </Group>
          <EditorErrorAlert error={alert.error} onClose={alert.clear} />
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
