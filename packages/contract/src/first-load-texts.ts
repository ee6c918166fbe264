/**
 * The contract's texts the web's first load shows itself (its entry chunk: the error page and
 * the expired session's toast), kept apart from MSG so that the whole of MSG stays out of the
 * consumer home's JS (its 150 kB budget; issue 53 made room this way for the receipts' routes).
 * MSG holds them under its own names (`naoAutenticado`, `erroInesperado`). Plain constants: MSG
 * reading a property of an imported object would count as a side effect to the bundler and
 * keep every module of `plain` in the entry.
 */
export const MSG_SESSAO_EXPIRADA = 'Sessão expirada ou inválida, faça login novamente';
export const MSG_ERRO_INESPERADO = 'Unexpected Application Error!';
