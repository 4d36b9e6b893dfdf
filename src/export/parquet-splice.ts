/**
 * One Parquet file out of whole Parquet files, each written for one row group (export/parquet-duckdb.ts):
 * the file gives out each part's column chunks as the part comes and ends with one footer that lists
 * every part's row groups at their offsets in the whole.
 *
 * Why the footers are handled as raw Thrift and not as hyparquet's metadata: its reader converts
 * statistics into values (a JSON column's min/max parsed, integers as the logical type says) and its
 * writer converts them back; the raw struct re-serializes byte for byte (checked on DuckDB's footers),
 * so nothing but the offsets and the schema edits below changes.
 */
import { deserializeTCompactProtocol } from 'hyparquet/src/thrift.js';
import { ByteWriter } from 'hyparquet-writer';
import { serializeTCompactProtocol } from 'hyparquet-writer/src/thrift.js';

export type Thrift = boolean | number | bigint | Uint8Array | Thrift[] | ThriftStruct;
export interface ThriftStruct {
  [field: `field_${number}`]: Thrift | undefined;
}

/** "PAR1", the first and last four bytes of a Parquet file. */
const MAGIC = Buffer.from('PAR1');

// Field ids of parquet.thrift.
const FILE_SCHEMA = 2;
const FILE_NUM_ROWS = 3;
const FILE_ROW_GROUPS = 4;
const GROUP_COLUMNS = 1;
const GROUP_FILE_OFFSET = 5;
const CHUNK_FILE_OFFSET = 2;
const CHUNK_META = 3;
const CHUNK_OFFSET_INDEX = 4;
const CHUNK_COLUMN_INDEX = 6;
/** ColumnMetaData: data page, index page, dictionary page, bloom filter. */
const META_OFFSETS = [9, 10, 11, 14] as const;

/** The schema's elements as the first part's footer gives them; a splice may edit them (parquet-duckdb.ts). */
export type SchemaEdit = (schema: ThriftStruct[]) => ThriftStruct[];

export class ParquetSplice {
  /** Bytes given out so far. */
  private offset = 0;
  /**
   * Every part's row groups at their offsets in the whole, each serialized as it comes: parsed, a
   * group's binary statistics are views of its part's file, which then lived until the export ended
   * (~165 KB a 4,000-row group; 41 MB at 1M rows), and its thousands of objects were promoted.
   */
  private readonly rowGroups: Buffer[] = [];
  private rows = 0n;
  /** The first part's footer without its row groups: its schema, writer and column orders stand for the whole file. */
  private first: ThriftStruct | undefined;
  private schemaBytes: Buffer | undefined;

  constructor(private readonly editSchema: SchemaEdit = (schema) => schema) {}

  /** The bytes `file` adds to the whole file: the leading magic once, then the part's column chunks. */
  add(file: Uint8Array): Uint8Array[] {
    const { body, footer } = partsOf(file);
    const schemaBytes = serialized({ field_1: footer[`field_${FILE_SCHEMA}`] });
    if (this.schemaBytes === undefined) this.schemaBytes = schemaBytes;
    else if (!schemaBytes.equals(this.schemaBytes)) throw new Error('a Parquet part has another schema');
    if (this.first === undefined) {
      const { [`field_${FILE_ROW_GROUPS}`]: _groups, ...rest } = footer;
      this.first = rest;
    }
    const out: Uint8Array[] = [];
    if (this.offset === 0) {
      out.push(MAGIC);
      this.offset = MAGIC.byteLength;
    }
    // The part's chunks sit at 4.. in its own file and at this.offset.. in the whole.
    const delta = BigInt(this.offset - MAGIC.byteLength);
    for (const group of listOf(footer[`field_${FILE_ROW_GROUPS}`]))
      this.rowGroups.push(serialized(shifted(group, delta)));
    this.rows += bigintOf(footer[`field_${FILE_NUM_ROWS}`]);
    if (body.byteLength > 0) out.push(body);
    this.offset += body.byteLength;
    return out;
  }

  /** The footer of the whole file and the closing magic (after at least one part). */
  finish(): Buffer {
    const first = this.first;
    if (first === undefined) throw new Error('a Parquet file needs at least one part');
    const fields: ThriftStruct = {
      ...first,
      [`field_${FILE_SCHEMA}`]: this.editSchema(listOf(first[`field_${FILE_SCHEMA}`]).map(structOf)),
      [`field_${FILE_NUM_ROWS}`]: this.rows,
    };
    const footer = withListOfStructs(ordered(fields), FILE_ROW_GROUPS, this.rowGroups);
    const tail = Buffer.alloc(footer.byteLength + 8);
    footer.copy(tail, 0);
    tail.writeUInt32LE(footer.byteLength, footer.byteLength);
    MAGIC.copy(tail, footer.byteLength + 4);
    return tail;
  }
}

