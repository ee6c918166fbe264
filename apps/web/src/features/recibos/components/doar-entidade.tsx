import { Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { DoacaoReciboBody } from '@praca/contract';
import { checkWithContract, withRefusals } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { FormAlert } from '@/components/form-alert';
import { ErrorState } from '@/components/query-states';
import { useEntidades } from '@/lib/api/entidades';

/** No entity chosen yet. */
export const ESCOLHA_ENTIDADE = 'Escolha a entidade social que vai receber a nota';

/** The entity as the form keeps it ('' none), checked with the contract's body. */
function checkEntidade({ id_entidade }: { id_entidade: string }) {
  const own = id_entidade ? [] : [{ erro: ESCOLHA_ENTIDADE, campo: 'id_entidade' as const }];
  return withRefusals(
    own,
    checkWithContract(DoacaoReciboBody, { id_entidade: Number(id_entidade) }, ['id_entidade'] as const),
  );
}

interface DoarEntidadeProps {
  /** The resident's city: its social entities are offered. */
  codCidade: number;
  /** The donation is being sent. */
  busy: boolean;
  /** The server's refusal of the donation, shown beside the button. */
  erro: string | null;
  onErroClose: () => void;
  onDoar: (idEntidade: number) => void;
  /** The first field takes the focus when the chooser appears (it came after a button). */
  autoFocus?: boolean;
}

/**
 * Issue 53: a receipt the shop reported without a buyer can only be donated, as in the Nota
 * Fiscal Paulista: the resident chooses a social entity of the city (the list of /entidades)
 * and the purchase becomes the entity's. The donation is final.
 */
export function DoarEntidade({ codCidade, busy, erro, onErroClose, onDoar, autoFocus }: DoarEntidadeProps) {
  const entidades = useEntidades(codCidade);
  const { text, save } = useContractForm({
    initial: { id_entidade: '' },
    check: checkEntidade,
    show: () => undefined,
    busy,
    onValid: (body) => onDoar(body.id_entidade),
  });

  if (entidades.isPending)
    return <Skeleton h={60} role="status" aria-label="Carregando entidades sociais" maw={420} />;
  if (entidades.isError)
    return (
      <ErrorState
        title="Não foi possível carregar as entidades sociais."
        error={entidades.error}
        onRetry={() => void entidades.refetch()}
        retrying={entidades.isFetching}
      />
    );
  if (entidades.data.length === 0)
    return (
      <Text size="sm">
        Esta cidade ainda não tem entidades sociais cadastradas: a nota não pode ser doada agora.
      </Text>
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <NativeSelect
          label="Entidade social"
          description="A doação é definitiva: a compra passa a ser da entidade."
          data={[
            { value: '', label: 'Escolha a entidade' },
            ...entidades.data.map((e) => ({ value: String(e.id_entidade), label: `${e.nome} (${e.causa})` })),
          ]}
          {...text('id_entidade')}
          autoFocus={autoFocus}
          maw={{ sm: 420 }}
        />
        <FormAlert message={erro} onClose={onErroClose} />
        <Group>
          <Button type="submit" loading={busy}>
            Doar nota
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
