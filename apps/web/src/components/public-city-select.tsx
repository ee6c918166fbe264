import { NativeSelect } from '@mantine/core';
import { cidadeLabel, useCidades } from '@/lib/api/get-cidades';
import { useSession } from '@/lib/session';

/**
 * The city of a public page (issue 36, 40): the public city list, with the session's city
 * named even before (or without) the list.
 */
export function PublicCitySelect({
  value,
  onChange,
}: {
  value: number;
  onChange: (codCidade: number) => void;
}) {
  const session = useSession();
  const cidades = useCidades();
  const options = [
    { value: '0', label: cidades.isPending ? 'Carregando cidades…' : 'Selecione a cidade' },
    ...(cidades.data ?? []).map((c) => ({ value: String(c.cod_cidade), label: cidadeLabel(c) })),
  ];
  // The session's city, before (or without) the list.
  if (value > 0 && !options.some((o) => o.value === String(value)))
    options.push({
      value: String(value),
      label: session?.cod_cidade === value ? `${session.cidade} - ${session.uf}` : `Cidade ${value}`,
    });

  return (
    <NativeSelect
      label="Cidade"
      data={options}
      value={String(value)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      description={cidades.isError ? 'Não foi possível carregar as cidades.' : undefined}
      maw={360}
    />
  );
}
