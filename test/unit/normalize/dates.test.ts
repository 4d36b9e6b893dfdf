import { expect } from 'chai';
import { parseSourceDate } from '../../../src/ingest/normalize/dates.js';

const NOW = new Date('2026-09-01T12:34:56.789Z');

describe('parseSourceDate', () => {
  describe('epoch values', () => {
    it('reads milliseconds (Lever createdAt) and seconds, as numbers or digit strings', () => {
      expect(parseSourceDate(1711403416463)).to.equal('2024-03-25T21:50:16.463Z');
      expect(parseSourceDate('1711403416463')).to.equal('2024-03-25T21:50:16.463Z');
      expect(parseSourceDate(1711403416)).to.equal('2024-03-25T21:50:16.000Z');
      expect(parseSourceDate('1711403416')).to.equal('2024-03-25T21:50:16.000Z');
    });

    it('refuses implausible epochs rather than guessing', () => {
      expect(parseSourceDate(0)).to.equal(undefined);
      expect(parseSourceDate(-1711403416)).to.equal(undefined);
      expect(parseSourceDate(42)).to.equal(undefined);
      expect(parseSourceDate(Number.NaN)).to.equal(undefined);
      expect(parseSourceDate(Number.POSITIVE_INFINITY)).to.equal(undefined);
      expect(parseSourceDate(1e15)).to.equal(undefined);
    });
  });

  describe('ISO 8601', () => {
    it('converts offsets to UTC: Z, ±HH:MM, ±HHMM', () => {
      expect(parseSourceDate('2026-07-29T08:50:01-04:00')).to.equal('2026-07-29T12:50:01.000Z');
      expect(parseSourceDate('2026-01-22T21:44:44.930+00:00')).to.equal('2026-01-22T21:44:44.930Z');
      expect(parseSourceDate('2026-07-23T19:16:00+0000')).to.equal('2026-07-23T19:16:00.000Z');
      expect(parseSourceDate('2026-07-23T19:16:00+0530')).to.equal('2026-07-23T13:46:00.000Z');
      expect(parseSourceDate('2026-08-03T12:14:04.401Z')).to.equal('2026-08-03T12:14:04.401Z');
      expect(parseSourceDate('2026-03-25T00:00:00z')).to.equal('2026-03-25T00:00:00.000Z');
    });

    it('accepts missing seconds, long fractions and a missing offset (read as UTC)', () => {
      expect(parseSourceDate('2026-07-23T19:16Z')).to.equal('2026-07-23T19:16:00.000Z');
      expect(parseSourceDate('2026-07-23T19:16:00.123456Z')).to.equal('2026-07-23T19:16:00.123Z');
      expect(parseSourceDate('2026-07-23T19:16:00')).to.equal('2026-07-23T19:16:00.000Z');
    });

    it('reads day-month name-year (Avature, Darwinbox) as that calendar date, and refuses unknown months', () => {
      expect(parseSourceDate('05-Oct-2026')).to.equal('2026-10-05T00:00:00.000Z');
      expect(parseSourceDate('3-feb-2025')).to.equal('2025-02-03T00:00:00.000Z');
      expect(parseSourceDate('3-Foo-2025')).to.equal(undefined);
      expect(parseSourceDate('31-Feb-2025')).to.equal(undefined);
    });

    it('reads the Recruitee form "YYYY-MM-DD HH:MM:SS UTC"', () => {
      expect(parseSourceDate('2026-08-10 15:10:24 UTC')).to.equal('2026-08-10T15:10:24.000Z');
    });

    it('reads date-only values as midnight UTC', () => {
      expect(parseSourceDate('2026-06-23')).to.equal('2026-06-23T00:00:00.000Z');
      expect(parseSourceDate('  2024-10-17 ')).to.equal('2024-10-17T00:00:00.000Z');
    });

    it('rejects impossible calendar and clock values instead of rolling them over', () => {
      expect(parseSourceDate('2026-02-30')).to.equal(undefined);
      expect(parseSourceDate('2026-13-01')).to.equal(undefined);
      expect(parseSourceDate('2026-00-10')).to.equal(undefined);
      expect(parseSourceDate('2026-06-23T24:00:00Z')).to.equal(undefined);
      expect(parseSourceDate('2026-06-23T12:60:00Z')).to.equal(undefined);
      expect(parseSourceDate('2026-06-23T12:00:00+15:00')).to.equal(undefined);
      expect(parseSourceDate('2025-02-29')).to.equal(undefined);
      expect(parseSourceDate('2024-02-29')).to.equal('2024-02-29T00:00:00.000Z');
    });
  });

  describe('RFC 822 / 1123 (RSS pubDate)', () => {
    it('reads numeric offsets and GMT', () => {
      expect(parseSourceDate('Fri, 04 Sep 2026 14:50:13 +0300')).to.equal('2026-09-04T11:50:13.000Z');
      expect(parseSourceDate('Tue, 04 Feb 2025 12:35:09 +0100')).to.equal('2025-02-04T11:35:09.000Z');
      expect(parseSourceDate('Sat, 3 Oct 2026 02:56:30 GMT')).to.equal('2026-10-03T02:56:30.000Z');
    });

    it('reads unpadded days and hours', () => {
      expect(parseSourceDate('Tue, 7 Jan 2025 7:00:00 GMT')).to.equal('2025-01-07T07:00:00.000Z');
      expect(parseSourceDate('Fri, 02 Oct 2026 7:00:00 GMT')).to.equal('2026-10-02T07:00:00.000Z');
    });

    it('reads named US zones, two-digit years, no weekday and no seconds', () => {
      expect(parseSourceDate('Mon, 06 Jan 2025 09:00:00 EST')).to.equal('2025-01-06T14:00:00.000Z');
      expect(parseSourceDate('06 Jan 25 09:00 PDT')).to.equal('2025-01-06T16:00:00.000Z');
    });

    it('rejects unknown months, zones and impossible days', () => {
      expect(parseSourceDate('Tue, 7 Foo 2025 7:00:00 GMT')).to.equal(undefined);
      expect(parseSourceDate('Tue, 7 Jan 2025 7:00:00 XYZ')).to.equal(undefined);
      expect(parseSourceDate('Tue, 31 Apr 2025 7:00:00 GMT')).to.equal(undefined);
      expect(parseSourceDate('Tue, 7 Jan 2025 7:00:00')).to.equal(undefined);
    });
  });

  describe('Workday relative text', () => {
    it('subtracts whole days from now', () => {
      expect(parseSourceDate('Posted Today', NOW)).to.equal('2026-09-01T12:34:56.789Z');
      expect(parseSourceDate('Posted Yesterday', NOW)).to.equal('2026-08-31T12:34:56.789Z');
      expect(parseSourceDate('Posted 18 Days Ago', NOW)).to.equal('2026-08-14T12:34:56.789Z');
      expect(parseSourceDate('posted 1 day ago', NOW)).to.equal('2026-08-31T12:34:56.789Z');
    });

    it('reads "30+ Days Ago" as now − 30 days, a lower bound on the age', () => {
      expect(parseSourceDate('Posted 30+ Days Ago', NOW)).to.equal('2026-08-02T12:34:56.789Z');
    });

    it('needs now', () => {
      expect(parseSourceDate('Posted Today')).to.equal(undefined);
      expect(parseSourceDate('Posted 18 Days Ago')).to.equal(undefined);
    });
  });

  it('returns undefined for garbage and other types', () => {
    for (const value of [
      '',
      '   ',
      'TBD',
      'yesterday',
      'Posted Recently',
      '2026',
      '2026-07',
      '07/23/2026',
      '23.07.2026',
      '2026-07-23T19:16:00+0000 extra',
      '12345678',
      null,
      undefined,
      true,
      {},
      [],
    ]) {
      expect(parseSourceDate(value, NOW), JSON.stringify(value)).to.equal(undefined);
    }
  });

  it('accepts valid Date objects only', () => {
    expect(parseSourceDate(new Date('2026-01-02T03:04:05Z'))).to.equal('2026-01-02T03:04:05.000Z');
    expect(parseSourceDate(new Date(Number.NaN))).to.equal(undefined);
  });
});
