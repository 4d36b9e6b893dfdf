import { expect } from 'chai';
import {
  accessibleSvg,
  barSpec,
  describeBars,
  groupedBarSpec,
  renderChart,
} from '../../../src/pages/reports/charts.js';
import { readPage } from '../../support/report-pages.js';

describe('report pages: charts', function () {
  // The first chart of a process warms Vega's parser up.
  this.timeout(20_000);

  it('makes the SVG one image labelled by its escaped title and description, with ids of its own', () => {
    const svg = accessibleSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10"><clipPath id="clip1"/><g clip-path="url(#clip1)"/></svg>',
      { id: 'chart by-source', title: 'Volume <by> ATS', description: 'A & B' },
    );
    expect(svg).to.equal(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" role="img" aria-labelledby="chart-by-source-title chart-by-source-desc" focusable="false">' +
        '<title id="chart-by-source-title">Volume &lt;by&gt; ATS</title><desc id="chart-by-source-desc">A &amp; B</desc>' +
        '<clipPath id="chart-by-source-clip1"/><g clip-path="url(#chart-by-source-clip1)"/></svg>',
    );
    expect(() => accessibleSvg('<div/>', { id: 'x', title: 't', description: 'd' })).to.throw(/svg/);
  });

  it('renders a bar chart as inline SVG on the server, labels escaped, no inline style', async () => {
    const bars = [
      { category: 'greenhouse', value: 40 },
      { category: '<script>alert(1)</script>', value: 3 },
    ];
    const html = (
      await renderChart(barSpec(bars, { valueTitle: 'Open jobs' }), {
        id: 'chart-test',
        title: 'Open jobs by source',
        description: describeBars('Bar chart', bars, String),
      })
    ).html;
    expect(html.startsWith('<figure class="chart" data-chart="chart-test"><svg')).to.equal(true);
    expect(html).not.to.include('<script');
    expect(html).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The Content-Security-Policy allows no inline style: Vega writes presentation attributes.
    expect(html).not.to.match(/\sstyle=|<style/);
    const [chart] = readPage(html).charts;
    expect(chart).to.deep.include({
      id: 'chart-test',
      role: 'img',
      labelledBy: 'chart-test-title chart-test-desc',
      title: 'Open jobs by source',
      description:
        'Bar chart: greenhouse 40, <script>alert(1)</script> 3. The table below lists every value.',
    });
    expect(chart?.text).to.include('greenhouse');
    expect(chart?.text).to.include('Open jobs');
  });

  it('renders grouped bars with a legend of the series in the order given', async () => {
    const html = (
      await renderChart(
        groupedBarSpec(
          [
            { category: 'engineering', series: 'First observed', value: 12 },
            { category: 'engineering', series: 'Closed', value: 4 },
          ],
          ['First observed', 'Closed'],
          { valueTitle: 'Postings' },
        ),
        { id: 'g', title: 'Grouped', description: 'd' },
      )
    ).html;
    const text = readPage(html).charts[0]?.text ?? '';
    expect(text.indexOf('First observed')).to.be.greaterThan(-1);
    expect(text.indexOf('First observed')).to.be.lessThan(text.indexOf('Closed'));
  });

  it('describes the largest values, saying how many it left to the table', () => {
    const bars = Array.from({ length: 8 }, (_, index) => ({ category: `s${String(index)}`, value: index }));
    expect(describeBars('Chart', bars, (v) => `${String(v)} jobs`, 2)).to.equal(
      'Chart (largest 2 of 8): s7 7 jobs, s6 6 jobs. The table below lists every value.',
    );
    expect(describeBars('Chart', [], String)).to.equal('Chart: no values.');
  });
});
