/**
 * The connector registry: source code → Connector, for every source we crawl. A source listed in
 * `SOURCES` (test/support/source-registry.ts) without an entry here is registered but not crawled; the
 * `crawled` flag there must agree with this map (a unit test holds them together).
 *
 * JazzHR is deliberately absent: the only payloads we hold come from its authenticated API
 * (`api.resumatorapi.com`, needs the employer's API key), and its public surfaces (the
 * applytojob.com HTML/JSON-LD pages and the `app.jazz.co` XML feed) have no recorded payload to
 * build and test a parser against.
 */
import type { Clock } from '../../lib/clock.js';
import type { Connector } from '../types.js';
import { ashbyConnector } from './ashby.js';
import { bambooHrConnector } from './bamboohr.js';
import { breezyConnector } from './breezy.js';
import { comeetConnector } from './comeet.js';
import { gemConnector } from './gem.js';
import { greenhouseConnector } from './greenhouse.js';
import { icimsConnector } from './icims.js';
import { leverConnector } from './lever.js';
import { oracleCloudConnector } from './oracle-cloud.js';
import { personioConnector } from './personio.js';
import { pinpointConnector } from './pinpoint.js';
import { recruiteeConnector } from './recruitee.js';
import { ripplingConnector } from './rippling.js';
import { smartRecruitersConnector } from './smartrecruiters.js';
import { successFactorsConnector } from './successfactors.js';
import { teamtailorConnector } from './teamtailor.js';
import { workableConnector } from './workable.js';
import { createWorkdayConnector } from './workday.js';

/** Options shared by the connectors that need them. */
export interface ConnectorOptions {
  /** Clock for sources that publish relative dates (Workday); the system clock by default. */
  clock?: Clock;
}

/** Builds the registry; pass a clock to pin "now" for relative dates. */
export function createConnectors(options: ConnectorOptions = {}): ReadonlyMap<string, Connector> {
  const connectors: Connector[] = [
    greenhouseConnector,
    leverConnector,
    ashbyConnector,
    createWorkdayConnector(options.clock === undefined ? {} : { clock: options.clock }),
    smartRecruitersConnector,
    workableConnector,
    recruiteeConnector,
    personioConnector,
    bambooHrConnector,
    teamtailorConnector,
    breezyConnector,
    icimsConnector,
    successFactorsConnector,
    oracleCloudConnector,
    ripplingConnector,
    pinpointConnector,
    gemConnector,
    comeetConnector,
  ];
  return new Map(connectors.map((connector) => [connector.source, connector]));
}

/** Every crawled source's connector, on the system clock. */
export const CONNECTORS: ReadonlyMap<string, Connector> = createConnectors();
