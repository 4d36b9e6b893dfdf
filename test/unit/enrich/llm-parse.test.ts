import { expect } from 'chai';
import {
  buildChatRequest,
  parseChatAnswer,
  SYSTEM_PROMPT,
} from '../../../src/ingest/enrich/llm-classifier.js';
import { input } from './helpers.js';

function completion(content: unknown): unknown {
  return {
    id: 'x',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content } }],
  };
}

describe('OpenAI-compatible classifier: request and strict answer parsing', () => {
  it('builds a JSON-only chat request with the posting facts', () => {
    const body = buildChatRequest(
      'm',
      input('Engineer', 'x'.repeat(10_000), { workplaceType: 'hybrid', locations: [{ text: 'US Remote' }] }),
    );
    expect(body).to.deep.include({ model: 'm', temperature: 0, response_format: { type: 'json_object' } });
    const messages = body.messages as { role: string; content: string }[];
    expect(messages[0]).to.deep.equal({ role: 'system', content: SYSTEM_PROMPT });
    const facts = JSON.parse(messages[1]?.content ?? '{}') as Record<string, unknown>;
    expect(facts).to.deep.include({ title: 'Engineer', workplace_type: 'hybrid', locations: ['US Remote'] });
    expect((facts.description as string).length).to.equal(6000);
  });

  it('accepts exactly the agreed answer', () => {
    expect(parseChatAnswer(completion('{"work_arrangement": "hybrid", "confidence": 0.82}'))).to.deep.equal({
      value: 'hybrid',
      source: 'language_model',
      confidence: 0.82,
    });
    expect(parseChatAnswer(completion(' {"work_arrangement":"unknown"} ')).confidence).to.equal(0.8);
    expect(parseChatAnswer(completion('{"work_arrangement":"remote","confidence":1}')).confidence).to.equal(
      0.95,
    );
  });

  it('rejects everything else', () => {
    const bad: unknown[] = [
      completion('remote'),
      completion('```json\n{"work_arrangement":"remote"}\n```'),
      completion('{"work_arrangement":"Remote"}'),
      completion('{"work_arrangement":"onsite"}'),
      completion('["remote"]'),
      completion(null),
      { choices: [] },
      { error: { message: 'rate limited' } },
      'not an object',
    ];
    for (const body of bad) expect(() => parseChatAnswer(body), JSON.stringify(body)).to.throw();
  });
});
