import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  MSG_APURACAO,
  ROTULO_TIPO_ANULACAO,
  VERSAO_REGRA_ATUAL,
  type Apuracao,
  type ConsultaBilhete,
  type GanhadorApuracao,
} from '@praca/contract';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { bilhetesUrl } from '@/lib/api/get-registro-sorteio';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { consultarBilhete, useApuracao } from '../api/get-apuracao';
import { PYTHON_CONFERENCIA } from './python-snippet';
import { Facts, HashText, Section, simNao, StatusBadge } from './record-parts';

/** The name the ticket file is saved under, and the one the verify command is shown with. */
const bilhetesFileName = (idApuracao: number) => `apuracao-${idApuracao}-bilhetes.csv`;

/**
 * The offline check a citizen runs (docs/apuracao.md), filled with this apuração's values;
 * before the result the prizes are placeholders.
 */
function verifyCommand(a: Apuracao): string {
  const premios = a.premios?.join(',') ?? 'NNNNN,NNNNN,NNNNN,NNNNN,NNNNN';
  return (
    `npm run verify-draw -- --bilhetes ${bilhetesFileName(a.id_apuracao)} --premios ${premios}` +
    ` --qtd ${a.qtd_premios} --mloja ${a.mloja} --musuario ${a.musuario}`
  );
}

/**
 * /sorteios/{id} (issue 36), public: an apuração's record as a regulator or a resident checks
 * it: what was frozen and when (hash, ticket count, the file), the contest, the rule, any
 * rescheduling, once apurada the five prizes and the winners, a number lookup and how to
 * re-run the draw offline.
 */
export function ApuracaoPage({ idApuracao }: { idApuracao: number }) {
  const query = useApuracao(idApuracao);

  if (query.isPending && idApuracao > 0) {
    return (
      <Stack gap="md" role="status">
        <VisuallyHidden>Carregando apuração…</VisuallyHidden>
        <Skeleton h={40} w="60%" />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Stack gap="md">
        <PageTitle>Apuração</PageTitle>
        <ErrorState
          title="Não foi possível carregar a apuração."
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
        <BackLink />
      </Stack>
    );
  }
  return <ApuracaoRecord apuracao={query.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={paths.sorteios} size="sm">
      Ver todos os sorteios
    </Anchor>
  );
}

/** The record's PDF links: the edital always, the ata once apurada, Caixa's official result. */
function Documentos({ apuracao: a }: { apuracao: Apuracao }) {
  const edital = bilhetesUrl(a.edital);
  const ata = a.status === 'apurada' ? bilhetesUrl(a.ata) : null;
  return (
    <Group gap="md" wrap="wrap">
      {edital ? (
        <Anchor href={edital} target="_blank">
          Edital (PDF)
        </Anchor>
      ) : null}
      {ata ? (
        <Anchor href={ata} target="_blank">
          Ata (PDF)
        </Anchor>
      ) : null}
      {a.resultado_oficial ? (
        <Anchor href={a.resultado_oficial} target="_blank" rel="noopener noreferrer">
          Resultado oficial da Caixa
        </Anchor>
      ) : null}
    </Group>
  );
}

/** 'Regra versão 2', or an older version kept by the apuração decided under it. */
const versaoText = (versao: number) =>
  versao === VERSAO_REGRA_ATUAL
    ? `Regra versão ${versao}`
    : `Regra versão ${versao}, anterior à versão ${VERSAO_REGRA_ATUAL} (a atual): esta apuração foi agendada por ela e a mantém.`;

