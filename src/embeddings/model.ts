/**
 * Sentence embeddings with all-MiniLM-L6-v2 (quantized ONNX, 384 dimensions) on onnxruntime-node:
 * WordPiece tokens in, last hidden state out, mean-pooled over the attention mask and L2-normalized
 * as the model's sentence-transformers configuration prescribes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { WordPieceTokenizer, type TokenizerJson } from './tokenizer.js';

export const EMBEDDING_DIMS = 384;
export const MODEL_FILE = 'all-minilm-l6-v2-q.onnx';
export const TOKENIZER_FILE = 'all-minilm-l6-v2-q-tokenizer.json';

export class EmbeddingModel {
  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: WordPieceTokenizer,
  ) {}

  static async load(dir: string, threads = 1): Promise<EmbeddingModel> {
    const spec = JSON.parse(await readFile(join(dir, TOKENIZER_FILE), 'utf8')) as TokenizerJson;
    const session = await ort.InferenceSession.create(join(dir, MODEL_FILE), {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return new EmbeddingModel(session, new WordPieceTokenizer(spec));
  }

  /**
   * One unit-length vector per text, each run alone: the quantized model quantizes activations per
   * run, so batching (padded or not) shifts every vector (cosine ≈ 0.99 instead of 1.0 against the
   * reference). Throughput comes from worker threads, not batches.
   */
  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const text of texts) out.push(await this.embedOne(this.tokenizer.encode(text).inputIds));
    return out;
  }

  /** One token sequence through the model (no padding, so every position counts), pooled and normalized. */
  private async embedOne(tokenIds: number[]): Promise<Float32Array> {
    const ids = BigInt64Array.from(tokenIds, (id) => BigInt(id));
    const shape = [1, ids.length];
    const output = await this.session.run({
      input_ids: new ort.Tensor('int64', ids, shape),
      attention_mask: new ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), shape),
      token_type_ids: new ort.Tensor('int64', new BigInt64Array(ids.length), shape),
    });
    const hidden = output.last_hidden_state?.data;
    if (!(hidden instanceof Float32Array)) throw new Error('model returned no last_hidden_state');
    return meanPool(hidden, ids.length);
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/** Mean of the token vectors of one sequence, then L2-normalized. */
function meanPool(hidden: Float32Array, tokens: number): Float32Array {
  const out = new Float32Array(EMBEDDING_DIMS);
  for (let at = 0; at < tokens; at += 1) {
    const offset = at * EMBEDDING_DIMS;
    for (let d = 0; d < EMBEDDING_DIMS; d += 1) out[d] = (out[d] ?? 0) + (hidden[offset + d] ?? 0);
  }
  let norm = 0;
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) {
    out[d] = (out[d] ?? 0) / tokens;
    norm += (out[d] ?? 0) ** 2;
  }
  const scale = 1 / Math.max(Math.sqrt(norm), 1e-12);
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) out[d] = (out[d] ?? 0) * scale;
  return out;
}
