/**
 * Work-arrangement classification by a language model behind an OpenAI-compatible
 * `POST {baseUrl}/chat/completions` endpoint (OpenAI, vLLM, Ollama, LiteLLM, …).
 *
 * The model is asked for JSON only, `{"work_arrangement": "remote|hybrid|on_site|unknown",
 * "confidence": 0..1}`, and the answer is parsed strictly: anything else (prose, a fenced block, an
 * unknown value, a non-2xx status, a network error, the deadline passing) makes the classifier fall
 * back to the rules classifier, whose result says `source: 'rules'`. It never throws, so enrichment
 * never fails because the model is down; the fallback is reported through `onFallback` so operators
 * can see how often it happens.
 */
import { WORK_ARRANGEMENTS, type WorkArrangement } from '../../domain/job.js';
import type { EnrichInput } from '../types.js';
import { descriptionOf } from './text.js';
import {
  RulesWorkArrangementClassifier,
  type WorkArrangementClassifier,
  type WorkArrangementResult,
} from './work-arrangement.js';

/** Where and how to reach the model, and what to do when it fails. */
export interface OpenAICompatibleConfig {
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Deadline for the whole exchange (connect, answer, body). */
  timeoutMs: number;
  /** Used when the model fails; defaults to the rules classifier. */
  fallback?: WorkArrangementClassifier;
  /** Called with the reason whenever the fallback produced the value. */
  onFallback?: (reason: string) => void;
}

/** Longest description excerpt sent to the model; arrangement cues sit early or in a "Location" section. */
const MAX_DESCRIPTION_CHARS = 6000;
/** Used when the model gives no usable confidence; self-reported confidence is capped below 1. */
const DEFAULT_MODEL_CONFIDENCE = 0.8;
const MAX_MODEL_CONFIDENCE = 0.95;

/** The instruction: JSON only, the four values, and no guessing. */
export const SYSTEM_PROMPT = [
  'You classify the work arrangement of one job posting.',
  'Answer with one JSON object and nothing else: {"work_arrangement": "<value>", "confidence": <number from 0 to 1>}.',
  'Values: "remote" (the job can be done entirely away from an office), "hybrid" (part of the week in an office),',
  '"on_site" (at the workplace every working day), "unknown" (the posting does not say).',
  'Company-wide policy text that lists several options does not decide the job. Do not guess: prefer "unknown".',
].join(' ');

/** Classifies with a language model and falls back to rules on any failure. */
export class OpenAICompatibleWorkArrangementClassifier implements WorkArrangementClassifier {
  private readonly fallback: WorkArrangementClassifier;

  constructor(private readonly config: OpenAICompatibleConfig) {
    this.fallback = config.fallback ?? new RulesWorkArrangementClassifier();
  }

  /** Asks the model; on any failure returns the fallback's result (source 'rules'). */
  async classify(input: EnrichInput): Promise<WorkArrangementResult> {
    try {
      return await this.askModel(input);
    } catch (error) {
      this.config.onFallback?.(error instanceof Error ? error.message : String(error));
      return this.fallback.classify(input);
    }
  }

  private async askModel(input: EnrichInput): Promise<WorkArrangementResult> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.config.apiKey}`,
      },
      body: JSON.stringify(buildChatRequest(this.config.model, input)),
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    if (!response.ok) throw new Error(`model endpoint answered HTTP ${response.status}`);
    const body: unknown = await response.json();
    return parseChatAnswer(body);
  }
}

/** The chat-completions request body for one posting. */
export function buildChatRequest(model: string, input: EnrichInput): Record<string, unknown> {
  const { posting } = input;
  const facts = {
    title: input.title,
    organization: input.organization,
    workplace_type: posting.workplaceType ?? null,
    remote_flag: posting.remote ?? null,
    locations: posting.locations.map(
      (l) => l.text ?? [l.city, l.region, l.country].filter(Boolean).join(', '),
    ),
    description: descriptionOf(input).slice(0, MAX_DESCRIPTION_CHARS),
  };
  return {
    model,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: JSON.stringify(facts) },
    ],
  };
}

/** Parses a chat-completions response strictly; throws on anything but the agreed JSON answer. */
export function parseChatAnswer(body: unknown): WorkArrangementResult {
  const content = messageContent(body);
  let answer: unknown;
  try {
    answer = JSON.parse(content);
  } catch {
    throw new Error('model answer is not JSON');
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw new Error('model answer is not a JSON object');
  const { work_arrangement: value, confidence } = answer as Record<string, unknown>;
  if (!isWorkArrangement(value))
    throw new Error(`model answered an unknown work arrangement: ${JSON.stringify(value)}`);
  return { value, source: 'language_model', confidence: modelConfidence(confidence) };
}

function messageContent(body: unknown): string {
  if (typeof body !== 'object' || body === null) throw new Error('response body is not an object');
  const choices = (body as Record<string, unknown>).choices;
  if (!Array.isArray(choices) || choices.length === 0) throw new Error('response has no choices');
  const first: unknown = choices[0];
  if (typeof first !== 'object' || first === null) throw new Error('choice is not an object');
  const message = (first as Record<string, unknown>).message;
  if (typeof message !== 'object' || message === null) throw new Error('choice has no message');
  const content = (message as Record<string, unknown>).content;
  if (typeof content !== 'string') throw new Error('message has no text content');
  return content.trim();
}

function isWorkArrangement(value: unknown): value is WorkArrangement {
  return typeof value === 'string' && (WORK_ARRANGEMENTS as readonly string[]).includes(value);
}

function modelConfidence(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
    return DEFAULT_MODEL_CONFIDENCE;
  return Math.min(value, MAX_MODEL_CONFIDENCE);
}
