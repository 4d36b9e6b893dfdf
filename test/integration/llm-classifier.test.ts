import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { enrich } from '../../src/ingest/enrich/index.js';
import {
  OpenAICompatibleWorkArrangementClassifier,
  type OpenAICompatibleConfig,
} from '../../src/ingest/enrich/llm-classifier.js';
import type { EnrichInput } from '../../src/ingest/types.js';

interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Handler = (request: Recorded, response: ServerResponse) => void;

/** A tiny OpenAI-compatible endpoint on 127.0.0.1 whose answer each test chooses. */
class FakeModelServer {
  readonly requests: Recorded[] = [];
  handler: Handler = (_, response) => response.end();
  private server: Server | undefined;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const recorded: Recorded = {
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: text === '' ? undefined : (JSON.parse(text) as unknown),
        };
        this.requests.push(recorded);
        this.handler(recorded, res);
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${String(port)}/v1`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }
}

function answer(content: string): Handler {
  return (_, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    );
  };
}

// A real fixture posting (Gem): the rules read "hybrid" from its native location_type.
const posting: EnrichInput = {
  title: 'Software Engineer',
  organization: 'Gem',
  descriptionText:
    'Role Details\nLocation: This role is based 3 days per week out of our San Francisco, HQ and is not eligible for full-time remote work.',
  posting: {
    nativeId: '4965519002',
    title: 'Software Engineer',
    url: 'https://jobs.gem.com/gem/4965519002',
    sourceEndpoint: 'https://api.gem.com/job_board/v0/gem/job_posts',
    locations: [{ text: 'San Francisco, United States' }],
    workplaceType: 'hybrid',
    employmentTypes: ['full_time'],
  },
};

describe('OpenAI-compatible work-arrangement classifier against a local model server', function () {
  this.timeout(10_000);
  const server = new FakeModelServer();
  const fallbacks: string[] = [];

  function classifier(
    overrides: Partial<OpenAICompatibleConfig> = {},
  ): OpenAICompatibleWorkArrangementClassifier {
    return new OpenAICompatibleWorkArrangementClassifier({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs: 2_000,
      onFallback: (reason) => fallbacks.push(reason),
      ...overrides,
    });
  }

  before(async () => {
    await server.start();
  });
  after(async () => {
    await server.stop();
  });
  beforeEach(() => {
    server.requests.length = 0;
    fallbacks.length = 0;
  });

  it('POSTs a JSON-only chat-completions request to {baseUrl}/chat/completions', async () => {
    server.handler = answer('{"work_arrangement":"hybrid","confidence":0.9}');
    await classifier().classify(posting);
    expect(server.requests).to.have.length(1);
    const [request] = server.requests;
    expect(request?.method).to.equal('POST');
    expect(request?.url).to.equal('/v1/chat/completions');
    expect(request?.headers.authorization).to.equal('Bearer sk-test');
    expect(request?.headers['content-type']).to.match(/^application\/json/);
    const body = request?.body as {
      model: string;
      temperature: number;
      response_format: unknown;
      messages: { role: string; content: string }[];
    };
    expect(body.model).to.equal('test-model');
    expect(body.temperature).to.equal(0);
    expect(body.response_format).to.deep.equal({ type: 'json_object' });
    expect(body.messages.map((m) => m.role)).to.deep.equal(['system', 'user']);
    expect(body.messages[0]?.content).to.match(/JSON/);
    expect(JSON.parse(body.messages[1]?.content ?? '{}')).to.deep.include({
      title: 'Software Engineer',
      workplace_type: 'hybrid',
    });
  });

  it('returns the model answer as language_model', async () => {
    server.handler = answer('{"work_arrangement":"remote","confidence":0.73}');
    expect(await classifier().classify(posting)).to.deep.equal({
      value: 'remote',
      source: 'language_model',
      confidence: 0.73,
    });
    expect(fallbacks).to.deep.equal([]);
  });

  it('falls back to the rules on a malformed answer, and the derivation says rules', async () => {
    server.handler = answer('The job is hybrid.');
    const result = await enrich(posting, { workArrangement: classifier() });
    expect(result.ai_work_arrangement).to.equal('hybrid');
    expect(result.derivations.ai_work_arrangement?.source).to.equal('rules');
    expect(fallbacks).to.have.length(1);
    expect(fallbacks[0]).to.match(/not JSON/);
  });

  it('falls back on a value outside the four', async () => {
    server.handler = answer('{"work_arrangement":"flexible"}');
    expect((await classifier().classify(posting)).source).to.equal('rules');
  });

  it('falls back on an HTTP error', async () => {
    server.handler = (_, res) => {
      res.statusCode = 429;
      res.end('{"error":{"message":"rate limited"}}');
    };
    expect(await classifier().classify(posting)).to.deep.equal({
      value: 'hybrid',
      source: 'rules',
      confidence: 0.95,
    });
    expect(fallbacks[0]).to.match(/HTTP 429/);
  });

  it('falls back when the model does not answer before the deadline', async () => {
    let timer: NodeJS.Timeout | undefined;
    server.handler = (_, res) => {
      timer = setTimeout(() => {
        answer('{"work_arrangement":"remote"}')(_, res);
      }, 3_000);
    };
    const started = Date.now();
    const result = await classifier({ timeoutMs: 200 }).classify(posting);
    const elapsed = Date.now() - started;
    clearTimeout(timer);
    expect(result.source).to.equal('rules');
    expect(result.value).to.equal('hybrid');
    expect(elapsed).to.be.lessThan(1_500);
    expect(fallbacks).to.have.length(1);
  });

  it('falls back when nothing listens', async () => {
    const result = await classifier({ baseUrl: 'http://127.0.0.1:1/v1' }).classify(posting);
    expect(result.source).to.equal('rules');
  });
});
