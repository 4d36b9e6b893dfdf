/** Our Parquet files read back with hyparquet, as a client would (Zstandard through Node's zlib). */
import { zstdDecompressSync } from 'node:zlib';
import { parquetReadObjects } from 'hyparquet';

export function readParquet(file: Uint8Array): Promise<Record<string, unknown>[]> {
  return parquetReadObjects({
    file: new Uint8Array(file).buffer,
    compressors: { ZSTD: (input) => zstdDecompressSync(input) },
  });
}
