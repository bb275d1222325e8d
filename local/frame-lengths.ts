/**
 * The payload lengths of the frames a client sends, read from the raw bytes as they arrive
 * (RFC 6455 §5.2: two bytes, then 2 or 8 bytes of extended length, then the 4-byte mask, then the
 * payload). ws bounds a message's length, not a frame's; API Gateway bounds both, and the local
 * server reads the frames' lengths here to do as it does. Only lengths are read: ws still parses
 * and checks every frame.
 */
export class FrameLengths {
  /** The current frame's header so far: at most 14 bytes. */
  private readonly header = Buffer.alloc(14);
  private headerRead = 0;
  /** The current frame's payload bytes not yet arrived. */
  private payloadLeft = 0;

  /** The longest payload announced by the frame headers completed in `chunk` (0 if none). */
  longestIn(chunk: Buffer): number {
    let longest = 0;
    let offset = 0;
    while (offset < chunk.length) {
      if (this.payloadLeft > 0) {
        const skipped = Math.min(this.payloadLeft, chunk.length - offset);
        this.payloadLeft -= skipped;
        offset += skipped;
        continue;
      }
      this.header[this.headerRead++] = chunk[offset++]!;
      const headerLength = this.headerLength();
      if (headerLength === undefined || this.headerRead < headerLength) continue;
      this.payloadLeft = this.payloadLength();
      this.headerRead = 0;
      longest = Math.max(longest, this.payloadLeft);
    }
    return longest;
  }

  private headerLength(): number | undefined {
    if (this.headerRead < 2) return undefined;
    const declared = this.header[1]! & 0x7f;
    const extended = declared === 126 ? 2 : declared === 127 ? 8 : 0;
    const mask = this.header[1]! & 0x80 ? 4 : 0;
    return 2 + extended + mask;
  }

  /** Up to 2^64 - 1: beyond 2^53 no longer exact, which no limit it is compared with minds. */
  private payloadLength(): number {
    const declared = this.header[1]! & 0x7f;
    if (declared === 126) return this.header.readUInt16BE(2);
    if (declared === 127) return Number(this.header.readBigUInt64BE(2));
    return declared;
  }
}
