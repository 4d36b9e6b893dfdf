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
