/**
 * Query keys that one feature invalidates for another: a change to a campaign also reloads the
 * admin dashboard (its figures and banners).
 */
export const dashboardQueryKey = ['adm', 'dashboard'] as const;

/** The root of the admin's campaigns (list, records, and the campaign pick lists). */
export const campanhasAdmQueryKey = ['adm', 'campanhas'] as const;

/** The root of the admin's shops (list, records, and the shop pick lists). */
export const estabelecimentosAdmQueryKey = ['adm', 'estabelecimentos'] as const;

/** The root of the public apurações (issue 36): the city's list and each record. */
export const apuracoesQueryKey = ['apuracoes'] as const;

/**
 * The winners' queries (the admin list and records, the consumers' lists): an apuração's
 * result adds winners to them.
 */
export const contempladosQueryKeys = [['adm', 'contemplados'], ['contemplados']] as const;
