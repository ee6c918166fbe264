import { useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MSG_ESCOLHA } from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useEntidadeEscolhida, useEntidades, useEscolherEntidade } from '@/lib/api/entidades';

/**
 * 'Minha entidade' in Minhas conquistas (issue 40, decision 052): the social entity that gets the
 * share of every purchase's coupons that a campaign gives the entities. The choice counts for
 * the coupons issued from then on, and can be changed or removed at any time.
 */
export function EntidadeEscolhidaPanel({ codCidade }: { codCidade: number }) {
  const atual = useEntidadeEscolhida();
  const entidades = useEntidades(codCidade);
  const escolher = useEscolherEntidade();
  const [valor, setValor] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);

  // A city without entities, or while loading, shows nothing (the page has its own states).
  if (!atual.isSuccess || !entidades.isSuccess || entidades.data.length === 0) return null;

  const emVigor = atual.data.id_entidade === null ? '' : String(atual.data.id_entidade);
  const selecionada = valor ?? emVigor;
  const salvar = async (id: string) => {
    setErro(null);
    setAviso(null);
    try {
      await escolher.mutateAsync({ id_entidade: id === '' ? null : Number(id) });
      setValor(null);
      setAviso(id === '' ? MSG_ESCOLHA.nenhuma : MSG_ESCOLHA.escolhida);
    } catch (error) {
      setErro(describeError(error, 'Não foi possível salvar a sua escolha.'));
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Minha entidade
        </Title>
        <Text size="sm">
          Algumas campanhas destinam uma parte dos cupons de cada compra à{' '}
          <Anchor component={Link} to={paths.entidades}>
            entidade social
          </Anchor>{' '}
          que você escolher. A escolha vale para os cupons que você ganhar daqui em diante.
        </Text>
        {atual.data.id_entidade !== null && atual.data.desde ? (
          <Text size="sm" role="status">
            Sua entidade: <strong>{atual.data.nome_entidade}</strong>, desde{' '}
            {formatDateTime(atual.data.desde)}.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Você ainda não escolheu uma entidade.
          </Text>
        )}
        <NativeSelect
          label="Entidade escolhida"
          data={[
            { value: '', label: 'Nenhuma' },
            ...entidades.data.map((e) => ({ value: String(e.id_entidade), label: `${e.nome} (${e.causa})` })),
          ]}
          value={selecionada}
          onChange={(e) => setValor(e.currentTarget.value)}
          maw={{ sm: 420 }}
        />
        <FormAlert message={erro} />
        {aviso ? (
          <Text size="sm" fw={600} role="status">
            {aviso}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            disabled={selecionada === emVigor}
            loading={escolher.isPending}
            onClick={() => void salvar(selecionada)}
          >
            Salvar escolha
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
