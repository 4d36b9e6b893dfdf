/**
 * What a failed delivery reports: a class from the contract's list and a bounded, redacted message.
 * Driver messages can quote what they were given, so every secret is cut out before it is stored.
 */
export type ErrorClass =
  'connect' | 'timeout' | 'tls' | 'auth' | 'http_status' | 'rejected' | 'address_blocked' | 'internal';

const MAX_MESSAGE = 1000;

/** The class of an error from connecting to or writing into a customer's Postgres. */
export function classifyPostgresError(error: unknown): ErrorClass {
  if (!(error instanceof Error)) return 'internal';
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  const message = error.message.toLowerCase();
  // SQLSTATE 28xxx: invalid authorization (bad password, no such role, pg_hba refusal).
  if (code.startsWith('28')) return 'auth';
  // 57014: statement timeout; the driver's own deadlines say "timeout" in their messages.
  if (code === '57014' || message.includes('timeout') || message.includes('timed out')) return 'timeout';
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    /certificate|self[- ]signed|ssl|tls/.test(message)
  )
    return 'tls';
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'].includes(
      code,
    )
  )
    return 'connect';
  if (message.includes('connection terminated') || message.includes('connect')) return 'connect';
  // Any other SQLSTATE (five characters): the database refused what we asked (privileges, a table
  // of another shape, a database that does not exist).
  if (/^[0-9A-Z]{5}$/.test(code)) return 'rejected';
  return 'internal';
}

/** The message without any of `secrets`, on one line, at most 1000 characters. */
export function redact(message: string, ...secrets: (string | undefined)[]): string {
  let text = message.replace(/\s+/g, ' ');
  for (const secret of secrets)
    if (secret !== undefined && secret !== '') text = text.split(secret).join('[redacted]');
  return text.length <= MAX_MESSAGE ? text : `${text.slice(0, MAX_MESSAGE - 1)}…`;
}
