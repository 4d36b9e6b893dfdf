import { pino, type Logger } from 'pino';

export type { Logger };

/** One structured logger per process; secrets in headers are redacted before they reach any sink. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers["stripe-signature"]'],
      censor: '[redacted]',
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
