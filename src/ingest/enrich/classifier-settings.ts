/** The work-arrangement classifier from plain settings (they cross thread boundaries). */
import { OpenAICompatibleWorkArrangementClassifier } from './llm-classifier.js';
import { RulesWorkArrangementClassifier, type WorkArrangementClassifier } from './work-arrangement.js';

export interface ClassifierSettings {
  llm?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
}

/** A language model when configured, deterministic rules otherwise. */
export function workArrangementClassifierFor(
  settings: ClassifierSettings,
  onFallback?: (reason: string) => void,
): WorkArrangementClassifier {
  if (settings.llm === undefined) return new RulesWorkArrangementClassifier();
  return new OpenAICompatibleWorkArrangementClassifier({
    ...settings.llm,
    ...(onFallback === undefined ? {} : { onFallback }),
  });
}
