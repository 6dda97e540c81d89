/**
 * The public report of the newest published period, computed once per period on each instance. The report
 * reads closed months only, so its figures cannot change within a period: however often the public,
 * unauthenticated endpoint is called, the database is asked once a month. Callers that arrive while it is
 * computed wait for the same computation; a failed one is asked again by the next caller.
 */
export class ReportCache<Report> {
  private entry: { period: string; report: Promise<Report> } | null = null;

  get(period: string, compute: () => Promise<Report>): Promise<Report> {
    if (this.entry?.period === period) return this.entry.report;
    const report = compute();
    const entry = { period, report };
    this.entry = entry;
    report.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return report;
  }
}
