/** Frames per second over a sliding window of arrival times (ms). */
export class FpsMeter {
  private arrivals: number[] = [];
  constructor(private windowMs = 1000) {}

  tick(nowMs: number): void {
    this.arrivals.push(nowMs);
    while (this.arrivals.length > 0 && nowMs - this.arrivals[0] > this.windowMs) this.arrivals.shift();
  }

  fps(): number {
    const n = this.arrivals.length;
    if (n < 2) return 0;
    const span = this.arrivals[n - 1] - this.arrivals[0];
    return span > 0 ? ((n - 1) * 1000) / span : 0;
  }
}
