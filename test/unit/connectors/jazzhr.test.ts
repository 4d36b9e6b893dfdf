/**
 * JazzHR: the board page and a job page of one real board (Paradromics, each reduced by its
 * recorder: test/fixtures/ats/jazzhr/SOURCES.md), byte for byte; the embedded board layout from an
 * excerpt transcribed from a public recording; empty boards constructed (none is recorded), and
 * said so in the test names.
 */
import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import {
  jazzHrConnector,
  parseJazzHrBoard,
  parseJazzHrPosting,
  readJazzHrJobPage,
} from '../../../src/ingest/connectors/jazzhr.js';
import { jobPostingOf } from '../../../src/ingest/connectors/json-ld.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { SOURCES } from '../../support/source-registry.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'jazzhr', slug: 'paradromicsinc' };
const BOARD_URL = 'https://paradromicsinc.applytojob.com/apply';
const JOB_PATH = '/apply/ujxQN2lhPz/Field-Clinical-SpecialistEngineer';
const BOARD_PAGE = 'jazzhr/paradromicsinc-apply-board-reduced-1.html';
const JOB_PAGE = 'jazzhr/paradromicsinc-job-page-jsonld-reduced.html';

/**
 * TRANSCRIBED EXCERPT, not a file: the job table of RestoPros' embedded board page
 * (`restopros.applytojob.com/apply/jobs`), as recorded in sarthakjain004/headstart
 * tests/fixtures/jazzhr_restopros_listing.html @ c2372215f7daa26a67279b1dc0d757c82246698b (the 80 KB
 * of scripts before it left out), two of its four rows.
 */
const EMBEDDED_EXCERPT = `<div id="job_listings">
        <!-- Desktop layout -->
\t\t<table id="jobs_table" class="menu_table">
\t\t\t<tbody>
\t\t\t\t<tr>
\t\t\t\t\t<th class="resumator_th_position">Position</th>
\t\t\t\t\t<th class="resumator_th_location" width="35%">Location</th>
\t\t\t\t</tr>
\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t<tr id="row_job_20260424221125_6YYRYRQIVLVI5LND" class="resumator_even_row">
\t\t\t\t\t<td>
\t\t\t\t\t\t<a class="job_title_link" href="/apply/jobs/details/oVX1rAxJJi?&">Business Development Manager</a>
\t\t\t\t\t\t\t\t\t\t\t\t\t<br /><span class="resumator_department">Marketing and Sales</span>
\t\t\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t<td>
\t\t\t\t\t\tSummerville, SC\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t\t\t\t\t\t\t\t\t<tr id="row_job_20250708154422_NOMCHZQNWWYIEEVY" class="resumator_even_row">
\t\t\t\t\t<td>
\t\t\t\t\t\t<a class="job_title_link" href="/apply/jobs/details/GND7KJZXrp?&">Water Mitigation Project Manager</a>
\t\t\t\t\t\t\t\t\t\t\t\t\t<br /><span class="resumator_department"></span>
\t\t\t\t\t\t\t\t\t\t\t</td>
\t\t\t\t\t<td>
\t\t\t\t\t\tCharlotte, NC\t\t\t\t\t</td>
\t\t\t\t</tr>
\t\t\t\t\t\t\t\t\t\t\t</tbody>
\t\t</table>
        <div id="jobs_column" class="mt15">
                <div id="row_job_20260424221125_6YYRYRQIVLVI5LND" class="jobs_row">
                    <div>
                        <a class="job_title_link" href="/apply/jobs/details/oVX1rAxJJi?&">Business Development Manager</a>
                    </div>
                </div>
        </div>
</div>`;