/** A whole Parquet file's column chunks (between the magic and the footer) and its parsed footer. */
export function partsOf(file: Uint8Array): { body: Uint8Array; footer: ThriftStruct } {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.byteLength < 12 || !bytes.subarray(0, 4).equals(MAGIC) || !bytes.subarray(-4).equals(MAGIC))
    throw new Error('not a Parquet file');
  const footerLength = bytes.readUInt32LE(bytes.byteLength - 8);
  const footerStart = bytes.byteLength - 8 - footerLength;
  if (footerStart < MAGIC.byteLength) throw new Error('a Parquet footer longer than its file');
  const view = new DataView(bytes.buffer, bytes.byteOffset + footerStart, footerLength);
  return {
    body: bytes.subarray(MAGIC.byteLength, footerStart),
    footer: structOf(deserializeTCompactProtocol({ view, offset: 0 })),
  };
}

/** `group` with every file offset it holds moved by `delta`. */
function shifted(group: Thrift, delta: bigint): ThriftStruct {
  const fields = structOf(group);
  const columns = listOf(fields[`field_${GROUP_COLUMNS}`]).map((column) => {
    const chunk = structOf(column);
    const meta = chunk[`field_${CHUNK_META}`];
    return moved(
      {
        ...chunk,
        ...(meta === undefined
          ? {}
          : { [`field_${CHUNK_META}`]: moved(structOf(meta), META_OFFSETS, delta) }),
      },
      // A chunk's own file_offset of 0 is a writer's "not set" (DuckDB's), not a position.
      [CHUNK_FILE_OFFSET, CHUNK_OFFSET_INDEX, CHUNK_COLUMN_INDEX],
      delta,
    );
  });
  return moved({ ...fields, [`field_${GROUP_COLUMNS}`]: columns }, [GROUP_FILE_OFFSET], delta);
}

/** `fields` with the offsets among `ids` that are set (non-zero) moved by `delta`. */
function moved(fields: ThriftStruct, ids: readonly number[], delta: bigint): ThriftStruct {
  const out: ThriftStruct = { ...fields };
  for (const id of ids) {
    const value = fields[`field_${id}`];
    if (typeof value === 'bigint' && value > 0n) out[`field_${id}`] = value + delta;
  }
  return out;
}

/** The struct's fields in ascending id order, as the compact protocol writer requires. */
export function ordered(fields: ThriftStruct): ThriftStruct {
  const ids = Object.keys(fields)
    .map((key) => Number(key.slice('field_'.length)))
    .sort((a, b) => a - b);
  const out: ThriftStruct = {};
  for (const id of ids) {
    const value = fields[`field_${id}`];
    if (value !== undefined) out[`field_${id}`] = value;
  }
  return out;
}

// Compact protocol: a field's header byte is its id's delta from the previous field's and its type;
// a boolean field's value is its type; a list's header is its size and its elements' type.
const COMPACT_FALSE = 2;
const COMPACT_LIST = 9;
const COMPACT_STRUCT = 12;
const STOP = 0;

/**
 * The struct `fields` with field `id` a list of the structs `elements`, each already serialized:
 * the fields before `id`, then the list, then the fields after it (serialized after a boolean `id`
 * whose one header byte is dropped, so their deltas count from `id`). Equal to serializing the
 * whole, without holding the elements parsed.
 */
export function withListOfStructs(fields: ThriftStruct, id: number, elements: readonly Buffer[]): Buffer {
  const before: ThriftStruct = {};
  const after: ThriftStruct = { [`field_${id}`]: false };
  let previous = 0;
  for (const key of Object.keys(fields)) {
    if (!isFieldKey(key)) continue;
    const field = Number(key.slice('field_'.length));
    if (field < id) {
      before[key] = fields[key];
      previous = Math.max(previous, field);
    } else if (field > id) after[key] = fields[key];
  }
  const head = serialized(ordered(before));
  const tail = serialized(ordered(after));
  if (head.at(-1) !== STOP || tail[0] !== (((id << 4) | COMPACT_FALSE) & 0xff) || id - previous > 15)
    throw new Error('a Thrift struct this splice cannot write');
  const list = new ByteWriter();
  list.appendUint8(((id - previous) << 4) | COMPACT_LIST);
  if (elements.length > 14) {
    list.appendUint8((15 << 4) | COMPACT_STRUCT);
    list.appendVarInt(elements.length);
  } else list.appendUint8((elements.length << 4) | COMPACT_STRUCT);
  return Buffer.concat([head.subarray(0, -1), Buffer.from(list.getBytes()), ...elements, tail.subarray(1)]);
}

function serialized(fields: ThriftStruct): Buffer {
  const writer = new ByteWriter();
  serializeTCompactProtocol(writer, fields);
  return Buffer.from(writer.getBytes());
}

export function structOf(value: unknown): ThriftStruct {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array)
    throw new Error('a Parquet footer field is not a struct');
  const out: ThriftStruct = {};
  for (const [key, field] of Object.entries(value)) if (isFieldKey(key)) out[key] = thriftOf(field);
  return out;
}

function thriftOf(value: unknown): Thrift {
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return value;
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map(thriftOf);
  return structOf(value);
}

function isFieldKey(key: string): key is `field_${number}` {
  return /^field_\d+$/.test(key);
}

function listOf(value: Thrift | undefined): Thrift[] {
  return Array.isArray(value) ? value : [];
}

function bigintOf(value: Thrift | undefined): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  return 0n;
}
