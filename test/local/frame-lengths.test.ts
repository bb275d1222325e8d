/**
 * The local server reads the length of each frame a client sends from the bytes as they arrive,
 * however the stream is cut: headers of 2 to 14 bytes, split anywhere, between payloads of any size.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameLengths } from '../../local/frame-lengths';
import { OPCODE, frame } from '../support/raw-websocket';

const cutAt = (bytes: Buffer, cuts: readonly number[]): Buffer[] => {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((start, index) => bytes.subarray(start, [...points, bytes.length][index]));
};

describe('the frame lengths read from a client’s bytes', () => {
  it('are each frame’s payload length, whatever the lengths, masks and cuts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ length: fc.oneof(fc.integer({ min: 0, max: 130 }), fc.integer({ min: 0, max: 70_000 })), masked: fc.boolean() }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        (frames, cuts) => {
          const lengths = new FrameLengths();
          // Read frame by frame: what each frame's bytes (cut anywhere) announce is its own length.
          for (const { length, masked } of frames) {
            const chunks = cutAt(frame(Buffer.alloc(length, 0x61), { masked }), cuts);
            expect(Math.max(...chunks.map((chunk) => lengths.longestIn(chunk)))).toBe(length);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('are the longest of the frames in one chunk', () => {
    const lengths = new FrameLengths();
    const chunk = Buffer.concat([frame('a'), frame('b'.repeat(40_000), { opcode: OPCODE.binary }), frame('c'.repeat(200))]);
    expect(lengths.longestIn(chunk)).toBe(40_000);
  });

  it('read a 64-bit length before its payload arrives', () => {
    const lengths = new FrameLengths();
    expect(lengths.longestIn(frame('', { declaredLength: 2n ** 63n - 1n }))).toBeGreaterThan(2 ** 53);
  });
});
