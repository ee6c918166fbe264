import { NativeSelect } from '@mantine/core';
import { NO_CITY } from '@praca/contract/plain';
import { setAdminCity, useAdminCity } from '@/lib/admin-city';
import { useSession } from '@/lib/session';
import { useAdminCidades } from '@/lib/api/get-admin-cidades';

/**
 * The admin city selector (spec §2): first option 'Cidade', then 'city - state'. Only the
 * super-admin may change it; other admins see their own city (spec §6).
 */
export function CitySelect({ inline = false }: { inline?: boolean }) {
  const session = useSession();
  const [city, canChoose] = useAdminCity();
  const cidades = useAdminCidades(Boolean(session?.admin));

  const options = [{ value: NO_CITY, label: 'Cidade' }];
  for (const c of cidades.data ?? []) {
    options.push({ value: String(c.cod_cidade), label: `${c.cidade} - ${c.uf}` });
  }
  // The list failed or is still loading: the session's own city is still a valid choice.
  if (city !== NO_CITY && !options.some((o) => o.value === city) && session?.cod_cidade === Number(city)) {
    options.push({ value: city, label: `${session.cidade} - ${session.uf}` });
  }

  return (
    <NativeSelect
      label="Cidade"
      size="xs"
      data={options}
      value={city}
      onChange={(e) => setAdminCity(e.currentTarget.value)}
      disabled={!canChoose || cidades.isLoading}
      description={cidades.isError ? 'Não foi possível carregar as cidades' : undefined}
      styles={
        inline
          ? {
              root: { display: 'flex', alignItems: 'center', gap: 6 },
              label: { marginBottom: 0, whiteSpace: 'nowrap' },
              wrapper: { minWidth: 150 },
            }
          : undefined
      }
    />
  );
}