describe('jazzhr connector', () => {
  it('reads the board page, then each job page’s JSON-LD (real recordings of one board)', async () => {
    const http = new FakeHttp()
      .on(BOARD_URL, ok(BOARD_PAGE))
      .on(`https://paradromicsinc.applytojob.com${JOB_PATH}`, ok(JOB_PAGE));
    const result = await jazzHrConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([BOARD_URL, `https://paradromicsinc.applytojob.com${JOB_PATH}`]);
    expect(result.endpoint).to.equal(BOARD_URL);
    expect(result.postings).to.have.length(1);
    const [job] = result.postings;
    expect(job).to.deep.include({
      nativeId: 'ujxQN2lhPz',
      title: 'Field Clinical Specialist/Engineer',
      url: `https://paradromicsinc.applytojob.com${JOB_PATH}`,
      sourceEndpoint: `https://paradromicsinc.applytojob.com${JOB_PATH}`,
      locations: [{ city: 'Austin', region: 'TX' }],
      postedAt: '2026-09-08T00:00:00.000Z',
      validThrough: '2026-12-07T00:00:00.000Z',
      employmentTypes: ['FULL_TIME'],
      experience: 'Mid Level',
      requisitionId: 'job_20260908220714_YFYYNMTJPTVTCVME',
    });
    expect(job?.descriptionHtml).to.match(/^Field Clinical Engineer<br><br>About Paradromics/);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('keeps the board’s row when its job page is gone, or names another job', async () => {
    const gone = await jazzHrConnector.crawl(
      BOARD,
      new FakeHttp()
        .on(BOARD_URL, ok(BOARD_PAGE))
        .on(`https://paradromicsinc.applytojob.com${JOB_PATH}`, status(404)),
    );
    expect(gone.postings).to.deep.equal([
      {
        nativeId: 'ujxQN2lhPz',
        title: 'Field Clinical Specialist/Engineer',
        url: `https://paradromicsinc.applytojob.com${JOB_PATH}`,
        sourceEndpoint: BOARD_URL,
        locations: [{ text: 'Austin, TX' }],
      },
    ]);
    const other = await jazzHrConnector.crawl(
      BOARD,
      new FakeHttp().on(BOARD_URL, ok(BOARD_PAGE)).on(`https://paradromicsinc.applytojob.com${JOB_PATH}`, {
        text: '<script type="application/ld+json">{"@type":"JobPosting","title":"Other","url":"https://paradromicsinc.applytojob.com/apply/AAAAAAAAAA/Other"}</script>',
      }),
    );
    expect(other.postings[0]).to.deep.include({
      title: 'Field Clinical Specialist/Engineer',
      sourceEndpoint: BOARD_URL,
    });
  });

  it('reads a job page without JSON-LD from its markup: description, type, experience (recorded RestoPros page, responsive theme)', async () => {
    const restopros: BoardRef = { source: 'jazzhr', slug: 'restopros' };
    const base = 'https://restopros.applytojob.com';
    const http = new FakeHttp()
      .on(`${base}/apply`, { text: EMBEDDED_EXCERPT })
      .on(`${base}/apply/jobs/details/oVX1rAxJJi`, ok('jazzhr/restopros-job-page-responsive-excerpt.html'))
      .on(`${base}/apply/jobs/details/GND7KJZXrp`, status(404));
    const [manager, gone] = (await jazzHrConnector.crawl(restopros, http)).postings;
    expect(manager).to.deep.include({
      nativeId: 'oVX1rAxJJi',
      sourceEndpoint: `${base}/apply/jobs/details/oVX1rAxJJi`,
      locations: [{ text: 'Summerville, SC' }],
      department: 'Marketing and Sales',
      employmentTypes: ['Full Time'],
      experience: 'Experienced',
    });
    expect(manager?.descriptionHtml).to.match(
      /^<h2><strong>Business Development Manager \(Restoration &amp; Construction Services\)<\/strong><\/h2><p>/,
    );
    expect(manager?.descriptionHtml).to.match(/turn relationships into revenue\.<\/p>$/);
    expect(gone)
      .to.deep.include({ sourceEndpoint: `${base}/apply` })
      .and.not.have.property('descriptionHtml');
    // The same page answering for another job names oVX1rAxJJi in its body class: not that job's.
    const other = new FakeHttp()
      .on(`${base}/apply`, { text: EMBEDDED_EXCERPT })
      .on(`${base}/apply/jobs/details/oVX1rAxJJi`, status(404))
      .on(`${base}/apply/jobs/details/GND7KJZXrp`, ok('jazzhr/restopros-job-page-responsive-excerpt.html'));
    const [, mitigation] = (await jazzHrConnector.crawl(restopros, other)).postings;
    expect(mitigation)
      .to.deep.include({ sourceEndpoint: `${base}/apply` })
      .and.not.have.property('descriptionHtml');
  });

  it('reads the classic theme (labels in <strong>) and a custom one (#resumator-job-type) (excerpts of live pages)', () => {
    expect(readJazzHrJobPage(fixture('jazzhr/geonetric-job-page-classic-excerpt.html'))).to.deep.equal({
      descriptionHtml: '<p>Owns the day-to-day accounting function.</p>',
      employment: 'Full Time',
      experience: 'Experienced',
      location: 'Cedar Rapids, IA',
    });
    expect(readJazzHrJobPage(fixture('jazzhr/selectra-job-page-custom-excerpt.html'))).to.deep.equal({
      descriptionHtml: '<p>Importa la actitud.</p>',
      employment: 'Full Time',
      experience: 'Entry Level',
      location: 'Malaga, Spain',
    });
    expect(readJazzHrJobPage(fixture(JOB_PAGE))).to.deep.equal({});
  });

  it("prefers the markup's words to the JSON-LD's enum, and keeps the JSON-LD's dates and code (recorded pieces combined)", async () => {
    const page = fixture(JOB_PAGE) + fixture('jazzhr/geonetric-job-page-classic-excerpt.html');
    const http = new FakeHttp()
      .on(BOARD_URL, ok(BOARD_PAGE))
      .on(`https://paradromicsinc.applytojob.com${JOB_PATH}`, { text: page });
    const [job] = (await jazzHrConnector.crawl(BOARD, http)).postings;
    expect(job).to.deep.include({
      employmentTypes: ['Full Time'],
      experience: 'Experienced',
      descriptionHtml: '<p>Owns the day-to-day accounting function.</p>',
      postedAt: '2026-09-08T00:00:00.000Z',
      requisitionId: 'job_20260908220714_YFYYNMTJPTVTCVME',
      locations: [{ city: 'Austin', region: 'TX' }],
    });
  });

  it('reads the pay a JSON-LD publishes (an excerpt of a live page)', () => {
    const ld = jobPostingOf(fixture('jazzhr/greenpaws-job-page-jsonld-excerpt.html'));
    const row = {
      code: 'F4b7cYPehS',
      title: 'Dog Walker and Pet Sitter',
      url: 'https://greenpaws.applytojob.com/apply/F4b7cYPehS/Dog-Walker-And-Pet-Sitter',
      path: '/apply/F4b7cYPehS/Dog-Walker-And-Pet-Sitter',
    };
    expect(parseJazzHrPosting(row, ld, row.url)).to.deep.include({
      salary: { min: 30000, max: 40000, currency: 'USD', periodRaw: 'YEAR' },
      postedAt: '2026-08-31T00:00:00.000Z',
      requisitionId: 'job_20260831210058_4MTOW1XEUOSLTLYI',
    });
  });

  it('reads the embedded board layout: table rows, department, place (a transcribed excerpt of a public recording)', () => {
    const { rows } = parseJazzHrBoard(
      EMBEDDED_EXCERPT,
      'https://restopros.applytojob.com/apply',
      'https://restopros.applytojob.com',
    );
    expect(rows).to.deep.equal([
      {
        code: 'oVX1rAxJJi',
        title: 'Business Development Manager',
        url: 'https://restopros.applytojob.com/apply/jobs/details/oVX1rAxJJi?&',
        path: '/apply/jobs/details/oVX1rAxJJi',
        locationText: 'Summerville, SC',
        department: 'Marketing and Sales',
      },
      {
        code: 'GND7KJZXrp',
        title: 'Water Mitigation Project Manager',
        url: 'https://restopros.applytojob.com/apply/jobs/details/GND7KJZXrp?&',
        path: '/apply/jobs/details/GND7KJZXrp',
        locationText: 'Charlotte, NC',
      },
    ]);
  });

  it('reads a board that says no job is open as empty, and a page without job links as a changed shape (constructed)', async () => {
    const empty = await jazzHrConnector.crawl(
      BOARD,
      new FakeHttp().on(BOARD_URL, {
        text: '<!DOCTYPE html><html><body><ul class="list-group"></ul><p>There are no current openings.</p></body></html>',
      }),
    );
    expect(empty.postings).to.deep.equal([]);
    for (const text of [
      '<!DOCTYPE html><html><body><ul class="list-group"></ul></body></html>',
      // Words in a script are not the page saying the board is empty.
      '<!DOCTYPE html><html><head><script>var msg = "No jobs found";</script></head><body><ul class="list-group"></ul></body></html>',
      '<!DOCTYPE html><html><body><ul class="list-group"><li class="list-group-item"><a href="/careers/1">A job</a></li></ul></body></html>',
    ]) {
      const error = await jazzHrConnector
        .crawl(BOARD, new FakeHttp().on(BOARD_URL, { text }))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
    // JazzHR's keyed REST API answer (recorded) is not a board page.
    const api = await jazzHrConnector
      .crawl(BOARD, new FakeHttp().on(BOARD_URL, ok('jazzhr/jobs-list-2-jobs.json')))
      .catch((e: unknown) => e);
    expect(api).to.be.instanceOf(UnexpectedResponseError);
  });

  it('reports 404 as BoardNotFoundError, honours the override for the job pages too, and is verified', async () => {
    const error = await jazzHrConnector
      .crawl(BOARD, new FakeHttp().on(BOARD_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    const base = 'http://127.0.0.1:4010/demo/jazzhr/3';
    const http = new FakeHttp().on(`${base}/apply`, ok(BOARD_PAGE)).on(`${base}${JOB_PATH}`, ok(JOB_PAGE));
    const result = await jazzHrConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.postings[0]).to.deep.include({
      url: `https://paradromicsinc.applytojob.com${JOB_PATH}`,
      sourceEndpoint: `${base}${JOB_PATH}`,
    });
    expect(SOURCES.get('jazzhr')).to.deep.include({ crawled: true, verified: true });
  });
});
