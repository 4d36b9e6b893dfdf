/**
 * The BERT WordPiece tokenizer of the embedding model, driven by its own `tokenizer.json`
 * (Hugging Face tokenizers format): BertNormalizer (clean text, CJK spacing, lowercase and strip
 * accents), BertPreTokenizer (whitespace and punctuation), WordPiece (greedy longest match, `##`
 * continuations), then [CLS] … [SEP] and truncation. Pure; checked against the reference library.
 */

export interface TokenizerJson {
  normalizer: { type: string; lowercase?: boolean; strip_accents?: boolean | null };
  pre_tokenizer: { type: string };
  model: {
    type: string;
    vocab: Record<string, number>;
    unk_token: string;
    continuing_subword_prefix: string;
    max_input_chars_per_word: number;
  };
  truncation?: { max_length: number } | null;
}

export interface Encoding {
  inputIds: number[];
  attentionMask: number[];
  tokenTypeIds: number[];
}

export class WordPieceTokenizer {
  private readonly vocab: Map<string, number>;
  private readonly unkId: number;
  private readonly clsId: number;
  private readonly sepId: number;
  private readonly maxLength: number;
  private readonly lowercase: boolean;
  private readonly stripAccents: boolean;

  constructor(private readonly spec: TokenizerJson) {
    if (
      spec.model.type !== 'WordPiece' ||
      spec.normalizer.type !== 'BertNormalizer' ||
      spec.pre_tokenizer.type !== 'BertPreTokenizer'
    ) {
      throw new Error('Only BERT WordPiece tokenizers are supported');
    }
    this.vocab = new Map(Object.entries(spec.model.vocab));
    this.unkId = this.id(spec.model.unk_token);
    this.clsId = this.id('[CLS]');
    this.sepId = this.id('[SEP]');
    this.maxLength = spec.truncation?.max_length ?? 512;
    this.lowercase = spec.normalizer.lowercase !== false;
    // BertNormalizer: strip_accents null means "as lowercase".
    this.stripAccents = spec.normalizer.strip_accents ?? this.lowercase;
  }

  encode(text: string): Encoding {
    const ids: number[] = [];
    for (const word of this.preTokenize(this.normalize(text))) ids.push(...this.wordPiece(word));
    const body = ids.slice(0, this.maxLength - 2);
    const inputIds = [this.clsId, ...body, this.sepId];
    return { inputIds, attentionMask: inputIds.map(() => 1), tokenTypeIds: inputIds.map(() => 0) };
  }

  private id(token: string): number {
    const found = this.vocab.get(token);
    if (found === undefined) throw new Error(`Token ${token} missing from the vocabulary`);
    return found;
  }

  private normalize(text: string): string {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code === 0 || code === 0xfffd || isControl(char)) continue;
      if (isWhitespace(char)) out += ' ';
      else if (isCjk(code)) out += ` ${char} `;
      else out += char;
    }
    if (this.lowercase) out = out.toLowerCase();
    if (this.stripAccents) out = out.normalize('NFD').replace(/\p{Mn}/gu, '');
    return out;
  }

  /** Whitespace splits; every punctuation character is a token of its own. */
  private preTokenize(text: string): string[] {
    const words: string[] = [];
    let current = '';
    for (const char of text) {
      if (isWhitespace(char)) {
        if (current !== '') words.push(current);
        current = '';
      } else if (isPunctuation(char)) {
        if (current !== '') words.push(current);
        words.push(char);
        current = '';
      } else {
        current += char;
      }
    }
    if (current !== '') words.push(current);
    return words;
  }

  private wordPiece(word: string): number[] {
    const chars = Array.from(word);
    if (chars.length > this.spec.model.max_input_chars_per_word) return [this.unkId];
    const pieces: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece =
          (start > 0 ? this.spec.model.continuing_subword_prefix : '') + chars.slice(start, end).join('');
        found = this.vocab.get(piece);
        if (found !== undefined) break;
        end -= 1;
      }
      if (found === undefined) return [this.unkId];
      pieces.push(found);
      start = end;
    }
    return pieces;
  }
}

function isWhitespace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || /\p{Zs}/u.test(char);
}

function isControl(char: string): boolean {
  if (char === '\t' || char === '\n' || char === '\r') return false;
  return /\p{Cc}|\p{Cf}/u.test(char);
}

/** ASCII punctuation (including $, +, <, =, >, ^, `, |, ~) and every Unicode punctuation character. */
function isPunctuation(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  ) {
    return true;
  }
  return /\p{P}/u.test(char);
}

function isCjk(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) ||
    (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) ||
    (code >= 0x2b820 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x2f800 && code <= 0x2fa1f)
  );
}
