/**
 * Versioned SQL migrations: `migrations/NNNN_name.sql`, applied in order, each in its own
 * transaction, under an advisory lock so concurrent starters cannot apply one twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
      if (match?.[1] === undefined || match[2] === undefined) {
        throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
      }
      return { version: Number(match[1]), name: match[2], sql: await readFile(`${dir}${file}`, 'utf8') };
    }),
  );
}

/** Creates the schema if needed and applies pending migrations; returns the versions applied. */
export async function migrate(db: Database, schema: string, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return db.tx('migrate', async (tx) => {
    await tx.any('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${schema}`]);
    await tx.none('CREATE SCHEMA IF NOT EXISTS $1:name', [schema]);
    await tx.none(
      `CREATE TABLE IF NOT EXISTS $1:name.schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
      [schema],
    );
    const done = new Set(
      (
        await tx.manyOrNone<{ version: number }>('SELECT version FROM $1:name.schema_migrations', [schema])
      ).map((row) => row.version),
    );
    const applied: number[] = [];
    for (const migration of all) {
      if (done.has(migration.version)) continue;
      await tx.none('SET LOCAL search_path TO $1:name', [schema]);
      await tx.none(migration.sql);
      await tx.none('INSERT INTO $1:name.schema_migrations (version, name) VALUES ($2, $3)', [
        schema,
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
