/** A domain error: the status and the Portuguese message a person reads (`{erro}`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly erro: string,
  ) {
    super(erro);
    this.name = 'HttpError';
  }
}

export const isHttpError = (err: unknown): err is HttpError => err instanceof HttpError;
