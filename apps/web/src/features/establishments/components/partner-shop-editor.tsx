import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IMAGE_SIZES,
  type EstabelecimentoParceiro,
  type EstabelecimentoParceiroBody,
  type ImagemDoParceiro,
} from '@praca/contract';
import { notifySuccess } from '@/lib/notify';
import { useContractForm } from '@/components/editor/use-contract-form';
import { AlertIcon } from '@/components/icons';
import { ImageUpload } from '@/components/image-upload';
import { CepInput, PhoneInput } from '@/components/masked-inputs';
import { describeError } from '@/lib/api-client';
import { useDeleteImagemParceiro } from '../api/delete-imagem-parceiro';
import { useUploadImagemParceiro } from '../api/put-imagem-parceiro';
import { useUpdateEstabelecimentoParceiro } from '../api/update-estabelecimento-parceiro';
import { EstablishmentSellersTab } from './establishment-sellers-tab';
import {
  fromPartnerShop,
  toPartnerShopBody,
  type PartnerShopField,
  type PartnerShopFormValues,
} from './partner-shop-rules';

interface PartnerShopEditorProps {
  shop: EstabelecimentoParceiro;
  headingRef?: Ref<HTMLHeadingElement>;
}

type TextField = Exclude<PartnerShopField, 'vendedores'>;

/**
 * The partner's form for one of its shops (issue 35): telefone, WhatsApp, site and address,
 * and the sellers, saved together with 'Salvar'; the photo and the logo, each stored as soon as
 * it is sent. A refusal shows by the field to fix (marked and focused) or, from the server,
 * next to 'Salvar', announced. Name, city, category and the programme's settings stay with the
 * administrators.
 */
