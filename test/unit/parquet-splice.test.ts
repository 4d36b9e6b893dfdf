import { expect } from 'chai';
import { zstdDecompressSync } from 'node:zlib';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { ByteWriter } from 'hyparquet-writer';
import { serializeTCompactProtocol } from 'hyparquet-writer/src/thrift.js';
import {
  ordered,
  ParquetSplice,
  partsOf,
  withListOfStructs,
  type ThriftStruct,
} from '../../src/export/parquet-splice.js';

/** A whole Parquet file of `rows` (one row group), as a writer other than the splice makes it. */
function fileOf(rows: { id: string; n: number | null; tags: string[] }[]): Uint8Array {
  return new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: 'id', data: rows.map((row) => row.id), type: 'STRING' },
        { name: 'n', data: rows.map((row) => row.n), type: 'DOUBLE' },
        { name: 'tags', data: rows.map((row) => row.tags), type: 'JSON' },
      ],
    }),
  );
}

function spliced(files: Uint8Array[]): Buffer {
  const splice = new ParquetSplice();
  const out = files.flatMap((file) => splice.add(file));
  return Buffer.concat([...out, splice.finish()]);
}

function read(file: Buffer): Promise<Record<string, unknown>[]> {
  return parquetReadObjects({
    file: new Uint8Array(file).buffer,
    compressors: { ZSTD: (input) => zstdDecompressSync(input) },
  });
}

describe('one Parquet file out of whole ones (export/parquet-splice.ts)', () => {
  const parts = [
    [
      { id: 'a', n: 1, tags: ['x'] },
      { id: 'b', n: null, tags: [] },
    ],
    [{ id: 'c "quoted" ü', n: 2.5, tags: ['y', 'z'] }],
    Array.from({ length: 300 }, (_, i) => ({ id: `r${String(i)}`, n: i, tags: [String(i % 7)] })),
  ];

  it('reads back every row of every part, in order, with each part a row group at its new offset', async () => {
    const file = spliced(parts.map(fileOf));
    const rows = await read(file);
    expect(rows.map((row) => row.id)).to.deep.equal(parts.flat().map((row) => row.id));
    expect(rows[2]).to.deep.equal({ id: 'c "quoted" ü', n: 2.5, tags: ['y', 'z'] });
    const meta = parquetMetadata(new Uint8Array(file).buffer);
    expect(meta.num_rows).to.equal(303n);
    expect(meta.row_groups.map((group) => group.num_rows)).to.deep.equal([2n, 1n, 300n]);
    // Each group's first chunk starts where the previous group's bytes end.
    const starts = meta.row_groups.map((group) =>
      Number(group.columns[0]?.meta_data?.data_page_offset ?? -1),
    );
    expect(starts[0]).to.equal(4);
    expect(starts[1]).to.equal(4 + partsOf(fileOf(parts[0] ?? [])).body.byteLength);
  });

  it('keeps the first part footer schema and statistics byte for byte', () => {
    const single = fileOf(parts[0] ?? []);
    expect(spliced([single]).equals(Buffer.from(single))).to.equal(true);
  });

  it('writes a file of its schema alone from one part without rows', async () => {
    const file = spliced([fileOf([])]);
    expect(await read(file)).to.deep.equal([]);
    expect(parquetMetadata(new Uint8Array(file).buffer).schema.map((element) => element.name)).to.include(
      'tags',
    );
  });

  it('refuses a part of another schema, a file that is no Parquet, and a file without parts', () => {
    const splice = new ParquetSplice();
    splice.add(fileOf(parts[0] ?? []));
    const other = new Uint8Array(
      parquetWriteBuffer({ columnData: [{ name: 'id', data: ['a'], type: 'STRING' }] }),
    );
    expect(() => splice.add(other)).to.throw(/another schema/);
    expect(() => new ParquetSplice().add(Buffer.from('PAR1 not a file PAR1'))).to.throw();
    expect(() => new ParquetSplice().add(Buffer.from('hello'))).to.throw(/not a Parquet file/);
    expect(() => new ParquetSplice().finish()).to.throw(/at least one part/);
  });

  it('reads back twenty parts (a list of row groups past the short list header)', async () => {
    const many = Array.from({ length: 20 }, (_, k) => [{ id: `p${String(k)}`, n: k, tags: [] }]);
    const file = spliced(many.map(fileOf));
    expect((await read(file)).map((row) => row.id)).to.deep.equal(many.flat().map((row) => row.id));
    expect(parquetMetadata(new Uint8Array(file).buffer).row_groups).to.have.length(20);
  });

  it('writes a struct with a list of serialized structs as serializing it whole does', () => {
    const bytesOf = (fields: ThriftStruct): Buffer => {
      const writer = new ByteWriter();
      serializeTCompactProtocol(writer, fields);
      return Buffer.from(writer.getBytes());
    };
    const element = (k: number): ThriftStruct => ({
      field_1: BigInt(k) * 1_000_000_000_000n,
      field_2: new Uint8Array([k, 0, 255]),
      field_5: [{ field_1: k }],
    });
    for (const count of [1, 2, 14, 15, 16, 300]) {
      const elements = Array.from({ length: count }, (_, k) => element(k));
      for (const fields of [
        { field_1: 2, field_2: [{ field_4: new Uint8Array([1]) }], field_3: 7n },
        { field_1: 2, field_3: 7n, field_6: new Uint8Array([9]), field_22: true, field_40: [1, 2] },
      ] as ThriftStruct[]) {
        expect(
          withListOfStructs(fields, 4, elements.map(bytesOf)).equals(
            bytesOf(ordered({ ...fields, field_4: elements })),
          ),
        ).to.equal(true);
      }
    }
  });
});
