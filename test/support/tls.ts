import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A PEM key and its self-signed certificate. */
export interface SelfSignedCertificate {
  key: string;
  cert: string;
}

const run = promisify(execFile);
let cached: Promise<SelfSignedCertificate> | undefined;

/**
 * A self-signed certificate for CN=localhost valid for DNS:localhost, 127.0.0.1 and ::1, made once
 * per process with the system's openssl (no fixture key in the repository to go stale or leak);
 * tests trust it explicitly, for HTTPS receivers and a TLS Postgres alike.
 */
export function selfSignedCertificate(): Promise<SelfSignedCertificate> {
  cached ??= generate();
  return cached;
}

async function generate(): Promise<SelfSignedCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'self-signed-'));
  try {
    const keyPath = join(dir, 'key.pem');
    const certPath = join(dir, 'cert.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '7',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ]);
    const [key, cert] = await Promise.all([readFile(keyPath, 'utf8'), readFile(certPath, 'utf8')]);
    return { key, cert };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
