/**
 * Where a feed consumer keeps its position. The consumers call `save` only after the handler has
 * finished a page, so whatever the store holds is a position whose earlier records were all
 * handled: a crash before `save` re-delivers the page, never skips it.
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface PositionStore<Position> {
  /** The saved position, or undefined before the first save. */
  load(): Promise<Position | undefined>;
  /** Must be durable when it resolves: the consumer treats a resolved save as committed. */
  save(position: Position): Promise<void>;
}

/** In memory: for tests and for consumers whose handler keeps the position itself. */
export class MemoryStore<Position> implements PositionStore<Position> {
  constructor(private position?: Position) {}

  load(): Promise<Position | undefined> {
    return Promise.resolve(this.position);
  }

  save(position: Position): Promise<void> {
    this.position = position;
    return Promise.resolve();
  }
}

/**
 * One JSON file. `save` writes a temporary file, flushes it to disk, renames it over the old one
 * and flushes the directory, so after a crash the file holds the old position or the new one,
 * never a torn mix. `parse` checks what is read back (the file may have been edited by hand).
 */
export class FileStore<Position> implements PositionStore<Position> {
  constructor(
    readonly path: string,
    private readonly parse: (value: unknown) => Position,
  ) {}

  async load(): Promise<Position | undefined> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
      throw error;
    }
    return this.parse(JSON.parse(text) as unknown);
  }

  async save(position: Position): Promise<void> {
    const directory = dirname(this.path);
    await mkdir(directory, { recursive: true });
    const temporary = `${this.path}.${String(process.pid)}.tmp`;
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(`${JSON.stringify(position)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, this.path);
    // The rename is durable only once the directory entry is on disk.
    const dir = await open(directory, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}
