import { expect } from 'chai';
import type { Location } from '../../../src/domain/job.js';
import type { LabelLine } from '../../../src/services/quality/labelled-set.js';
import { locationsAgree } from '../../../src/services/quality/set-accuracy.js';

function line(labels: Record<string, unknown>): LabelLine {
  return {
    id: 'workable/b#1',
    platform: 'workable',
    board: 'b',
    file: 'raw/x.json',
    native_id: '1',
    title: 'T',
    labels,
  };
}

const place = (city: string | null, country_code: string): Location => ({
  city,
  country: null,
  country_code,
  lat: null,
  lng: null,
});

describe('locationsAgree (the labelled set’s locations as one value)', () => {
  it('takes a name written with "St." and GeoNames’ "Saint" for one name (Workable, dev: St. George, Utah)', () => {
    expect(
      locationsAgree(line({ countries: ['US'], cities: ['St. George'] }), [place('Saint George', 'US')]),
    ).to.equal(true);
    expect(
      locationsAgree(line({ countries: ['US'], cities: ['Ft. Worth'] }), [place('Fort Worth', 'US')]),
    ).to.equal(true);
  });

  it('takes GeoNames’ "Washington, D.C." for the labels’ "Washington" (CACI on Workday, train)', () => {
    expect(
      locationsAgree(line({ countries: ['US'], cities: ['Washington'] }), [place('Washington, D.C.', 'US')]),
    ).to.equal(true);
  });

  it('still tells different cities and missing ones apart', () => {
    expect(
      locationsAgree(line({ countries: ['US'], cities: ['St. George'] }), [place('George', 'US')]),
    ).to.equal(false);
    expect(locationsAgree(line({ countries: ['US'], cities: ['Austin'] }), [place(null, 'US')])).to.equal(
      false,
    );
    expect(locationsAgree(line({ countries: ['US'], cities: null }), [place(null, 'US')])).to.equal(true);
  });
});
