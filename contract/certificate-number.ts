// The shape of a certificate number (plain values: the server issues and checks numbers with them).

/** JGK-<year>-<8 characters without look-alikes (no 0/O, 1/I)>. */
export const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CERTIFICATE_NUMBER_PATTERN = `^JGK-[0-9]{4}-[${CERTIFICATE_ALPHABET}]{8}$`;
