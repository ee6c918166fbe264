import { useRef, useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { IMAGE_SIZES, MSG_ADMIN, type EstabelecimentoBody } from '@praca/contract';
import type { ContractCheck } from '@/components/editor/contract-check';
import { EditorDialog } from '@/components/editor/editor-dialog';
import { useEditor, type EditorTexts } from '@/components/editor/use-editor';
import { ImageUpload } from '@/components/image-upload';
import { useAdminCity } from '@/lib/admin-city';
import { useSession } from '@/lib/session';
import { useAdminCidades } from '@/lib/api/get-admin-cidades';
import { useCategoriasAdm } from '../api/get-categorias-adm';
import { useCreateEstabelecimento } from '../api/create-estabelecimento';
import { useDeleteEstabelecimento } from '../api/delete-estabelecimento';
import { useEstabelecimentoAdm } from '../api/get-estabelecimento-adm';
import { useUpdateEstabelecimento } from '../api/update-estabelecimento';
import { EstablishmentAddressTab } from './establishment-address-tab';
import { EstablishmentDataTab } from './establishment-data-tab';
import {
  emptyEstablishment,
  fromEstabelecimento,
  SUPERADMIN_ONLY_NOTE,
  tabOfField,
  toEstabelecimentoBody,
  type EstablishmentField,
  type EstablishmentFormValues,
  type EstablishmentTab,
} from './establishment-rules';
import { EstablishmentSellersTab } from './establishment-sellers-tab';

const TEXTS: EditorTexts = {
  saved: 'Estabelecimento salvo',
  deleted: 'Estabelecimento excluído',
  loading: 'Carregando estabelecimento…',
  loadError: 'Não foi possível carregar o estabelecimento.',
};

interface EstablishmentDialogProps {
  /** 0: a new shop (POST); above 0: the shop to edit (PATCH), read first with GET. */
  id: number;
  /** The shop's name from the list, for the title while the record loads. */
  nome?: string;
  onClose: () => void;
}

/**
 * The establishment dialog (spec §2: the general editor with tabs, one for sellers): Dados,
 * Endereço, Fotos and Vendedores. The whole form is checked with the contract's schema before
 * any call; the server's `erro` shows in the same red alert. Only the super-admin changes
 * category, city, the flags and the photos, and only the super-admin deletes (spec §6).
 */
export function EstablishmentDialog({ id, nome, onClose }: EstablishmentDialogProps) {
  const session = useSession();
  const superadmin = Boolean(session?.superadmin);
  const [adminCity] = useAdminCity();
  const isNew = id === 0;

  const record = useEstabelecimentoAdm(id);
  const categorias = useCategoriasAdm();
  const cidades = useAdminCidades();
  const codAdmin = Number(adminCity);
  const [tab, setTab] = useState<EstablishmentTab>('dados');
  // The CNPJ was cleared on leaving the field: the next Save says why instead of saving.
  const cnpjRejected = useRef(false);
  const editor = useEditor({
    id,
    query: record,
    initial: isNew
      ? emptyEstablishment(
          codAdmin,
          cidades.data?.find((c) => c.cod_cidade === codAdmin) ??
            (session?.cod_cidade === codAdmin ? session : undefined),
        )
      : record.data && fromEstabelecimento(record.data),
    check: (values: EstablishmentFormValues): ContractCheck<EstabelecimentoBody, EstablishmentField> => {
      if (cnpjRejected.current) {
        cnpjRejected.current = false;
        return { ok: false, erro: MSG_ADMIN.cnpjInvalido, campo: 'cnpj' };
      }
      return toEstabelecimentoBody(values, { superadmin });
    },
    // The refusal's tab comes into view.
    onRefused: (campo) => setTab(tabOfField(campo)),
    api: {
      create: useCreateEstabelecimento(),
      update: useUpdateEstabelecimento(),
      remove: useDeleteEstabelecimento(),
    },
    updateVars: (body) => ({ id, body }),
    canDelete: superadmin,
    texts: TEXTS,
    onClose,
  });
  const { form, values, show } = editor;
  const restricted = !superadmin;

  return (
    <EditorDialog
      title={isNew ? 'Novo estabelecimento' : (record.data?.nome ?? nome ?? `Estabelecimento ${id}`)}
      {...editor.dialog}
    >
      {/* The hidden tabs stay in the page under display: none (not Mantine 9's default React
          Activity, which would detach their fields from the form and pause their effects). */}
      <Tabs
        value={tab}
        onChange={(v) => v && setTab(v as EstablishmentTab)}
        keepMounted
        keepMountedMode="display-none"
      >
        {/* Four tabs do not fit one line of a 360 px phone: they wrap instead of overlapping. */}
        <Tabs.List grow style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="dados">Dados</Tabs.Tab>
          <Tabs.Tab value="endereco">Endereço</Tabs.Tab>
          <Tabs.Tab value="fotos">Fotos</Tabs.Tab>
          <Tabs.Tab value="vendedores">Vendedores</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="dados" pt="md">
          <EstablishmentDataTab
            form={form}
            restricted={restricted}
            categorias={categorias.data ?? []}
            categoriasLoading={categorias.isPending}
            cidades={cidades.data ?? []}
            cidadesLoading={cidades.isPending}
            cidadeAtual={
              record.data
                ? {
                    cod_cidade: record.data.cod_cidade,
                    label: [record.data.cidade, record.data.uf].filter(Boolean).join(' - '),
                  }
                : session && session.cod_cidade === values?.cod_cidade
                  ? { cod_cidade: session.cod_cidade, label: `${session.cidade} - ${session.uf}` }
                  : undefined
            }
            onCnpjInvalid={(message) => {
              cnpjRejected.current = true;
              show(message);
            }}
            onCnpjTyped={() => {
              cnpjRejected.current = false;
            }}
          />
        </Tabs.Panel>

        <Tabs.Panel value="endereco" pt="md">
          <EstablishmentAddressTab form={form} />
        </Tabs.Panel>

        <Tabs.Panel value="fotos" pt="md">
          <Stack gap="lg">
            <Controller
              control={form.control}
              name="url_foto"
              render={({ field }) => (
                <ImageUpload
                  label="Foto"
                  dir="imgest"
                  value={field.value}
                  onChange={field.onChange}
                  size={IMAGE_SIZES.imgest}
                  previewWidth={IMAGE_SIZES.imgest.largura}
                  previewHeight={IMAGE_SIZES.imgest.altura}
                  disabled={restricted}
                  description={restricted ? SUPERADMIN_ONLY_NOTE : 'A foto do estabelecimento'}
                />
              )}
            />
            <Controller
              control={form.control}
              name="url_logo"
              render={({ field }) => (
                <ImageUpload
                  label="Logo"
                  dir="imglog"
                  value={field.value}
                  onChange={field.onChange}
                  size={IMAGE_SIZES.imglog}
                  previewWidth={IMAGE_SIZES.imglog.largura}
                  previewHeight={IMAGE_SIZES.imglog.altura}
                  disabled={restricted}
                  description={restricted ? SUPERADMIN_ONLY_NOTE : 'O logotipo, 50 x 50'}
                />
              )}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="vendedores" pt="md">
          <Controller
            control={form.control}
            name="vendedores"
            render={({ field }) => <EstablishmentSellersTab value={field.value} onChange={field.onChange} />}
          />
        </Tabs.Panel>
      </Tabs>
    </EditorDialog>
  );
}
