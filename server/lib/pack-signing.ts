// The key that signs course packs (ADR 42): an ECDSA P-256 key derived from SESSION_SECRET, so every
// instance signs with the same key and no key file needs sharing, and a phone verifies a pack with
// Web Crypto (ECDSA P-256 and SHA-256, which every browser the learners use has; Ed25519 came to
// Chromium only in 2025). Changing SESSION_SECRET changes the key: packs saved before then no longer
// verify, and the app downloads their manifests again.
import { createECDH, createHash, createPrivateKey, hkdfSync, sign, type KeyObject } from 'node:crypto';

/** The order of the P-256 group: a private key is a number from 1 to n - 1. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export interface PackSigner {
  /** Names the key, so a phone can tell a pack signed with a key it does not have. */
  keyId: string;
  /** The public key as a JWK, for `crypto.subtle.importKey('jwk', ...)`. */
  publicKey: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
  /** The signature of the bytes: ECDSA P-256 with SHA-256, r and s (64 bytes) in base64url, as Web Crypto makes and checks them. */
  sign(bytes: Buffer | string): string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The private scalar: HKDF of the secret, drawn again (with a counter) in the rare case it is out of range. */
function privateScalar(secret: string): Buffer {
  for (let counter = 0; ; counter++) {
    const candidate = Buffer.from(hkdfSync('sha256', secret, 'jgk-course-packs', `ecdsa-p256 ${counter}`, 32));
    const value = BigInt(`0x${candidate.toString('hex')}`);
    if (value > 0n && value < P256_ORDER) return candidate;
  }
}

export function packSigner(secret: string): PackSigner {
  const d = privateScalar(secret);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  // Uncompressed point: 0x04, x (32 bytes), y (32 bytes).
  const point = ecdh.getPublicKey();
  const publicKey = {
    kty: 'EC' as const,
    crv: 'P-256' as const,
    x: base64url(point.subarray(1, 33)),
    y: base64url(point.subarray(33, 65)),
  };
  const key: KeyObject = createPrivateKey({ key: { ...publicKey, d: base64url(d) }, format: 'jwk' });
  return {
    keyId: createHash('sha256').update(point).digest('hex').slice(0, 16),
    publicKey,
    sign: (bytes) => sign('sha256', Buffer.from(bytes), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url'),
  };
}
