import { useState, type ReactNode } from 'react';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  AgendarApuracaoBody,
  MSG_APURACAO,
  ReagendarApuracaoBody,
  ResultadoApuracaoBody,
  type CampanhaAdmin,
  type ResultadoApuracao,
} from '@praca/contract';
import { DateInput } from '@/components/date-input';
import { FormAlert } from '@/components/form-alert';
import { describeError } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { useAgendarApuracao, useLancarResultado, useReagendarApuracao } from '../api/admin-apuracoes';

/** An error shown next to the dialog's button; `seq` makes a repeated text a new show. */
interface Shown {
  message: string;
  seq: number;
  /** The field the refusal points at, marked invalid (and focused by the alert). */
  field?: string;
}

function useShown() {
  const [shown, setShown] = useState<Shown | null>(null);
  const show = (message: string, field?: string) =>
    setShown((prev) => ({ message, field, seq: (prev?.seq ?? 0) + 1 }));
  return { shown, show, clear: () => setShown(null) };
}

/** The first refusal of a contract parse: its text and the field it names. */
function firstIssue(issues: { message: string; path: PropertyKey[] }[]): [string, string | undefined] {
  const issue = issues[0];
  return [
    issue?.message ?? 'Dados inválidos',
    issue?.path[0] === undefined ? undefined : String(issue.path[0]),
  ];
}