export function PartnerShopEditor({ shop, headingRef }: PartnerShopEditorProps) {
  const id = shop.id_estabelecimento;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const update = useUpdateEstabelecimentoParceiro();
  const removeImage = useDeleteImagemParceiro();
  const uploadFoto = useUploadImagemParceiro(id, 'foto');
  const uploadLogo = useUploadImagemParceiro(id, 'logo');
  const saveErrorRef = useRef<HTMLDivElement>(null);
  const contract = useContractForm<PartnerShopFormValues, EstabelecimentoParceiroBody>({
    initial: fromPartnerShop(shop),
    check: toPartnerShopBody,
    // Every field of this form is on screen: only the server's refusals come here.
    show: setSaveError,
    busy: update.isPending,
    onValid: (body) =>
      update.mutate(
        { id, body },
        {
          onSuccess: (saved) => {
            contract.form.reset(fromPartnerShop(saved));
            notifySuccess('Estabelecimento salvo');
          },
          onError: (err) => setSaveError(describeError(err, 'Não foi possível salvar o estabelecimento')),
        },
      ),
  });
  const { mark, bind } = contract;
  const values = contract.values ?? fromPartnerShop(shop);

  // The server's refusal sits by the Save button: bring it into view where the person looks.
  useEffect(() => {
    if (saveError) saveErrorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [saveError]);

  const set = <K extends PartnerShopField>(campo: K, value: PartnerShopFormValues[K]) => {
    contract.setField(campo, value as never);
    setSaveError(null);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaveError(null);
    contract.save();
  }

  const pictureChanged = (imagem: ImagemDoParceiro) => (caminho: string) => {
    setImageError(null);
    // A new picture is already stored by its upload; '' is 'Remover'.
    if (caminho !== '') return;
    removeImage.mutate(
      { id, imagem },
      { onError: (err) => setImageError(describeError(err, 'Não foi possível remover a imagem')) },
    );
  };

  const textInput = (campo: TextField, label: string, maxLength: number, extra: object = {}) => (
    <TextInput
      label={label}
      autoComplete="off"
      maxLength={maxLength}
      value={values[campo]}
      onChange={(e) => set(campo, e.currentTarget.value)}
      error={mark(campo)}
      ref={bind(campo)}
      {...extra}
    />
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={`editar-${id}`}
    >
      <Stack gap="lg">
        <Title
          order={2}
          id={`editar-${id}`}
          ref={headingRef}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere' }}
        >
          {`Editar ${shop.nome}`}
        </Title>
        <Text size="sm" c="dimmed">
          Nome, cidade, categoria, CNPJ e participação nas campanhas são alterados pelo administrador da sua
          cidade.
        </Text>

        <form onSubmit={submit} noValidate aria-label={`Dados de ${shop.nome}`}>
          <Stack gap="lg">
            <Stack gap="sm">
              <Title order={3} fz="h4">
                Contato
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PhoneInput
                  label="Telefone"
                  placeholder="(00) 0000-0000"
                  autoComplete="off"
                  value={values.telefone}
                  onChange={(v) => set('telefone', v)}
                  error={mark('telefone')}
                  inputRef={bind('telefone')}
                />
                <PhoneInput
                  label="WhatsApp"
                  placeholder="(00) 00000-0000"
                  autoComplete="off"
                  value={values.whatsup}
                  onChange={(v) => set('whatsup', v)}
                  error={mark('whatsup')}
                  inputRef={bind('whatsup')}
                />
              </SimpleGrid>
              {textInput('site', 'Site', 300, { type: 'url', placeholder: 'https://', inputMode: 'url' })}
            </Stack>

            <Stack gap="sm">
              <Title order={3} fz="h4">
                Endereço
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <CepInput
                  label="CEP"
                  placeholder="00000-000"
                  autoComplete="off"
                  value={values.cep}
                  onChange={(v) => set('cep', v)}
                  error={mark('cep')}
                  inputRef={bind('cep')}
                />
              </SimpleGrid>
              {textInput('endereco', 'Endereço', 200)}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {textInput('complemento', 'Complemento', 120)}
                {textInput('bairro', 'Bairro', 120)}
              </SimpleGrid>
            </Stack>

            <Stack gap="sm">
              <Title order={3} fz="h4">
                Vendedores
              </Title>
              {/* The sellers' refusal (a name given twice) is focused with the list it points at. */}
              <Stack gap="sm" ref={bind('vendedores')} tabIndex={-1}>
                <EstablishmentSellersTab
                  value={values.vendedores}
                  onChange={(list) => set('vendedores', list)}
                />
                {mark('vendedores') ? (
                  <Text role="alert" size="sm" c="red.9">
                    {mark('vendedores')}
                  </Text>
                ) : null}
              </Stack>
            </Stack>

            <Stack gap="sm">
              {saveError ? (
                <Alert
                  ref={saveErrorRef}
                  color="red"
                  variant="light"
                  icon={<AlertIcon />}
                  title="Não foi possível salvar"
                  role="alert"
                >
                  {saveError}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending}>
                  Salvar
                </Button>
              </Group>
            </Stack>
          </Stack>
        </form>

        <Stack gap="sm">
          <Title order={3} fz="h4">
            Fotos
          </Title>
          <Text size="sm" c="dimmed">
            A foto e o logo são salvos assim que enviados.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ImageUpload
              label="Foto"
              dir="imgest"
              value={shop.url_foto}
              onChange={pictureChanged('foto')}
              upload={uploadFoto}
              size={IMAGE_SIZES.imgest}
              description="A foto do estabelecimento, 300 x 150"
            />
            <ImageUpload
              label="Logo"
              dir="imglog"
              value={shop.url_logo}
              onChange={pictureChanged('logo')}
              upload={uploadLogo}
              size={IMAGE_SIZES.imglog}
              previewWidth={IMAGE_SIZES.imglog.largura}
              previewHeight={IMAGE_SIZES.imglog.altura}
              description="O logotipo, 50 x 50"
            />
          </SimpleGrid>
          {imageError ? (
            <Text role="alert" size="sm" c="red.9">
              {imageError}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
