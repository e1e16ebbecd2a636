// Time-based one-time passwords (RFC 6238) as every authenticator app reads them: SHA-1, six digits,
// thirty-second steps, a 160-bit secret (RFC 4226's recommendation). A code is accepted one step
// either side of the server's clock, for phones whose clock drifts; the caller refuses a step it
// has accepted before.
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '../../../contract/second-factor';

const SECRET_BYTES = 20;
const DRIFT_STEPS = 1;

function totp(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret from the secure generator, in base32 (the form apps take by hand). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

export function isTotpShaped(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);
}

/** The time step the code belongs to (within the drift allowed), or null when it matches none. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const generator = totp(secretBase32);
  const delta = generator.validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : generator.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of a time step (what the member's app shows then); for tests and the setup page's check. */
export function totpCode(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

/** The otpauth:// URI of the secret and its QR code as an SVG data URL. */
export async function enrolment(secretBase32: string, accountName: string): Promise<{ uri: string; qrCode: string }> {
  const uri = totp(secretBase32, accountName).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