interface FormModalProps {
  title: string;
  submitText: string;
  busy: boolean;
  shown: Shown | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** A dialog holding one form: full screen on a phone, the error next to its buttons. */
function FormModal({ title, submitText, busy, shown, onClose, onSubmit, children }: FormModalProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <FormAlert message={shown?.message ?? null} seq={shown?.seq} />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" loading={busy}>
              {submitText}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface AgendarDialogProps {
  campanhas: CampanhaAdmin[];
  /** The campaign chosen on the screen, preselected. */
  idCampanha: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * 'Agendar apuração': the campaign, the Loteria Federal contest and its day, how many prizes
 * and whether a shop or a participant may win more than one. Saving freezes the campaign's
 * eligible tickets at once and publishes the file's hash.
 */
export function AgendarDialog({ campanhas, idCampanha: initial, onClose, onDone }: AgendarDialogProps) {
  const agendar = useAgendarApuracao();
  const { shown, show, clear } = useShown();
  const [idCampanha, setIdCampanha] = useState(initial);
  const [concurso, setConcurso] = useState('');
  const [data, setData] = useState('');
  const [qtd, setQtd] = useState('1');
  const [mloja, setMloja] = useState(true);
  const [musuario, setMusuario] = useState(true);
  const bad = (field: string) => shown?.field === field;

  async function submit() {
    const parsed = AgendarApuracaoBody.safeParse({
      id_campanha: idCampanha,
      concurso: concurso.trim(),
      data_concurso: data,
      qtd_premios: qtd.trim(),
      mloja: mloja ? 'S' : 'N',
      musuario: musuario ? 'S' : 'N',
    });
    if (!parsed.success) {
      show(...firstIssue(parsed.error.issues));
      return;
    }
    clear();
    try {
      const a = await agendar.mutateAsync(parsed.data);
      onDone(
        a.status === 'congelando'
          ? `Apuração do concurso ${a.concurso} agendada: congelando ${formatNumber(a.qtd_bilhetes)} ${
              a.qtd_bilhetes === 1 ? 'bilhete' : 'bilhetes'
            }; o hash é publicado ao terminar.`
          : `Apuração do concurso ${a.concurso} agendada: ${formatNumber(a.qtd_bilhetes)} ${
              a.qtd_bilhetes === 1 ? 'bilhete congelado' : 'bilhetes congelados'
            } e o hash publicado.`,
      );
    } catch (e) {
      show(describeError(e));
    }
  }

  return (
    <FormModal
      title="Agendar apuração"
      submitText="Agendar"
      busy={agendar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <NativeSelect
        label="Campanha"
        data={[
          { value: '', label: MSG_APURACAO.campanhaObrigatoria },
          ...campanhas.map((c) => ({ value: String(c.id_campanha), label: c.den_campanha })),
        ]}
        value={idCampanha}
        onChange={(e) => setIdCampanha(e.currentTarget.value)}
        error={bad('id_campanha')}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Concurso da Loteria Federal"
          inputMode="numeric"
          value={concurso}
          onChange={(e) => setConcurso(e.currentTarget.value)}
          error={bad('concurso')}
          autoComplete="off"
        />
        <DateInput label="Data do concurso" value={data} onChange={setData} error={bad('data_concurso')} />
        <TextInput
          label="Quantidade de prêmios"
          inputMode="numeric"
          value={qtd}
          onChange={(e) => setQtd(e.currentTarget.value)}
          error={bad('qtd_premios')}
          autoComplete="off"
        />
      </SimpleGrid>
      <Switch
        label="Permitir mais de um prêmio por loja"
        checked={mloja}
        onChange={(e) => setMloja(e.currentTarget.checked)}
      />
      <Switch
        label="Permitir mais de um prêmio por participante"
        checked={musuario}
        onChange={(e) => setMusuario(e.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        Ao agendar, os cupons elegíveis da campanha são congelados no arquivo de bilhetes e o hash dele é
        publicado. Cupons emitidos depois entram na próxima apuração.
      </Text>
    </FormModal>
  );
}

/** What a row dialog needs to know of its apuração. */
export interface ApuracaoAlvo {
  idApuracao: number;
  concurso: number;
  data: string;
}

const ORDINAIS = ['1º', '2º', '3º', '4º', '5º'] as const;

/**
 * 'Lançar resultado': the contest's five prizes, 5 digits each. The server applies the
 * published rule; the winners it returns are shown here.
 */
export function ResultadoDialog({ alvo, onClose }: { alvo: ApuracaoAlvo; onClose: () => void }) {
  const lancar = useLancarResultado();
  const { shown, show, clear } = useShown();
  const [premios, setPremios] = useState(['', '', '', '', '']);
  const [result, setResult] = useState<ResultadoApuracao | null>(null);

  async function submit() {
    const values = premios.map((p) => p.trim());
    const bad = values.findIndex((p) => !/^\d{5}$/.test(p));
    const parsed = ResultadoApuracaoBody.safeParse({ premios: values });
    if (!parsed.success || bad >= 0) {
      show(MSG_APURACAO.premiosInvalidos, `premio${bad}`);
      return;
    }
    clear();
    try {
      setResult(await lancar.mutateAsync({ idApuracao: alvo.idApuracao, premios: values }));
    } catch (e) {
      show(describeError(e));
    }
  }

  const title = `Lançar resultado do concurso ${alvo.concurso}`;
  if (result) {
    return (
      <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <Stack gap="md">
          <Text role="status" fw={700}>
            Resultado lançado. Ganhadores, na ordem dos prêmios:
          </Text>
          <Table fz="sm" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Prêmio</Table.Th>
                <Table.Th scope="col">Número</Table.Th>
                <Table.Th scope="col">Participante e loja</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.ganhadores.map((g) => (
                <Table.Tr key={g.premio}>
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
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Fechar
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <FormModal
      title={title}
      submitText="Lançar resultado"
      busy={lancar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Text size="sm">
        Os 5 primeiros prêmios do concurso {alvo.concurso} da Loteria Federal, de {formatDate(alvo.data)},
        como publicados pela Caixa.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="sm">
        {ORDINAIS.map((ordinal, i) => (
          <TextInput
            key={ordinal}
            label={`${ordinal} prêmio`}
            inputMode="numeric"
            maxLength={5}
            value={premios[i]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setPremios((prev) => prev.map((p, j) => (j === i ? value : p)));
            }}
            error={shown?.field === `premio${i}`}
            styles={{ input: { fontFamily: 'monospace' } }}
            autoComplete="off"
            data-autofocus={i === 0 ? true : undefined}
          />
        ))}
      </SimpleGrid>
    </FormModal>
  );
}

/** 'Reagendar': another contest (and day) before any result; the change is public. */
export function ReagendarDialog({
  alvo,
  onClose,
  onDone,
}: {
  alvo: ApuracaoAlvo;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const reagendar = useReagendarApuracao();
  const { shown, show, clear } = useShown();
  const [concurso, setConcurso] = useState(String(alvo.concurso));
  const [data, setData] = useState(alvo.data);
  const [motivo, setMotivo] = useState('');

  async function submit() {
    const parsed = ReagendarApuracaoBody.safeParse({
      concurso: concurso.trim(),
      data_concurso: data,
      motivo: motivo.trim() || undefined,
    });
    if (!parsed.success) {
      show(...firstIssue(parsed.error.issues));
      return;
    }
    clear();
    try {
      const a = await reagendar.mutateAsync({ idApuracao: alvo.idApuracao, body: parsed.data });
      onDone(`Apuração reagendada para o concurso ${a.concurso}, de ${formatDate(a.data_concurso)}.`);
    } catch (e) {
      show(describeError(e));
    }
  }

  return (
    <FormModal
      title={`Reagendar a apuração do concurso ${alvo.concurso}`}
      submitText="Reagendar"
      busy={reagendar.isPending}
      shown={shown}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Concurso da Loteria Federal"
          inputMode="numeric"
          value={concurso}
          onChange={(e) => setConcurso(e.currentTarget.value)}
          error={shown?.field === 'concurso'}
          autoComplete="off"
          data-autofocus
        />
        <DateInput
          label="Data do concurso"
          value={data}
          onChange={setData}
          error={shown?.field === 'data_concurso'}
        />
      </SimpleGrid>
      <Textarea
        label="Motivo"
        description="Fica público no registro da apuração"
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={2}
        error={shown?.field === 'motivo'}
      />
    </FormModal>
  );
}
