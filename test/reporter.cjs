// Mocha's spec reporter plus a closing line CI can read ("label: N passed, N failed, N skipped"),
// and the same counts as JSON in $JLDS_STATS_FILE so scripts/test.ts can add the suites up.
const fs = require('node:fs');
const Mocha = require('mocha');

const { EVENT_RUN_END } = Mocha.Runner.constants;

class CountingSpec extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const stats = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
      const label = process.env.JLDS_SUITE ?? 'tests';
      process.stdout.write(
        `${label}: ${stats.passes} passed, ${stats.failures} failed, ${stats.pending} skipped\n`,
      );
      if (process.env.JLDS_STATS_FILE) {
        fs.writeFileSync(
          process.env.JLDS_STATS_FILE,
          JSON.stringify({ passed: stats.passes, failed: stats.failures, skipped: stats.pending }),
        );
      }
    });
  }
}

module.exports = CountingSpec;
