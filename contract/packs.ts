// Wire shapes of course packs (ADR 42): one course in one language saved on the phone for learning
// without a network. A pack is described by a manifest the server signs: every file with the address
// the app asks for it at, its size and SHA-256, so the exact size is shown before downloading and
// every file is verified before the pack counts as saved. The manifest travels as the signed text
// itself, so the phone checks the very bytes that were signed (no re-serialising).
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './ids';
import { PACK_FORMAT } from './offline-rules';
import { LanguageCodeLiteral } from './schema-helpers';

export const PackFileKind = Type.Union(
  [Type.Literal('text'), Type.Literal('picture'), Type.Literal('video'), Type.Literal('audio')],
  { description: 'audio: the voices that read the course aloud (ADR 41), their list and their files' },
);
export type PackFileKind = Static<typeof PackFileKind>;

export const PackFile = Type.Object({
  url: Type.String({
    description: 'The address the app asks for the file at (a path on this site): it is stored under it',
  }),
  kind: PackFileKind,
  size: Type.Integer({ description: "The file's bytes as the server sends them, before any compression on the wire" }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type PackFile = Static<typeof PackFile>;

export const PackManifest = Type.Object({
  format: Type.Literal(PACK_FORMAT),
  course: Type.Object({ id: Uuid, lang: LanguageCodeLiteral, slug: Type.String(), title: Type.String() }),
  version: Type.String({
    description:
      "SHA-256 of the pack's files' hashes: another version means something was published since; the files whose hash changed are the ones to download again",
  }),
  withVideos: Type.Boolean(),
  withVoices: Type.Boolean(),
  files: Type.Array(PackFile),
  sizes: Type.Object({
    text: Type.Integer(),
    pictures: Type.Integer(),
    videos: Type.Integer({ description: "The videos' bytes, counted in the files only when withVideos" }),
    audio: Type.Integer({ description: "The voices' bytes (read aloud), counted in the files only when withVoices" }),
  }),
});
export type PackManifest = Static<typeof PackManifest>;

export const SignedPackManifest = Type.Object({
  manifest: Type.String({ description: 'The PackManifest as JSON text: exactly the bytes that were signed' }),
  signature: Type.String({
    description: 'ECDSA P-256 with SHA-256 over the UTF-8 bytes of manifest: r and s, base64url',
  }),
  keyId: Type.String({ description: 'The key it was signed with (GET /api/packs/key)' }),
});
export type SignedPackManifest = Static<typeof SignedPackManifest>;

export const PackKey = Type.Object({
  keyId: Type.String(),
  publicKey: Type.Object({
    kty: Type.Literal('EC'),
    crv: Type.Literal('P-256'),
    x: Type.String(),
    y: Type.String(),
  }),
});
export type PackKey = Static<typeof PackKey>;

export const PackQuery = Type.Object({
  videos: Type.Optional(Type.Boolean({ default: false, description: "Whether the pack holds the course's videos" })),
  voices: Type.Optional(
    Type.Boolean({ default: true, description: 'Whether the pack holds the voices that read the course aloud' }),
  ),
});
