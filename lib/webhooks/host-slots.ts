/**
 * Caps on the deliveries one process has in flight: in all, and per receiving host. The per-host
 * cap is what keeps one slow or dead endpoint from holding back the others (its deliveries wait
 * for a free slot of their own host, never for the whole pool), and it keeps a backlog from
 * flooding one merchant's server.
 */
export class HostSlots {
  private readonly byHost = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perHost: number,
    readonly overall: number,
  ) {}

  /** Takes a slot for `host`, or returns false when the host or the process is at its cap. */
  tryAcquire(host: string): boolean {
    const used = this.byHost.get(host) ?? 0;
    if (used >= this.perHost || this.total >= this.overall) return false;
    this.byHost.set(host, used + 1);
    this.total++;

    return true;
  }

  release(host: string): void {
    const used = this.byHost.get(host) ?? 0;
    if (used <= 0) return;
    if (used === 1) this.byHost.delete(host);
    else this.byHost.set(host, used - 1);
    this.total--;
  }

  /**
   * Which of the hosts with deliveries waiting gets a slot that was just freed: one that has room,
   * the one with the fewest in flight (a healthy endpoint's first delivery before a dead endpoint's
   * backlog), the earliest listed on a tie; undefined when none can take a slot now.
   */
  pickWaiting(hosts: Iterable<string>): string | undefined {
    if (this.total >= this.overall) return undefined;
    let best: string | undefined;
    for (const host of hosts) {
      const used = this.byHost.get(host) ?? 0;
      if (used < this.perHost && (best === undefined || used < (this.byHost.get(best) ?? 0))) best = host;
    }
    return best;
  }

  inFlight(host?: string): number {
    return host === undefined ? this.total : (this.byHost.get(host) ?? 0);
  }
}
