import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parseAshbyJob } from '../../../src/ingest/connectors/ashby.js';
import { parseGreenhouseJob } from '../../../src/ingest/connectors/greenhouse.js';
import { descriptionOf } from '../../../src/ingest/normalize/job.js';
import { resolveCurrency } from '../../../src/ingest/enrich/currency.js';
import { deriveSalary, validSalary } from '../../../src/ingest/enrich/salary.js';
import {
  mapSalaryPeriod,
  parseAmount,
  parseSalaryFromDescription,
  parseSalaryString,
} from '../../../src/ingest/enrich/salary-text.js';
import { input } from './helpers.js';

/** The description of one job of a recorded Greenhouse list of the labelled set (train boards). */
function recordedDescription(file: string, id: string): string {
  const text = readFileSync(`test/fixtures/labelled/wave2/raw/greenhouse/${file}`, 'utf8');
  const job = (JSON.parse(text) as { jobs: unknown[] }).jobs.find(
    (item) => typeof item === 'object' && item !== null && 'id' in item && String(item.id) === id,
  );
  const posting = parseGreenhouseJob(job, 'list');
  return posting === undefined ? '' : (descriptionOf(posting) ?? '');
}

describe('salary', () => {
  describe('in recorded descriptions', () => {
    it('reads the amounts on the line after a pay heading ("Annual Salary:" then "$215,000—$300,000 USD")', () => {
      const text = recordedDescription('AwonAziz__cleanjobfunnel__greenhouse_jobs.json', '5391151008');
      expect(text).to.include('Annual Salary:\n$215,000—$300,000 USD');
      expect(parseSalaryFromDescription(text, ['US'])).to.deep.include({
        min: 215_000,
        max: 300_000,
        currency: 'USD',
      });
    });

    it('takes a money-bag emoji for pay context ("💰 £42,500 - £55,000")', () => {
      const text = recordedDescription('VishalSaravanan02__joborbit__greenhouse.json', '8143930');
      expect(text).to.include('💰 £42,500 - £55,000');
      expect(parseSalaryFromDescription(text, ['GB'])).to.deep.include({
        min: 42_500,
        max: 55_000,
        currency: 'GBP',
      });
    });
  });

  describe('in recorded European descriptions (Ashby boards of the labelled set)', () => {
    /** The description of one job of a recorded Ashby board. */
    function ashbyDescription(file: string, id: string): string {
      const text = readFileSync(`test/fixtures/labelled/wave2/raw/ashby/${file}`, 'utf8');
      const job = (JSON.parse(text) as { jobs: unknown[] }).jobs.find(
        (item) => typeof item === 'object' && item !== null && 'id' in item && item.id === id,
      );
      const posting = parseAshbyJob(job, 'labelled-set');
      return posting === undefined ? '' : (descriptionOf(posting) ?? '');
    }

    it('reads a German yearly salary ("Jahresgehalt: ca. 34.500€") and an Italian RAL floor', () => {
      const kiel = ashbyDescription(
        'stapply-ai__ats-scrapers__roadsurfer.com.json',
        '001ada19-d8c3-4681-b50a-4d7205f24f50',
      );
      expect(kiel).to.include('Jahresgehalt: ca. 34.500€');
      expect(parseSalaryFromDescription(kiel, ['DE'])).to.deep.include({
        min: 34_500,
        max: 34_500,
        currency: 'EUR',
        period: 'year',
      });
      const naples = ashbyDescription(
        'stapply-ai__ats-scrapers__satispay.json',
        'd90042ca-7d3f-4ace-9426-822d78414efc',
      );
      expect(naples).to.include('Gross Annual Salary (RAL) starting from €26,000');
      const floor = parseSalaryFromDescription(naples, ['IT']);
      expect(floor).to.deep.include({ min: 26_000, currency: 'EUR', period: 'year' });
      expect(floor).to.not.have.property('max');
    });

    it('reads period words in German, French, Italian and Spanish, and floors ("ab", "from")', () => {
      const cases: [string, Record<string, number | string>][] = [
        ['Gehalt: 3.200 € brutto pro Monat', { min: 3200, max: 3200, period: 'month' }],
        ['Stundenlohn: 14,50 €', { min: 14.5, period: 'hour' }],
        ['Salaire : 42 000 € brut annuel', { min: 42_000, period: 'year' }],
        ['Retribuzione: 28.000 € lordi annui', { min: 28_000, period: 'year' }],
        ['Sueldo: 1.500 € al mes', { min: 1500, period: 'month' }],
      ];
      for (const [text, expected] of cases)
        expect(parseSalaryFromDescription(text, ['DE']), text).to.deep.include(expected);
      expect(parseSalaryFromDescription('Gehalt ab 3.000 € brutto im Monat', ['DE'])).to.not.have.property(
        'max',
      );
      // A range with "from … to" stays a range.
      expect(parseSalaryFromDescription('Pay: from $50,000 to $70,000 per year', ['US'])).to.deep.include({
        min: 50_000,
        max: 70_000,
      });
    });
  });

  describe('text parsing', () => {
    it('skips a benefit line and a bonus cap that name the salary (Ashby boards of the labelled set, wave 4)', () => {
      expect(
        parseSalaryFromDescription(
          '⛑️ Life Insurance - covering 2 times your salary, up to $200k\n👵 401(k) - up 4% of your salary matched\nSalary: $70,000-90,000 + 10%',
          ['US'],
        ),
      ).to.deep.include({ min: 70_000, max: 90_000, currency: 'USD' });
      expect(
        parseSalaryFromDescription(
          "- Competitive salary + company bonus (up to 15K€ per year depending on company's performance)",
          ['FR'],
        ),
      ).to.equal(undefined);
      // A bonus beside the salary's own label still leaves the salary.
      expect(
        parseSalaryFromDescription('Salary and bonus: $100,000 - $120,000 per year', ['US']),
      ).to.deep.include({
        min: 100_000,
        max: 120_000,
      });
    });

    it('reads "between $X and $Y" as a range (an Ashby board of the labelled set), in German, French and Spanish too', () => {
      expect(
        parseSalaryFromDescription(
          'Compensation Information:\n\nThe pay range for this position at commencement of employment is expected to be between $101,700 and $106,500/year; however, base pay offered may vary.',
          ['US'],
        ),
      ).to.deep.include({ min: 101_700, max: 106_500, currency: 'USD', period: 'year' });
      expect(
        parseSalaryFromDescription('Das Jahresgehalt liegt zwischen 55.000 € und 65.000 €.', ['DE']),
      ).to.deep.include({ min: 55_000, max: 65_000, currency: 'EUR' });
      expect(
        parseSalaryFromDescription('Salaire annuel entre 45 000 € et 52 000 €.', ['FR']),
      ).to.deep.include({
        min: 45_000,
        max: 52_000,
      });
      // After a pay field's label, "X und Y" is the range (train: pplwise).
      expect(
        parseSalaryFromDescription('Vergütung: EUR 90.000 und EUR 110.000 Bruttojahresgehalt + Benefits', [
          'DE',
        ]),
      ).to.deep.include({ min: 90_000, max: 110_000, currency: 'EUR', period: 'year' });
      // "and" alone joins no range: two amounts of two things.
      const two = parseSalaryFromDescription('Salary $90,000 and a $5,000 signing bonus.', ['US']);
      expect(two).to.deep.include({ min: 90_000 });
      expect(two?.max === undefined || two.max === 90_000).to.equal(true);
    });

    it('reads "starts at" and "Starting salary:" before a single amount as a floor (Ashby boards of the labelled set)', () => {
      const starts = parseSalaryFromDescription(
        'The expected annual base salary for this position starts at $185,000. Our compensation and benefits package includes comprehensive health coverage.',
        ['US'],
      );
      expect(starts).to.deep.include({ min: 185_000, currency: 'USD' });
      expect(starts).to.not.have.property('max');
      const starting = parseSalaryFromDescription(
        'Compensation Details:\n\n- Starting salary: ₱100,000/month, with increases based on experience and performance',
        ['PH'],
      );
      expect(starting).to.deep.include({ min: 100_000, currency: 'PHP', period: 'month' });
      expect(starting).to.not.have.property('max');
      // A range after the same words stays a range.
      expect(parseSalaryFromDescription('Starting salary: $60,000 - $70,000 a year', ['US'])).to.deep.include(
        {
          min: 60_000,
          max: 70_000,
        },
      );
    });

    it('takes the line of a pay list by role that the title names (a Workable LPN posting of the labelled set)', () => {
      // The posting's own lines (workable/amazingcare, "Adult Client Private Duty LPN - Nights").
      const text = [
        'Pay:',
        '',
        '- RN: $33.00 - $38.00 an hour *Higher end of pay is commensurate with experience and based on licensure, assignment, and availability',
        '- LPN: $23.00-$26.00 an hour',
        '',
        'Sign-on Bonus:',
      ].join('\n');
      const lpn = parseSalaryFromDescription(text, ['US'], 'Adult Client Private Duty LPN - Nights');
      expect(lpn).to.deep.include({ min: 23, max: 26, currency: 'USD', period: 'hour' });
      // The title names the first label, or none of them (labels that are places): the first line.
      expect(parseSalaryFromDescription(text, ['US'], 'RN - Home Health')).to.deep.include({
        min: 33,
        max: 38,
      });
      expect(parseSalaryFromDescription(text, ['US'], 'Private Duty Nurse')).to.deep.include({
        min: 33,
        max: 38,
      });
      const places =
        'Pay range:\n- California: $120,000 - $150,000 a year\n- Texas: $100,000 - $130,000 a year';
      expect(parseSalaryFromDescription(places, ['US'], 'Account Executive')).to.deep.include({
        min: 120_000,
      });
    });

    it('reads a floor ("$19.35+ / hour") as a minimum only, and the Dominican peso (Breezy display strings)', () => {
      const floor = parseSalaryString('$19.35+ / hour', ['CA']);
      expect(floor).to.deep.include({ min: 19.35, currency: 'CAD', period: 'hour' });
      expect(floor).to.not.have.property('max');
      expect(parseSalaryString('RD$210 – RD$300 / hour', ['DO'])).to.deep.include({
        min: 210,
        max: 300,
        currency: 'DOP',
        currencyCertain: true,
      });
    });

    it('parses the display strings of the fixtures', () => {
      expect(parseSalaryString('$0.05 – $0.06 / hour', [])).to.deep.equal({
        min: 0.05,
        max: 0.06,
        currency: 'USD',
        currencyCertain: false,
        period: 'hour',
      });
      expect(parseSalaryString('CA$102.8K – CA$137K', [])).to.deep.include({
        min: 102_800,
        max: 137_000,
        currency: 'CAD',
      });
      expect(parseSalaryString('£70,000 - £90,000 / year', [])).to.deep.include({
        min: 70_000,
        max: 90_000,
        currency: 'GBP',
        period: 'year',
      });
    });

    it('parses ranges in the formats seen in postings', () => {
      expect(parseSalaryString('$120,000 – $150,000 per year', ['US'])).to.deep.equal({
        min: 120_000,
        max: 150_000,
        currency: 'USD',
        currencyCertain: true,
        period: 'year',
      });
      expect(parseSalaryString('£45k-£55k', [])).to.deep.include({
        min: 45_000,
        max: 55_000,
        currency: 'GBP',
      });
      expect(parseSalaryString('€60.000', [])).to.deep.include({ min: 60_000, max: 60_000, currency: 'EUR' });
      expect(parseSalaryString('USD 58,100-133,200', [])).to.deep.include({
        min: 58_100,
        max: 133_200,
        currency: 'USD',
      });
      expect(parseSalaryString('€75–90k OTE, uncapped', [])).to.deep.include({
        min: 75_000,
        max: 90_000,
        currency: 'EUR',
      });
      expect(parseSalaryString('$100,000 - $120,000 CAD', ['US'])).to.deep.include({
        currency: 'CAD',
        currencyCertain: true,
      });
      expect(parseSalaryString('CAD $100,000', ['US'])).to.deep.include({ min: 100_000, currency: 'CAD' });
      expect(parseSalaryString('80 000 – 95 000 SEK per month', [])).to.deep.include({
        min: 80_000,
        max: 95_000,
        currency: 'SEK',
        period: 'month',
      });
    });

    it('finds the salary sentence of a description and skips money that is not pay', () => {
      const palantir =
        'Salary\nThe estimated salary range for this position is estimated to be $60,000 - $97,000/year. Total compensation for this position may also include Restricted Stock units.';
      expect(parseSalaryFromDescription(palantir, ['US'])).to.deep.include({
        min: 60_000,
        max: 97_000,
        currency: 'USD',
        period: 'year',
      });
      const workable =
        '💰 Competitive salary range: $80,000 – $95,000 USD annually, depending on experience and skills';
      expect(parseSalaryFromDescription(workable, ['US'])).to.deep.include({
        min: 80_000,
        max: 95_000,
        currency: 'USD',
        period: 'year',
      });
      const noise = [
        'We participated in Y Combinator in summer 2012, and since then have raised $73 million.',
        'We are a $12B company with a 30 person engineering team.',
        'Fertility HRA (up to $10,000 per year)',
        'Amplitude is the leading AI analytics platform, helping over 4,700 customers.',
        'Parental leave: up to 16 weeks at 100% pay.',
      ].join('\n');
      expect(parseSalaryFromDescription(noise, ['US'])).to.equal(undefined);
    });

    it('reads the base beside on-target earnings as the pay, and on-target earnings alone as stated', () => {
      // dev (Clicklease): "$60,000 OTE ($40,000 base salary plus commission)" is labelled 40,000.
      const withBase = [
        'Compensation: $60,000 OTE ($40,000 base salary plus commission)',
        'Compensation: $120k - $140k OTE, base salary of $70,000 - $80,000',
        'Salary: $40,000 base, $60,000 OTE',
        'Compensation: $110,000 on-target earnings; base: $55,000',
      ];
      const bases = withBase.map((text) => parseSalaryFromDescription(text, ['US']));
      expect(bases.map((parsed) => [parsed?.min, parsed?.max])).to.deep.equal([
        [40_000, 40_000],
        [70_000, 80_000],
        [40_000, 40_000],
        [55_000, 55_000],
      ]);
      // No base stated: the on-target range is the pay the posting gives (the labels' convention).
      expect(parseSalaryFromDescription('Comp Range: $80k - $100k (OTE) + Equity', ['US'])).to.deep.include({
        min: 80_000,
        max: 100_000,
      });
      // A base without on-target earnings is read as before.
      expect(parseSalaryFromDescription('Pay: $50,000 - $60,000 base salary', ['US'])).to.deep.include({
        min: 50_000,
        max: 60_000,
      });
    });

    it('parses separators and k', () => {
      expect(parseAmount('120,000', false)).to.equal(120_000);
      expect(parseAmount('60.000', false)).to.equal(60_000);
      expect(parseAmount('102.8', true)).to.equal(102_800);
      expect(parseAmount('34.52', false)).to.equal(34.52);
      expect(parseAmount('1.234.567,89', false)).to.equal(1_234_567.89);
      expect(parseAmount('1,234.5', false)).to.equal(1_234.5);
    });

    it('maps native period values', () => {
      expect(mapSalaryPeriod('per-year-salary')).to.equal('year'); // Lever
      expect(mapSalaryPeriod('per-hour-wage')).to.equal('hour');
      expect(mapSalaryPeriod('HOURLY')).to.equal('hour'); // SmartRecruiters
      expect(mapSalaryPeriod('1 YEAR')).to.equal('year'); // Ashby
      expect(mapSalaryPeriod('year')).to.equal('year'); // Recruitee, Pinpoint
      expect(mapSalaryPeriod('yearly')).to.equal('year'); // Personio
      expect(mapSalaryPeriod('MONTHLY')).to.equal('month');
      expect(mapSalaryPeriod('weird')).to.equal(undefined);
    });
  });

  describe('currency', () => {
    it('resolves codes and unambiguous symbols', () => {
      expect(resolveCurrency('gbp', [])).to.deep.equal({ code: 'GBP', certain: true });
      expect(resolveCurrency('CA$', [])).to.deep.equal({ code: 'CAD', certain: true });
      expect(resolveCurrency('€', [])).to.deep.equal({ code: 'EUR', certain: true });
    });

    it('reads a bare $ as USD unless one dollar country says otherwise, and marks the guess', () => {
      expect(resolveCurrency('$', ['US'])).to.deep.equal({ code: 'USD', certain: true });
      expect(resolveCurrency('$', [])).to.deep.equal({ code: 'USD', certain: false });
      expect(resolveCurrency('$', ['CA'])).to.deep.equal({ code: 'CAD', certain: false });
      expect(resolveCurrency('$', ['AU'])).to.deep.equal({ code: 'AUD', certain: false });
      expect(resolveCurrency('$', ['CA', 'US'])).to.deep.equal({ code: 'USD', certain: false });
      expect(resolveCurrency('kr', ['SE'])?.code).to.equal('SEK');
      expect(resolveCurrency('kr', [])).to.equal(undefined);
    });
  });

  describe('deriveSalary', () => {
    it('reads native structured fields as source_field (Lever salaryRange)', () => {
      const r = deriveSalary(
        input('AE', undefined, {
          salary: { min: 50_000, max: 70_000, currency: 'USD', periodRaw: 'per-year-salary' },
        }),
        [],
      );
      expect(r).to.deep.equal({
        value: {
          min: 50_000,
          max: 70_000,
          currency: 'USD',
          period: 'year',
          annualized_min: 50_000,
          annualized_max: 70_000,
          source: 'source_field',
        },
        derivation: { source: 'source_field', confidence: 1 },
      });
    });

    it('annualizes hourly pay (SmartRecruiters HOURLY 34–47 USD)', () => {
      const r = deriveSalary(
        input('Intern', undefined, { salary: { min: 34, max: 47, currency: 'USD', periodRaw: 'HOURLY' } }),
        [],
      );
      expect(r?.value).to.deep.include({ period: 'hour', annualized_min: 70_720, annualized_max: 97_760 });
    });

    it('infers a year only for annual-looking amounts without a period (Greenhouse pay ranges)', () => {
      const r = deriveSalary(
        input('AE', undefined, { salary: { min: 58_100, max: 133_200, currency: 'USD' } }),
        [],
      );
      expect(r?.value.period).to.equal('year');
      expect(r?.derivation).to.deep.equal({ source: 'rules', confidence: 0.8 });
      expect(
        deriveSalary(input('AE', undefined, { salary: { min: 40, max: 50, currency: 'USD' } }), []),
      ).to.equal(undefined);
    });

    it('keeps a lone minimum (Personio with an empty max)', () => {
      const r = deriveSalary(
        input('Manager', undefined, { salary: { min: 100_000, currency: 'GBP', periodRaw: 'yearly' } }),
        [],
      );
      expect(r?.value).to.deep.equal({
        min: 100_000,
        annualized_min: 100_000,
        currency: 'GBP',
        period: 'year',
        source: 'source_field',
      });
    });

    it('parses a native display string when there are no amounts (Breezy)', () => {
      const r = deriveSalary(input('Job', undefined, { salary: { text: '£70,000 - £90,000 / year' } }), []);
      expect(r?.value.source).to.equal('source_field');
      expect(r?.derivation.source).to.equal('rules');
    });

    it('extracts from the description with a lower confidence for a bare $', () => {
      const text = 'The estimated salary range for this position is estimated to be $60,000 - $97,000/year.';
      const us = deriveSalary(input('Partner', text), ['US']);
      expect(us?.value).to.deep.include({
        min: 60_000,
        max: 97_000,
        source: 'description_text',
        currency: 'USD',
      });
      expect(us?.derivation.confidence).to.equal(0.75);
      expect(deriveSalary(input('Partner', text), [])?.derivation.confidence).to.equal(0.6);
    });

    it('rejects nonsense: all-null objects, zero placeholders, implausible amounts', () => {
      expect(deriveSalary(input('Job', undefined, { salary: {} }), [])).to.equal(undefined); // Recruitee all-null salary
      expect(deriveSalary(input('Job', undefined, { salary: { min: 0, max: 0 } }), [])).to.equal(undefined); // JazzHR "0"–"0"
      expect(
        deriveSalary(
          input('Job', undefined, { salary: { min: 75, max: 95, currency: 'USD', periodRaw: 'year' } }),
          [],
        ),
      ).to.equal(undefined);
      expect(deriveSalary(input('Job', undefined, { salary: { text: '$1 – $5 / year' } }), [])).to.equal(
        undefined,
      );
      expect(
        deriveSalary(input('Job', undefined, { salary: { text: '$0.05 – $0.06 / hour' } }), []),
      ).to.equal(undefined);
      expect(deriveSalary(input('Job', undefined, { salary: { min: 50_000, max: 70_000 } }), [])).to.equal(
        undefined,
      ); // no currency
    });

    it('orders bounds, and reads a zero lower bound as no pay range ("$0 – $500K": a form left at zero)', () => {
      expect(
        validSalary({ min: 90, max: 70, currency: 'USD', period: 'hour', source: 'source_field' }),
      ).to.deep.include({ min: 70, max: 90 });
      expect(
        validSalary({ min: 0, max: 70_000, currency: 'USD', period: 'year', source: 'source_field' }),
      ).to.equal(undefined);
      expect(
        validSalary({ min: 0, max: 500_000, currency: 'USD', period: 'year', source: 'source_field' }),
      ).to.equal(undefined);
      expect(
        validSalary({
          min: 9_000_000,
          max: 12_000_000,
          currency: 'JPY',
          period: 'year',
          source: 'source_field',
        }),
      ).to.not.equal(undefined);
    });
  });
});
