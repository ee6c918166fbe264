import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FormAlert } from '@/components/form-alert';
import { govbrEnabled } from '@/config/env';
import { paths } from '@/config/paths';
import { describeError, href } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useEnviarCpfComprovacao, useMinhaCpfComprovacao } from '../api/cpf-comprovacao';

const SEM_DOCUMENTO = 'Escolha a foto do documento';
const SEM_SELFIE = 'Escolha a sua foto segurando o documento';

/**
 * 'Comprovação do CPF' (issue 52) in the profile: a declared CPF collects the purchases made
 * with it only after a waiting period; proven, at once. The person proves it with a photo of a
 * document and a selfie holding it, which an admin of the city checks. Shows the state: proven,
 * in analysis, or refused with the admin's reason (and the button to send again).
 */
export function CpfComprovacaoSection() {
  const estado = useMinhaCpfComprovacao();
  const [aberto, setAberto] = useState(false);

  if (estado.isPending) return <Skeleton h={72} />;
  if (estado.isError)
    return (
      <Text size="sm" c="red.9" role="alert">
        Não foi possível ver a situação do seu CPF.{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void estado.refetch()}>
          Tentar de novo
        </Button>
      </Text>
    );
  const { cpf_situacao, cpf, comprovacao } = estado.data;
  if (cpf_situacao === '') return null;

  return (
    <Stack gap="xs" component="section" aria-labelledby="cpf-comprovacao-titulo">
      <Group gap="xs" wrap="wrap">
        <Title order={2} size="h4" id="cpf-comprovacao-titulo">
          Comprovação do CPF
        </Title>
        {cpf_situacao === 'comprovado' ? (
          <Badge color="green.9" variant="light">
            CPF comprovado
          </Badge>
        ) : comprovacao?.status === 'aberta' ? (
          <Badge color="blue.9" variant="light">
            Comprovação em análise
          </Badge>
        ) : (
          <Badge color="gray.8" variant="light">
            CPF declarado
          </Badge>
        )}
      </Group>
      {cpf_situacao === 'comprovado' ? (
        <Text size="sm">
          Seu CPF {cpf} está comprovado: as compras informadas com ele no caixa entram na sua conta.
        </Text>
      ) : comprovacao?.status === 'aberta' ? (
        <Text size="sm">
          Recebemos as fotos em {formatDateTime(comprovacao.criado_em)}. A administração da cidade vai
          conferir e você será avisado.
        </Text>
      ) : (
        <>
          <Text size="sm">
            Comprove que o CPF {cpf} é seu para receber na hora as compras informadas com ele no caixa. Envie
            uma foto de um documento com o CPF e uma foto sua segurando esse documento.
          </Text>
          {comprovacao?.status === 'recusada' ? (
            <Alert color="red" variant="light" title="Sua última comprovação foi recusada">
              Motivo: {comprovacao.motivo}
            </Alert>
          ) : null}
          <Group gap="sm" wrap="wrap">
            <Button variant="light" w="fit-content" onClick={() => setAberto(true)}>
              Comprovar CPF
            </Button>
            {govbrEnabled() ? (
              // gov.br proves the CPF at once: the link goes there and back to link the accounts.
              <Button
                component="a"
                variant="outline"
                w="fit-content"
                href={href('/v1/govbr/entrar', { query: { finalidade: 'vincular', destino: paths.perfil } })}
              >
                Comprovar com gov.br
              </Button>
            ) : null}
          </Group>
        </>
      )}
      {aberto ? <ComprovarCpfDialog onClose={() => setAberto(false)} /> : null}
    </Stack>
  );
}

function ComprovarCpfDialog({ onClose }: { onClose: () => void }) {
  const enviar = useEnviarCpfComprovacao();
  const phone = useMediaQuery('(max-width: 36em)');
  const [documento, setDocumento] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [faltando, setFaltando] = useState<{ documento?: string; selfie?: string }>({});
  const [error, setError] = useState<{ message: string; seq: number } | null>(null);

  const submit = () => {
    const falta = {
      documento: documento ? undefined : SEM_DOCUMENTO,
      selfie: selfie ? undefined : SEM_SELFIE,
    };
    setFaltando(falta);
    if (!documento || !selfie) {
      document.getElementById(documento ? 'cpf-selfie' : 'cpf-documento')?.focus();
      return;
    }
    setError(null);
    enviar.mutate(
      { documento, selfie },
      {
        onSuccess: () => {
          notifySuccess('Fotos enviadas. A administração da cidade vai conferir seu CPF.');
          onClose();
        },
        onError: (e) =>
          setError((p) => ({
            message: describeError(e, 'Não foi possível enviar as fotos'),
            seq: (p?.seq ?? 0) + 1,
          })),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Comprovar CPF"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            As fotos ficam guardadas em sigilo: só a administração da sua cidade as vê, e elas são apagadas 30
            dias depois da análise.
          </Text>
          <FileInput
            id="cpf-documento"
            label="Foto do documento"
            description="RG, CNH ou outro documento com o seu CPF, legível."
            placeholder="Escolher foto"
            accept="image/*"
            value={documento}
            onChange={(f) => {
              setDocumento(f);
              setFaltando((p) => ({ ...p, documento: undefined }));
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Remover a foto do documento' }}
            error={faltando.documento}
            required
          />
          <FileInput
            id="cpf-selfie"
            label="Selfie segurando o documento"
            description="Seu rosto e o documento na mesma foto."
            placeholder="Escolher foto"
            accept="image/*"
            value={selfie}
            onChange={(f) => {
              setSelfie(f);
              setFaltando((p) => ({ ...p, selfie: undefined }));
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Remover a selfie' }}
            error={faltando.selfie}
            required
          />
          {enviar.isPending ? (
            <Text size="sm" role="status">
              Enviando as fotos…
            </Text>
          ) : null}
          <FormAlert message={error?.message ?? null} seq={error?.seq} onClose={() => setError(null)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={enviar.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
