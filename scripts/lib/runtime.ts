/** Opens the service runtime for an operator script (dev-stack defaults unless the env says otherwise). */
import { loadConfig } from '../../src/config.js';
import { exitOnConfigError } from '../../src/main/shared.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { devEnv } from './dev.js';

export async function scriptRuntime(): Promise<Runtime> {
  const env = await devEnv();
  return openRuntime(exitOnConfigError(() => loadConfig(env)));
}
