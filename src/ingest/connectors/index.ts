/**
 * The connector registry: source code → Connector, for every source we crawl. A source listed in
 * `SOURCES` (test/support/source-registry.ts) without an entry here is registered but not crawled; the
 * `crawled` flag there must agree with this map (a unit test holds them together).
 *
 * Every connector reads an endpoint we hold real recordings of (JazzHR: its board and job pages).
 * Kula and Taleo are read from recorded page excerpts (see their headers for what the excerpts
 * leave unknown).
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
import { adpConnector } from './adp.js';
import { avatureConnector } from './avature.js';
import { clearCompanyConnector } from './clearcompany.js';
import { cornerstoneConnector } from './cornerstone.js';
import { darwinboxConnector } from './darwinbox.js';
import { dayforceConnector } from './dayforce.js';
import { eightfoldConnector } from './eightfold.js';
import { jobScoreConnector } from './jobscore.js';
import { jobviteConnector } from './jobvite.js';
import { joinConnector } from './join.js';
import { jazzHrConnector } from './jazzhr.js';
import { kulaConnector } from './kula.js';
import { manatalConnector } from './manatal.js';
import { pageUpConnector } from './pageup.js';
import { paylocityConnector } from './paylocity.js';
import { phenomConnector } from './phenom.js';
import { polymerConnector } from './polymer.js';
import { senseHqConnector } from './sensehq.js';
import { taleoConnector } from './taleo.js';
import { trakstarConnector } from './trakstar.js';
import { zohoRecruitConnector } from './zoho-recruit.js';

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
    adpConnector,
    avatureConnector,
    clearCompanyConnector,
    cornerstoneConnector,
    darwinboxConnector,
    dayforceConnector,
    eightfoldConnector,
    jobScoreConnector,
    jobviteConnector,
    joinConnector,
    manatalConnector,
    pageUpConnector,
    paylocityConnector,
    phenomConnector,
    polymerConnector,
    senseHqConnector,
    trakstarConnector,
    zohoRecruitConnector,
    jazzHrConnector,
    kulaConnector,
    taleoConnector,
  ];
  return new Map(connectors.map((connector) => [connector.source, connector]));
}

/** Every crawled source's connector, on the system clock. */
export const CONNECTORS: ReadonlyMap<string, Connector> = createConnectors();
