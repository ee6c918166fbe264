import { contempladosQueryOptions } from '@/features/winners/api/get-contemplados';
import { hasRole } from '@/app/guards';
import { queryClient } from '@/lib/query-client';
import { getSession } from '@/lib/session';
import { avisosQueryOptions } from './api/get-avisos';
import { campanhasQueryOptions } from './api/get-campanhas';
import { vitrineQueryOptions } from './api/get-vitrine';
import { LazyAppCarousel, LazyWinnersSection, NoticesDialog } from './components/lazy-parts';
import { hasUnseen, noticesViewer } from './components/notices-seen';

/**
 * The index route's loader (decision 016): starts the home's four lists and the chunks of the
 * carousel and of 'Sorteados' while the router still fetches the home's own chunk, instead of after it rendered.
 * The sections' queries then find the answers in the cache (same keys and options).
 */
export function prefetchHome(): null {
  const session = getSession();
  const codCidade = session?.cod_cidade ?? 0;
  if (!hasRole(session, 'usuario') || codCidade <= 0) return null;
  // Each in a task of its own, after the router's start: together they made it one long task
  // (decision 023). public/home-prefetch.js has already asked for the lists.
  setTimeout(
    () => prefetchLists(codCidade, noticesViewer(session?.id_usuario ?? 0, session?.token ?? '')),
    0,
  );
  setTimeout(() => {
    void LazyAppCarousel.preload();
    void LazyWinnersSection.preload();
  }, 0);
  return null;
}

function prefetchLists(codCidade: number, viewer: string): void {
  void queryClient.prefetchQuery(campanhasQueryOptions(codCidade));
  void queryClient.prefetchQuery(contempladosQueryOptions(codCidade));
  queryClient
    .fetchQuery(avisosQueryOptions(codCidade))
    .then((avisos) => {
      if (hasUnseen(avisos, viewer)) void NoticesDialog.preload();
      // No popup: nothing holds the home's shops (decision 020); with one, the home asks for it
      // once the popup has painted.
      else void queryClient.prefetchQuery(vitrineQueryOptions(codCidade));
    })
    // Spec §8: a failed notices load is only logged and treated as empty (the section does it).
    .catch(() => void queryClient.prefetchQuery(vitrineQueryOptions(codCidade)));
}
