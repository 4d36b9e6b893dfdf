/**
 * The embedding pipeline is the real model: our tokenizer gives the reference library's token ids,
 * and our vectors match reference vectors computed once with Hugging Face tokenizers + onnxruntime
 * from the same model files (test/fixtures/embeddings/reference.py), cosine ≥ 0.999.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDING_DIMS, EmbeddingModel, TOKENIZER_FILE } from '../../src/embeddings/model.js';
import { WordPieceTokenizer, type TokenizerJson } from '../../src/embeddings/tokenizer.js';
import { testEnv } from './env.js';

interface Reference {
  text: string;
  ids: number[];
  vector: number[];
}

const references = JSON.parse(readFileSync('test/fixtures/embeddings/reference.json', 'utf8')) as Reference[];

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return dot / Math.sqrt(na * nb);
}

describe('embeddings: all-MiniLM-L6-v2 (quantized ONNX) against reference values', function () {
  this.timeout(60_000);
  let model: EmbeddingModel;
  let modelDir: string;

  before(async () => {
    const configured = testEnv().config.embedding;
    if (configured === undefined)
      throw new Error('EMBEDDING_MODEL_DIR is not set: run through npm test or the dev stack');
    modelDir = configured.modelDir;
    model = await EmbeddingModel.load(modelDir);
  });

  after(async () => {
    await model.close();
  });

  it('tokenizes exactly like the reference tokenizer (punctuation, accents, CJK-free Unicode)', () => {
    const spec = JSON.parse(readFileSync(join(modelDir, TOKENIZER_FILE), 'utf8')) as TokenizerJson;
    const tokenizer = new WordPieceTokenizer(spec);
    for (const reference of references)
      expect(tokenizer.encode(reference.text).inputIds, reference.text).to.deep.equal(reference.ids);
  });

  it('embeds each sentence within cosine 0.999 of the reference, as unit vectors, alone or several per call', async () => {
    const batched = await model.embed(references.map((reference) => reference.text));
    for (const [index, reference] of references.entries()) {
      const [alone] = await model.embed([reference.text]);
      for (const vector of [alone, batched[index]]) {
        expect(vector?.length).to.equal(EMBEDDING_DIMS);
        expect(cosine(vector ?? [], reference.vector), reference.text).to.be.at.least(0.999);
        expect(cosine(vector ?? [], vector ?? [])).to.be.closeTo(1, 1e-6);
      }
    }
    // Meaning, not spelling: the two engineering sentences are closer to each other than to nursing.
    const [backend, nurse, , , ml] = batched;
    expect(cosine(backend ?? [], ml ?? [])).to.be.greaterThan(cosine(backend ?? [], nurse ?? []));
  });
});