function ApuracaoRecord({ apuracao: a }: { apuracao: Apuracao }) {
  const arquivo = bilhetesUrl(a.bilhetes);
  const apurada = a.status === 'apurada';
  const titulares = a.ganhadores.filter((g) => !g.suplente);
  const suplentes = a.ganhadores.filter((g) => g.suplente);
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <PageTitle style={{ overflowWrap: 'anywhere' }}>Apuração do concurso {a.concurso}</PageTitle>
        <StatusBadge status={a.status} />
      </Group>
      <BackLink />
      {a.status === 'suspensa' ? (
        <Alert color="red.9" variant="outline" role="status" title="Apuração suspensa">
          {MSG_APURACAO.arquivoSuspenso}
        </Alert>
      ) : null}

      <Section title="Dados da apuração">
        <Facts
          items={[
            ['Campanha', a.den_campanha],
            ['Concurso da Loteria Federal', `nº ${a.concurso}`],
            ['Data do concurso', formatDate(a.data_concurso)],
            ['Horário do concurso', formatDateTime(a.instante_concurso)],
            ['Quantidade de prêmios', formatNumber(a.qtd_premios)],
            ['Bilhetes no arquivo', formatNumber(a.qtd_bilhetes)],
            ['Congelado em', formatDateTime(a.congelado_em)],
            ['Mais de um prêmio por loja', simNao(a.mloja)],
            ['Mais de um prêmio por participante', simNao(a.musuario)],
            ['Apuração final da campanha', a.final ? 'Sim' : 'Não'],
            ...(a.autorizacao ? [['Autorização', a.autorizacao] as [string, string]] : []),
          ]}
        />
        {a.excecao_motivo ? (
          <Text size="sm">
            <Text span fw={700}>
              Exceção ao calendário da Loteria Federal:
            </Text>{' '}
            o número do concurso não corresponde à data pelo calendário. Motivo: {a.excecao_motivo}
          </Text>
        ) : null}
        {a.status === 'congelando' ? (
          <Stack gap={4} role="status">
            <Text size="sm">
              Congelando os bilhetes… {formatNumber(a.bilhetes_gravados)} de {formatNumber(a.qtd_bilhetes)}
            </Text>
            <Progress
              value={a.qtd_bilhetes > 0 ? (100 * a.bilhetes_gravados) / a.qtd_bilhetes : 0}
              aria-label="Bilhetes congelados"
            />
          </Stack>
        ) : (
          <HashText label="Hash do arquivo de bilhetes (SHA-256)" value={a.hash_bilhetes} />
        )}
        {arquivo && a.status !== 'congelando' && a.status !== 'suspensa' ? (
          <Group>
            <Anchor href={arquivo} download={bilhetesFileName(a.id_apuracao)}>
              Baixar arquivo de bilhetes (CSV)
            </Anchor>
          </Group>
        ) : null}
        {a.status !== 'congelando' ? <Documentos apuracao={a} /> : null}
        <Text size="sm" c="dimmed">
          O arquivo foi congelado e o hash publicado antes do concurso: nenhum bilhete pode entrar ou sair
          depois disso.
        </Text>
      </Section>

      {a.descricao_premios.length > 0 ? (
        <Section title="Prêmios">
          <List type="ordered" spacing={2} aria-label="Prêmios da apuração">
            {a.descricao_premios.map((d, i) => (
              <List.Item key={i}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {i + 1}º prêmio: {d}
                </Text>
              </List.Item>
            ))}
          </List>
        </Section>
      ) : null}

      <Section title="Publicações do edital">
        {a.publicacoes.length === 0 ? (
          <Text size="sm">Nenhuma publicação registrada ainda.</Text>
        ) : (
          <List spacing="xs" aria-label="Publicações do edital">
            {a.publicacoes.map((p) => (
              <List.Item key={`${p.em}-${p.veiculo}`}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {p.url ? (
                    <Anchor href={p.url} target="_blank" rel="noopener noreferrer" inherit>
                      {p.veiculo}
                    </Anchor>
                  ) : (
                    p.veiculo
                  )}
                  , em {formatDate(p.data_publicacao)}
                  {p.posterior_ao_concurso ? ' (posterior ao concurso)' : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      {a.reagendamentos.length > 0 ? (
        <Section title="Reagendamentos">
          <List spacing="xs">
            {a.reagendamentos.map((r) => (
              <List.Item key={r.em}>
                <Text size="sm">
                  Em {formatDateTime(r.em)}:{' '}
                  {r.tipo === 'concurso_nao_realizado' ? 'concurso não realizado; ' : ''}do concurso{' '}
                  {r.concurso_anterior} ({formatDate(r.data_anterior)}) para o concurso {r.concurso} (
                  {formatDate(r.data_concurso)}).
                  {r.motivo ? ` Motivo: ${r.motivo}` : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        </Section>
      ) : null}

      <Section title="Resultado">
        {apurada && a.premios ? (
          <Resultado apuracao={a} premios={a.premios} ganhadores={titulares} />
        ) : (
          <Text>
            O resultado sai depois do concurso {a.concurso} da Loteria Federal, de{' '}
            {formatDateTime(a.instante_concurso) || formatDate(a.data_concurso)}.
          </Text>
        )}
      </Section>

      {suplentes.length > 0 ? <Suplentes ganhadores={a.ganhadores} descricoes={a.descricao_premios} /> : null}

      <ConfiraNumero idApuracao={a.id_apuracao} apurada={apurada} />

      <Section title="Como os ganhadores são apurados">
        <Text size="sm" fw={700}>
          {versaoText(a.versao_regra)}
        </Text>
        <List type="ordered" spacing="xs">
          {a.regra.map((passo) => (
            <List.Item key={passo}>
              <Text size="sm">{passo}</Text>
            </List.Item>
          ))}
        </List>
      </Section>

      <Section title="Como conferir">
        <List type="ordered" spacing="xs">
          <List.Item>
            <Text size="sm">Baixe o arquivo de bilhetes desta página.</Text>
          </List.Item>
          <List.Item>
            <Text size="sm">
              Calcule o SHA-256 do arquivo (por exemplo,{' '}
              <Code>sha256sum {bilhetesFileName(a.id_apuracao)}</Code>) e compare com o hash publicado acima.
            </Text>
          </List.Item>
          <List.Item>
            <Text size="sm">
              {apurada
                ? 'No código do Praça, rode o comando abaixo: ele apura os ganhadores sem banco de dados e deve mostrar os mesmos desta página.'
                : 'Depois do concurso, troque NNNNN pelos 5 primeiros prêmios da Loteria Federal e rode o comando abaixo no código do Praça.'}
            </Text>
          </List.Item>
        </List>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="verify-command">
          {verifyCommand(a)}
        </Code>
        <Text size="sm" c="dimmed">
          O passo a passo completo está no guia docs/apuracao.md, no código-fonte do Praça.
        </Text>
      </Section>

      {a.versao_regra === 2 ? (
        <Section title="Confira você mesmo">
          <Text size="sm">
            Sem o código do Praça: este programa em Python lê o arquivo de bilhetes e os 5 prêmios do concurso
            e refaz a apuração pela regra acima. Os ganhadores devem ser os mesmos desta página.
          </Text>
          <Code
            block
            style={{ whiteSpace: 'pre', overflowX: 'auto' }}
            tabIndex={0}
            aria-label="Programa de conferência em Python"
            data-testid="python-snippet"
          >
            {PYTHON_CONFERENCIA}
          </Code>
        </Section>
      ) : null}
    </Stack>
  );
}

function Resultado({
  apuracao: a,
  premios,
  ganhadores,
}: {
  apuracao: Apuracao;
  premios: string[];
  ganhadores: GanhadorApuracao[];
}) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Apurada em {formatDateTime(a.apurada_em)}
        {a.lancado_por ? `, resultado lançado por ${a.lancado_por}` : ''}
        {a.confirmado_por ? ` e confirmado por ${a.confirmado_por}` : ''}. Prêmios do concurso {a.concurso}:
      </Text>
      <List type="ordered" spacing={2} aria-label="Prêmios da Loteria Federal">
        {premios.map((p, i) => (
          <List.Item key={i}>
            <Text size="sm">
              {i + 1}º prêmio:{' '}
              <Text span ff="monospace" fw={700}>
                {p}
              </Text>
            </Text>
          </List.Item>
        ))}
      </List>
      {a.serie_inicial && a.numero_inicial ? (
        <Text size="sm">
          Posição de partida pela regra:{' '}
          <Text span ff="monospace" fw={700}>
            {a.serie_inicial}-{a.numero_inicial}
          </Text>
        </Text>
      ) : null}
      <Text size="sm" fw={700}>
        Prazo para reclamar o prêmio: {formatDate(a.prazo_reclamacao)}
      </Text>
      {ganhadores.length === 0 ? (
        <Text size="sm">Nenhum ganhador.</Text>
      ) : (
        <GanhadoresTable ganhadores={ganhadores} />
      )}
    </Stack>
  );
}

/**
 * 'Anulado', then its type and public reason ('Não localizado. Motivo: …') as text, which wraps
 * in the table's narrow column on a phone (a badge would cut it).
 */
function Anulacao({ ganhador: g }: { ganhador: GanhadorApuracao }) {
  const tipo = g.tipo ? `${ROTULO_TIPO_ANULACAO[g.tipo]}.` : '';
  const motivo = g.motivo_anulacao ? `Motivo: ${g.motivo_anulacao}` : '';
  return (
    <>
      <Badge color="red.9" variant="outline">
        Anulado
      </Badge>
      {tipo || motivo ? (
        <Text size="xs" c="dimmed" w="100%">
          {[tipo, motivo].filter(Boolean).join(' ')}
        </Text>
      ) : null}
    </>
  );
}

/** The winners in prize order; an annulled one is struck through, with its type and public reason. */
function GanhadoresTable({ ganhadores }: { ganhadores: GanhadorApuracao[] }) {
  return (
    <ScrollTable label="Ganhadores" minWidth={0}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" striped>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Ganhadores</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Prêmio</Table.Th>
            <Table.Th scope="col">Número</Table.Th>
            <Table.Th scope="col">Participante e loja</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ganhadores.map((g, i) => (
            <Table.Tr key={i}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{g.premio}º</Table.Td>
              <Table.Td
                ff="monospace"
                style={{ whiteSpace: 'nowrap', textDecoration: g.anulado ? 'line-through' : undefined }}
              >
                {g.serie_numero}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" td={g.anulado ? 'line-through' : undefined}>
                  {g.participante} · {g.nom_estabelecimento}
                </Text>
                <Group gap={4} mt={g.anulado || g.prescrito || g.entregue ? 4 : 0}>
                  {g.anulado ? <Anulacao ganhador={g} /> : null}
                  {g.prescrito ? (
                    <Badge color="gray.7" variant="outline">
                      Prescrito
                    </Badge>
                  ) : null}
                  {g.entregue && !g.anulado ? (
                    <Badge color="praca" variant="light">
                      Entregue
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * The substitutes of annulled winners (rule version 2): per substitute its prize, its ticket or
 * the contest it waits for, and why the one before it was annulled.
 */
function Suplentes({ ganhadores, descricoes }: { ganhadores: GanhadorApuracao[]; descricoes: string[] }) {
  return (
    <Section title="Suplentes">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Suplentes">
        {ganhadores.map((g, i) => {
          if (!g.suplente) return null;
          // The winner (or substitute) of the same prize annulled before it.
          const anulado = ganhadores
            .slice(0, i)
            .reverse()
            .find((x) => x.premio === g.premio && x.anulado);
          const descricao = descricoes[g.premio - 1];
          return (
            <li key={i}>
              <Paper withBorder radius="sm" p="xs">
                <Stack gap={4}>
                  <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                    Suplente do {g.premio}º prêmio{descricao ? ` (${descricao})` : ''}
                  </Text>
                  {g.pendente ? (
                    <Text size="sm">
                      Aguardando o concurso nº {g.concurso} de {formatDate(g.data_concurso)}
                    </Text>
                  ) : (
                    <Text
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                      td={g.anulado ? 'line-through' : undefined}
                    >
                      <Text span ff="monospace" fw={700}>
                        {g.serie_numero}
                      </Text>{' '}
                      · {g.participante} · {g.nom_estabelecimento}
                      {g.concurso ? ` · concurso nº ${g.concurso} de ${formatDate(g.data_concurso)}` : ''}
                    </Text>
                  )}
                  {anulado ? (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      No lugar de {anulado.serie_numero || 'um suplente'}, anulado
                      {anulado.tipo ? ` (${ROTULO_TIPO_ANULACAO[anulado.tipo]})` : ''}
                      {anulado.motivo_anulacao ? `. Motivo: ${anulado.motivo_anulacao}` : ''}
                    </Text>
                  ) : null}
                  <Group gap={4}>{g.anulado ? <Anulacao ganhador={g} /> : null}</Group>
                  {!g.pendente && !g.anulado && g.prazo_reclamacao ? (
                    <Text size="sm">Prazo para reclamar o prêmio: {formatDate(g.prazo_reclamacao)}</Text>
                  ) : null}
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </Section>
  );
}

/** 'SSS-NNNNN' from what a person types: digits only become the série and the número. */
function normalize(text: string): string {
  const t = text.trim();
  const digits = t.replace(/\D/g, '');
  if (/^\d{8}$/.test(digits) && !/^\d+-\d+$/.test(t)) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return t;
}

/** 'Confira um número': whether a série-número is in the frozen file and whether it won. */
function ConfiraNumero({ idApuracao, apurada }: { idApuracao: number; apurada: boolean }) {
  const [numero, setNumero] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ConsultaBilhete | null>(null);
  const [error, setError] = useState<{ message: string; seq: number } | null>(null);

  async function check() {
    const value = normalize(numero);
    if (!value) return;
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(await consultarBilhete(idApuracao, value));
      setError(null);
    } catch (e) {
      setError((prev) => ({ message: describeError(e), seq: (prev?.seq ?? 0) + 1 }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Confira um número">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Número (série-número)"
              description="Por exemplo, 000-00034"
              value={numero}
              onChange={(e) => {
                setNumero(e.currentTarget.value);
                setError(null);
              }}
              error={error !== null}
              autoComplete="off"
              maxLength={20}
              style={{ flex: '1 1 12rem' }}
            />
            <Button type="submit" loading={busy}>
              Conferir
            </Button>
          </Group>
          <FormAlert message={error?.message ?? null} seq={error?.seq} />
          {answer ? <Answer answer={answer} apurada={apurada} /> : null}
        </Stack>
      </form>
    </Section>
  );
}

function Answer({ answer, apurada }: { answer: ConsultaBilhete; apurada: boolean }) {
  const n = answer.serie_numero;
  if (!answer.no_arquivo)
    return (
      <Alert color="gray" role="status">
        O número {n} não está no arquivo desta apuração.
      </Alert>
    );
  if (answer.ganhador)
    return (
      <Alert color="sol" role="status" title="Ganhador!">
        O número {n} está no arquivo e ganhou o {answer.premio}º prêmio.
      </Alert>
    );
  return (
    <Alert color="praca" role="status">
      {apurada
        ? `O número ${n} está no arquivo desta apuração, mas não foi sorteado.`
        : `O número ${n} está no arquivo desta apuração e concorre no concurso.`}
    </Alert>
  );
}
