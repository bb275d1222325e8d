/**
 * The server's clock as this device can know it: every answer and event carries the server's
 * time, and a countdown to a deadline set by the server must run on that clock, whatever the
 * device's own says (a phone an hour off would otherwise show betting closed, or open forever).
 */
export class ServerClock {
  /** serverTime − Date.now(), from the last time the server told it. */
  private offsetMs = 0;

  /** Takes the server's time from an answer or event just received. */
  sync(serverTime: string): void {
    const server = Date.parse(serverTime);
    if (!Number.isNaN(server)) this.offsetMs = server - Date.now();
  }

  /** The server's time now, in epoch milliseconds. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** How long until `deadline` (an ISO instant of the server's), in ms: 0 once it passed. */
  until(deadline: string): number {
    return Math.max(0, Date.parse(deadline) - this.now());
  }
}

/** 42_300 → "0:43": whole seconds, rounded up, so that "0:00" means the deadline is reached. */
export function countdownText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
