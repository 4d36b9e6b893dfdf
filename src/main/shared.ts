import { ConfigError, type Config } from '../config.js';

/** Loads config or exits with the list of bad variables (no stack trace for an operator mistake). */
export function exitOnConfigError(load: () => Config): Config {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/**
 * Runs `stop` once on the first of SIGTERM, SIGINT or SIGHUP (a closed terminal); later signals are
 * ignored while it runs, so a second Ctrl-C or the demo's SIGTERM after the terminal's SIGINT does
 * not cut the shutdown short.
 */
export function onStopSignal(stop: (signal: NodeJS.Signals) => void): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
  }
}
