import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 hex of a password (spec §4: "Passwords are hashed client-side before sending"), by
 * @noble/hashes (audited, no dependencies). Not `crypto.subtle`: it exists only in secure
 * contexts (HTTPS or localhost), and the app is also opened over plain HTTP on a LAN address.
 * Async so the callers need not change if the hash ever moves to a worker.
 */
export async function hashPassword(text: string): Promise<string> {
  return Promise.resolve(bytesToHex(sha256(utf8ToBytes(text))));
}
