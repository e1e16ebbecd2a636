// The WebAssembly build of @evan/opus (libopus, MIT; ADR 41), which ogg-opus.ts uses in place of the
// package's native binaries: one build for every platform and Node version, safe in worker threads.
declare module '@evan/opus/wasm/index.js' {
  export class Encoder {
    constructor(options: {
      channels: 1 | 2;
      sample_rate: number;
      application: 'voip' | 'audio' | 'restricted_lowdelay';
    });
    /** A CTL: with a value it sets, without one it answers. */
    ctl(cmd: number, value?: number): number;
    /** One frame of interleaved 16-bit samples to one Opus packet. */
    encode(pcm: ArrayBufferView): Uint8Array;
    drop(): void;
  }
  export class Decoder {
    constructor(options: { channels: 1 | 2; sample_rate: number });
    /** One Opus packet to interleaved 16-bit samples (as bytes). */
    decode(packet: ArrayBufferView): Uint8Array;
    drop(): void;
  }
}
