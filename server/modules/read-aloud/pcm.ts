// Mono 16-bit sound in memory: joining, trimming the silence around a sentence, and changing the
// sample rate (the engine speaks at 22,050 Hz, a recording comes at 44,100 or 48,000, Opus is
// encoded here at 16,000). Pure functions over typed arrays.

export function concatSamples(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Below this (of 32,767), a sample counts as silence: about -50 dBFS, under the engine's and a phone's noise floor. */
const SILENCE_LEVEL = 100;

/** The samples without the silence before the first sound and after the last, keeping `marginSamples` each side. */
export function trimSilence(samples: Int16Array, marginSamples: number): Int16Array {
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < SILENCE_LEVEL) first++;
  if (first === samples.length) return samples.subarray(0, 0);
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < SILENCE_LEVEL) last--;
  return samples.subarray(Math.max(0, first - marginSamples), Math.min(samples.length, last + 1 + marginSamples));
}

// Half the width of the interpolation filter, in input samples at the lower of the two rates.
const HALF_TAPS = 16;

/**
 * The samples at another rate, through a Hann-windowed sinc filter whose cut-off is the lower
 * rate's Nyquist frequency, so a lower rate gets no aliasing (a plain linear interpolation folds
 * the engine's 8-11 kHz hiss into the band Opus keeps).
 */
export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return input;
  const ratio = toRate / fromRate;
  const length = Math.floor(input.length * ratio);
  const out = new Int16Array(length);
  // Cut-off as a fraction of the input rate; the kernel widens when the output rate is lower.
  const cutoff = Math.min(1, ratio);
  const half = Math.ceil(HALF_TAPS / cutoff);
  const taps = 2 * half + 1;
  // Output sample n sits at input position n * from / to: its fraction repeats every `phases`
  // samples (320 for 22,050 to 16,000 Hz), so each phase's weights are worked out once.
  const phases = toRate / gcd(fromRate, toRate);
  const weights = new Float64Array(phases * taps);
  for (let phase = 0; phase < phases; phase++) {
    const fraction = (phase * fromRate) / toRate - Math.floor((phase * fromRate) / toRate);
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      const x = t - half - fraction;
      const window = Math.abs(x) >= half ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * x) / half);
      const arg = Math.PI * x * cutoff;
      const weight = (arg === 0 ? 1 : Math.sin(arg) / arg) * window;
      weights[phase * taps + t] = weight;
      sum += weight;
    }
    for (let t = 0; t < taps; t++) weights[phase * taps + t]! /= sum;
  }
  for (let n = 0; n < length; n++) {
    const base = Math.floor((n * fromRate) / toRate) - half;
    const row = (n % phases) * taps;
    let value = 0;
    for (let t = 0; t < taps; t++) {
      const k = base + t;
      if (k >= 0 && k < input.length) value += input[k]! * weights[row + t]!;
    }
    const rounded = Math.round(value);
    out[n] = rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
  }
  return out;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Stereo (interleaved) to mono, by the mean of the channels. */
export function toMono(interleaved: Int16Array, channels: number): Int16Array {
  if (channels === 1) return interleaved;
  const out = new Int16Array(Math.floor(interleaved.length / channels));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += interleaved[i * channels + c]!;
    out[i] = Math.round(sum / channels);
  }
  return out;
}
