// The secrets of the staff's second factor at rest. An authenticator secret is encrypted with
// AES-256-GCM under a key derived (HKDF-SHA-256) from the server secret, bound to its member (the
// user id is the associated data, so a ciphertext copied to another member's row does not open).
// Recovery codes are kept only as HMAC-SHA-256 under a second derived key, with the user id: a
// leaked table is worthless without the server secret, and the same code of two members differs.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomInt, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../contract/second-factor';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface Keys {
  encryption: Buffer;
  recovery: Buffer;
}

// Derived once per server secret (one in practice), not on every code.
const derived = new Map<string, Keys>();

function keysFor(serverSecret: string): Keys {
  let keys = derived.get(serverSecret);
  if (!keys) {
    const derive = (purpose: string) =>
      Buffer.from(hkdfSync('sha256', serverSecret, 'jgk staff second factor', purpose, 32));
    keys = { encryption: derive('authenticator secret encryption v1'), recovery: derive('recovery code hash v1') };
    derived.set(serverSecret, keys);
  }
  return keys;
}

/** `v1.<iv>.<ciphertext>.<tag>`, each part base64url. */
export function encryptSecret(serverSecret: string, userId: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keysFor(serverSecret).encryption, iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the stored value does not open with this server secret and member. */
export function decryptSecret(serverSecret: string, userId: string, stored: string): string | null {
  const [version, iv, ciphertext, tag, ...rest] = stored.split('.');
  if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined || rest.length > 0)
    return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keysFor(serverSecret).encryption, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Ten new codes from the secure generator, shown as `ABCDE-FGHJK`. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    );
    const half = RECOVERY_CODE_LENGTH / 2;
    return `${chars.slice(0, half).join('')}-${chars.slice(half).join('')}`;
  });
}

/** A typed recovery code in its stored form (upper case, no spaces or hyphens), or null when it cannot be one. */
export function normaliseRecoveryCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  return [...code].every((char) => RECOVERY_CODE_ALPHABET.includes(char)) ? code : null;
}

export function hashRecoveryCode(serverSecret: string, userId: string, normalisedCode: string): string {
  return createHmac('sha256', keysFor(serverSecret).recovery).update(`${userId}:${normalisedCode}`).digest('hex');
}
