import { client } from '@/lib/api-client';
import type { Challenge } from '../challenge/solve';

/** `GET /v1/desafio?email=`: a log-in challenge for that e-mail (issue 52). */
export async function fetchChallenge(email: string): Promise<Challenge> {
  const res = await client.GET('/v1/desafio', { params: { query: { email } }, auth: 'none' });
  return res.data;
}
