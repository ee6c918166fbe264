/*
 * Decision 016: on the consumer home (/ under the base path, with a stored session that has a
 * city), ask for the home's small lists while the app's JavaScript is still downloading (the
 * shops list waits for the notices popup: decision 020). The
 * app's API client takes these answers (lib/api-client.ts, takeEarly) when it makes the same
 * GET with the same token; anything else is left to the app. A plain script: no module, no
 * build step, same-origin only (CSP script-src 'self').
 */
/* global document, location, window */
(function () {
  try {
    // The app already runs (its code came from the cache first): it asks for itself.
    if (window.__pracaStarted) return;
    var meta = function (name) {
      var el = document.querySelector('meta[name="' + name + '"]');
      return el ? el.getAttribute('content') || '' : '';
    };
    var base = meta('praca-base') || '/';
    if (base.charAt(base.length - 1) !== '/') base += '/';
    if (location.pathname !== base && location.pathname + '/' !== base) return;
    var session = JSON.parse(localStorage.getItem('praca.sessao') || 'null');
    if (!session || typeof session.token !== 'string' || !session.token) return;
    var city = Number(session.cod_cidade);
    if (!(city > 0) || Math.floor(city) !== city) return;
    var api = (meta('praca-api') || base).replace(/\/$/, '');
    var early = {};
    ['/v1/campanhas/resumo', '/v1/campanhas/contemplados', '/v1/avisos'].forEach(function (p) {
      var url = api + p + '?cod_cidade=' + city;
      early[url] = {
        token: session.token,
        response: fetch(url, {
          headers: { Accept: 'application/json', Authorization: 'Bearer ' + session.token },
        }),
      };
    });
    window.__pracaEarly = early;
  } catch {
    // The app asks for them itself.
  }
})();
