import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { packSigner } from './pack-signing';

const secret = 'a'.repeat(64);

/** Verifies as a phone does: Web Crypto, the JWK, ECDSA P-256 with SHA-256. */
async function verifies(signer: ReturnType<typeof packSigner>, text: string, signature: string): Promise<boolean> {
  const key = await webcrypto.subtle.importKey('jwk', signer.publicKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  return webcrypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    Buffer.from(signature, 'base64url'),
    new TextEncoder().encode(text),
  );
}

describe('the course packs’ signing key', () => {
  it('signs so that Web Crypto verifies, and refuses a changed text or signature', async () => {
    const signer = packSigner(secret);
    const text = JSON.stringify({ course: 'पैसे की बुनियादी बातें', files: [{ size: 1234 }] });
    const signature = signer.sign(text);
    expect(Buffer.from(signature, 'base64url')).toHaveLength(64);
    expect(await verifies(signer, text, signature)).toBe(true);
    expect(await verifies(signer, text.replace('1234', '1235'), signature)).toBe(false);
    const flipped = Buffer.from(signature, 'base64url');
    flipped[10]! ^= 1;
    expect(await verifies(signer, text, flipped.toString('base64url'))).toBe(false);
  });

  it('is the same key from the same secret on every instance, and another from another secret', async () => {
    const one = packSigner(secret);
    const two = packSigner(secret);
    expect(two.publicKey).toEqual(one.publicKey);
    expect(two.keyId).toBe(one.keyId);
    expect(await verifies(one, 'pack', two.sign('pack'))).toBe(true);
    const other = packSigner('b'.repeat(64));
    expect(other.keyId).not.toBe(one.keyId);
    expect(await verifies(other, 'pack', one.sign('pack'))).toBe(false);
  });
});
