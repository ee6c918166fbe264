import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Modal, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { MSG_ENTIDADE, type Doacao } from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { DOAR_CUPONS_ANCHOR, paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDoar, useEntidades, useMinhasDoacoes } from '@/lib/api/entidades';

type Modo = 'todos' | 'futuros';

/**
 * 'Doar meus cupons' in Minhas conquistas (issue 40): a resident gives the campaign's coupons
 * to a social entity of the city, all of them or those to come; a gift is final, so it is
 * confirmed first. Once given, the panel says to whom and how many coupons the entity holds.
 */
export function DoacaoPanel({ idCampanha, codCidade }: { idCampanha: number; codCidade: number }) {
  const doacoes = useMinhasDoacoes();
  const entidades = useEntidades(codCidade);
  const doar = useDoar();
  const [escolha, setEscolha] = useState('');
  const [modo, setModo] = useState<Modo>('todos');
  const [confirmar, setConfirmar] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const primeiro = useRef<HTMLSelectElement>(null);
  const { hash } = useLocation();
  const landed = useRef(false);

  const feita = doacoes.data?.find((d) => d.id_campanha === idCampanha);
  const shown =
    doacoes.isSuccess && (feita !== undefined || (entidades.isSuccess && entidades.data.length > 0));
  // Issue 51: '/entidades' → 'Doar meus cupons' lands here (…#doar-cupons): once the panel's
  // data is in, it comes into view and its first field takes the focus.
  useEffect(() => {
    if (landed.current || !shown || hash !== `#${DOAR_CUPONS_ANCHOR}`) return;
    landed.current = true;
    const frame = requestAnimationFrame(() => {
      document.getElementById(DOAR_CUPONS_ANCHOR)?.scrollIntoView({ block: 'start' });
      primeiro.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, hash]);

  if (feita) return <DoacaoFeita doacao={feita} />;
  // Nothing to offer until both lists are there; a city without entities shows nothing.
  if (!doacoes.isSuccess || !entidades.isSuccess || entidades.data.length === 0) return null;

  const entidade = entidades.data.find((e) => String(e.id_entidade) === escolha);
  const onConfirm = async () => {
    setConfirmar(false);
    setErro(null);
    try {
      await doar.mutateAsync({ id_campanha: idCampanha, id_entidade: Number(escolha), modo });
    } catch (error) {
      setErro(describeError(error, 'Não foi possível registrar a doação.'));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" id={DOAR_CUPONS_ANCHOR} style={{ scrollMarginTop: 72 }}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Doar meus cupons
        </Title>
        <Text size="sm">
          Doe os cupons desta campanha a uma{' '}
          <Anchor component={Link} to={paths.entidades}>
            entidade social da cidade
          </Anchor>
          : ela participa dos sorteios com eles e, se ganhar, o prêmio é dela.
        </Text>
        <NativeSelect
          label="Entidade"
          data={[
            { value: '', label: 'Escolha a entidade' },
            ...entidades.data.map((e) => ({ value: String(e.id_entidade), label: `${e.nome} (${e.causa})` })),
          ]}
          value={escolha}
          ref={primeiro}
          onChange={(e) => setEscolha(e.currentTarget.value)}
          maw={{ sm: 420 }}
        />
        <Radio.Group label="O que doar" value={modo} onChange={(v) => setModo(v as Modo)}>
          <Stack gap={6} mt={4}>
            <Radio value="todos" label="Todos os cupons desta campanha (os que tenho e os que vierem)" />
            <Radio value="futuros" label="Só os cupons que eu ganhar daqui em diante" />
          </Stack>
        </Radio.Group>
        <FormAlert message={erro} />
        <Group>
          <Button disabled={!entidade} loading={doar.isPending} onClick={() => setConfirmar(true)}>
            Doar cupons
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirmar} onClose={() => setConfirmar(false)} title="Confirmar doação" centered>
        <Stack gap="md">
          <Text>
            {modo === 'todos'
              ? 'Todos os seus cupons desta campanha'
              : 'Os cupons que você ganhar daqui em diante'}{' '}
            irão para <strong>{entidade?.nome}</strong>. A doação é definitiva.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmar(false)}>
              Cancelar
            </Button>
            <Button onClick={() => void onConfirm()} data-autofocus>
              Confirmar doação
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function DoacaoFeita({ doacao }: { doacao: Doacao }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="status"
      id={DOAR_CUPONS_ANCHOR}
      style={{ scrollMarginTop: 72 }}
    >
      <Stack gap={4}>
        <Text fw={600}>{MSG_ENTIDADE.doacaoFeita}</Text>
        <Text size="sm">
          {doacao.modo === 'todos'
            ? `Todos os seus cupons desta campanha vão para ${doacao.nome_entidade}`
            : `Seus cupons desta campanha a partir de ${formatDateTime(doacao.criado_em)} vão para ${doacao.nome_entidade}`}
          : a entidade tem {formatNumber(doacao.cupons)} {doacao.cupons === 1 ? 'cupom seu' : 'cupons seus'}.
        </Text>
      </Stack>
    </Paper>
  );
}
