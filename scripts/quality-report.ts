/**
 * `npm run quality:report [-- --json]`: measures and stores a data-quality report now (what the
 * worker does on its schedule), then prints it — a table, or the served JSON with --json. Keeps the
 * latest QUALITY_REPORTS_RETAINED completed reports. A failure leaves only an incomplete report,
 * which is never served.
 */
import { parseArgs } from 'node:util';
import { QualityRepository } from '../src/db/quality.js';
import { createLogger } from '../src/lib/logger.js';
import { produceQualityReport } from '../src/services/quality/produce.js';
import type { QualityMetric } from '../src/services/quality/reports.js';
import { scriptRuntime } from './lib/runtime.js';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });

function line(metric: QualityMetric): string {
  const value = metric.unit === 'ratio' ? metric.value.toFixed(4) : metric.value.toFixed(0);
  return [
    metric.metric.padEnd(24),
    metric.scope.padEnd(22),
    value.padStart(10),
    metric.unit.padEnd(7),
    String(metric.sample_size).padStart(9),
  ].join('  ');
}

const runtime = await scriptRuntime();
try {
  const report = await produceQualityReport(new QualityRepository(runtime.database.db), {
    retained: runtime.config.quality.retained,
    logger: createLogger(runtime.config.logLevel),
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    process.stdout.write(
      `data-quality report ${report.report_id}: corpus as of ${report.corpus_as_of}, ${String(report.metrics.length)} metrics\n`,
    );
    process.stdout.write(
      `${['metric'.padEnd(24), 'scope'.padEnd(22), 'value'.padStart(10), 'unit'.padEnd(7), 'sample'.padStart(9)].join('  ')}\n`,
    );
    for (const metric of report.metrics) process.stdout.write(`${line(metric)}\n`);
  }
} finally {
  await runtime.close();
}
