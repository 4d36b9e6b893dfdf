/**
 * @jlds/client: a typed client of the Job Listings Data API. Types come from the generated
 * `schema.ts` (the contract itself); requests go through openapi-fetch.
 */
export {
  createClient,
  walkPages,
  type ActiveFeedCount,
  type ActiveFeedCountQuery,
  type ActiveFeedPage,
  type ActiveFeedQuery,
  type ChangeEvent,
  type ChangeFeedPage,
  type ChangeFeedQuery,
  type ClientOptions,
  type Company,
  type CompanyList,
  type CompanyQuery,
  type JldsClient,
  type Job,
  type JobList,
  type PageOptions,
  type RawClient,
  type RequestOptions,
  type SearchQuery,
} from './client.js';
export {
  ChangeFeedExpiredError,
  isProblem,
  parseRetryAfter,
  ProblemError,
  problemFromResponse,
  readProblem,
  type ProblemDocument,
  type ValidationErrorItem,
} from './problem.js';
export {
  activeFeedFileStore,
  consumeActiveFeed,
  nextPosition,
  type ActiveFeedFilters,
  type ActiveFeedOptions,
  type ActiveFeedPosition,
  type ActiveFeedRun,
} from './active-feed.js';
export {
  changeFeedFileStore,
  consumeChangeFeed,
  type ChangeFeedOptions,
  type ChangeFeedRun,
} from './change-feed.js';
export { FileStore, MemoryStore, type PositionStore } from './store.js';
export {
  createTransport,
  type FetchLike,
  type RetryEvent,
  type RetryOptions,
  type TransportOptions,
} from './transport.js';
export type { components, operations, paths } from './schema.js';
