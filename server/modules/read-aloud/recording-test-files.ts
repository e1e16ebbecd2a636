// Recordings for the read-aloud tests and journeys, made on the spot (no binary fixtures).

/** A WAV file of a tone: a stand-in for a person's recording. */
export function wav(seconds: number, rate = 44_100, channels = 2): Buffer {
  const frames = Math.round(seconds * rate);
  const data = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i++)
    for (let c = 0; c < channels; c++)
      data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate)), (i * channels + c) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
