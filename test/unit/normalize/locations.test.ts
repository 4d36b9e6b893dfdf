import { expect } from 'chai';
import type { Location } from '../../../src/domain/job.js';
import { countryName, deriveLocations, normalizeName } from '../../../src/ingest/normalize/locations.js';
import { withinOneEdit } from '../../../src/ingest/normalize/gazetteer.js';
import type { SourceLocation } from '../../../src/ingest/types.js';

/** City/country-code pairs of the derived locations, in order. */
function places(...locations: SourceLocation[]): [string | null, string | null][] {
  return deriveLocations(locations).locations.map((l) => [l.city, l.country_code]);
}

function only(...locations: SourceLocation[]): Location {
  const [first, ...rest] = deriveLocations(locations).locations;
  expect(rest).to.have.length(0);
  if (first === undefined) throw new Error('no location derived');
  return first;
}

describe('deriveLocations', function () {
  // The first call loads and indexes the gazetteer (~0.5 s).
  this.timeout(20_000);

  describe('free text from the fixtures', () => {
    it('splits lists on ";" and on commas between cities', () => {
      expect(places({ text: 'Berlin; London; Munich' })).to.deep.equal([
        ['Berlin', 'DE'],
        ['London', 'GB'],
        ['Munich', 'DE'],
      ]);
      // greenhouse/stripe-job-detail.json
      expect(places({ text: 'Toronto, New York, San Francisco' })).to.deep.equal([
        ['Toronto', 'CA'],
        ['New York City', 'US'],
        ['San Francisco', 'US'],
      ]);
    });

    it('reads "City, Region" and "City, Country" as one place', () => {
      expect(places({ text: 'Utrecht, Netherlands' })).to.deep.equal([['Utrecht', 'NL']]);
      expect(places({ text: 'London, England, United Kingdom' })).to.deep.equal([['London', 'GB']]);
      expect(places({ text: 'Palo Alto, CA' })).to.deep.equal([['Palo Alto', 'US']]);
      expect(places({ text: 'Atlanta, Georgia' })).to.deep.equal([['Atlanta', 'US']]);
      expect(places({ text: 'Richardson, TX, US, 75080' })).to.deep.equal([['Richardson', 'US']]);
      expect(places({ text: 'Baxley, GA, United States' })).to.deep.equal([['Baxley', 'US']]);
      expect(places({ text: 'London, UK' })).to.deep.equal([['London', 'GB']]);
    });

    it('handles upper-case city names (iCIMS)', () => {
      expect(places({ text: 'OAKBROOK TERRACE, Illinois' })).to.deep.equal([['Oakbrook Terrace', 'US']]);
      expect(places({ text: 'PHILADELPHIA, Pennsylvania' })).to.deep.equal([['Philadelphia', 'US']]);
    });

    it('knows common aliases and abbreviations', () => {
      // The Bay Area is a region of California, not San Francisco (the labelled set's readers).
      expect(places({ text: 'San Francisco Bay Area' })).to.deep.equal([[null, 'US']]);
      expect(places({ text: 'Bay Area' })).to.deep.equal([[null, 'US']]);
      // GeoNames spells it "Washington, D.C."; every writing of it is that city, not Washington state.
      for (const text of ['Washington DC', 'Washington, DC', 'Washington D.C. Metro Area', 'DC'])
        expect(places({ text }), text).to.deep.equal([['Washington, D.C.', 'US']]);
      expect(places({ text: 'SF, NYC, SEA, CHI' })).to.deep.equal([
        ['San Francisco', 'US'],
        ['New York City', 'US'],
        ['Seattle', 'US'],
        ['Chicago', 'US'],
      ]);
      expect(places({ text: 'Bangalore, India' })).to.deep.equal([['Bengaluru', 'IN']]);
    });

    it('reads remote texts as a country plus the remote flag', () => {
      const r = deriveLocations([{ text: 'Remote - United States' }]);
      expect(r.remote).to.equal(true);
      expect(r.locations).to.deep.equal([
        { city: null, country: 'United States', country_code: 'US', lat: null, lng: null },
      ]);
      expect(places({ text: 'Remote - Canada' })).to.deep.equal([[null, 'CA']]);
      expect(places({ text: 'US Remote' })).to.deep.equal([[null, 'US']]);
      expect(places({ text: 'Remote-India (PEO)' })).to.deep.equal([[null, 'IN']]);
      expect(deriveLocations([{ text: 'Remote job' }]).remote).to.equal(true);
      // ADP's "Home Based" place (a real requisition of the labelled set): no town named Home.
      const home = deriveLocations([{ text: 'Home Based', country: 'United States' }]);
      expect(home.remote).to.equal(true);
      expect(places({ text: 'Home Based', country: 'United States' })).to.deep.equal([[null, 'US']]);
    });

    it('reads "US-City" prefixes and drops a country already covered by a city', () => {
      const text = 'US-Remote, US-San Francisco, US-Chicago, US-New York, US-Seattle, US-Texas';
      const r = deriveLocations([{ text }]);
      expect(r.remote).to.equal(true);
      expect(r.locations.map((l) => l.city)).to.deep.equal([
        'San Francisco',
        'Chicago',
        'New York City',
        'Seattle',
      ]);
    });

    it('yields nothing for texts that name no place', () => {
      for (const text of ['Hybrid', '2 Locations', 'Remote', 'Multiple Locations']) {
        expect(deriveLocations([{ text }]).locations, text).to.deep.equal([]);
      }
      expect(deriveLocations([{ text: 'Hybrid' }]).remote).to.equal(undefined);
    });

    it('resolves a bare country to a country-only entry, and a city-state to its city', () => {
      expect(only({ text: 'Japan' })).to.deep.equal({
        city: null,
        country: 'Japan',
        country_code: 'JP',
        lat: null,
        lng: null,
      });
      expect(places({ text: 'Singapore' })).to.deep.equal([['Singapore', 'SG']]);
    });

    it('prefers the most populous city, or the one in the published country', () => {
      expect(places({ text: 'London' })).to.deep.equal([['London', 'GB']]);
      expect(places({ text: 'Boston' })).to.deep.equal([['Boston', 'US']]);
      expect(places({ text: 'Bombay, MH', countryCode: 'IN' })).to.deep.equal([['Mumbai', 'IN']]);
      expect(places({ text: 'London', countryCode: 'CA' })).to.deep.equal([['London', 'CA']]);
    });

    it('splits "A or B" but keeps "OR" (Oregon) as a region', () => {
      expect(places({ text: 'Pittsburgh or Cleveland' })).to.deep.equal([
        ['Pittsburgh', 'US'],
        ['Cleveland', 'US'],
      ]);
      expect(places({ text: 'Portland, OR' })).to.deep.equal([['Portland', 'US']]);
    });
  });

  describe('free text from the labelled set (wave 2 train and dev boards)', () => {
    it('reads a country or region before the city as its qualifier (Workday)', () => {
      expect(places({ text: 'United States-California-San Diego' })).to.deep.equal([['San Diego', 'US']]);
      expect(places({ text: 'US, Minnesota, Maplewood', countryCode: 'US' })).to.deep.equal([
        ['Maplewood', 'US'],
      ]);
      // The state, not the country Georgia; Canada, not California.
      expect(places({ text: 'Georgia - Atlanta' })).to.deep.equal([['Atlanta', 'US']]);
      expect(places({ text: 'CA-Toronto' })).to.deep.equal([['Toronto', 'CA']]);
    });

    it('reads a state written in full as the state, not as its small namesakes', () => {
      // California, Maryland (11,857) is no place of a remote Californian; New York stays a city.
      expect(places({ text: 'Remote - California' })).to.deep.equal([[null, 'US']]);
      expect(places({ text: 'New York - New York' })).to.deep.equal([['New York City', 'US']]);
    });

    it('reads a small town between a city and its country as a region (Hitachi "Marmara")', () => {
      expect(places({ text: 'Istanbul, Marmara, Turkey' })).to.deep.equal([['Istanbul', 'TR']]);
      // Sizeable cities stay a list.
      expect(places({ text: 'Berlin, Munich, Germany' })).to.deep.equal([
        ['Berlin', 'DE'],
        ['Munich', 'DE'],
      ]);
    });

    it('reads a province by its country, a state code after an unknown town, and no town in noise words', () => {
      // Anthropic on Greenhouse: Ontario is the province (not Ontario, California); no "Friendly, MD".
      expect(
        places({ text: 'London, UK; Ontario, CAN; Remote-Friendly, United States; San Francisco, CA' }),
      ).to.deep.equal([
        ['London', 'GB'],
        [null, 'CA'],
        ['San Francisco', 'US'],
      ]);
      // Breezy: Pennsylvania, not Panama; the town GeoNames does not list is kept as written.
      expect(places({ text: 'Chadds Ford, PA' })).to.deep.equal([['Chadds Ford', 'US']]);
    });

    it('reads a region code two countries use by the city it qualifies, and names GeoNames spells in full', () => {
      // PageUp (Kinetic, labelled set, dev): Perth, WA is Western Australia's, not Perth, New York.
      expect(places({ city: 'Perth', region: 'WA' })).to.deep.equal([['Perth', 'AU']]);
      expect(places({ text: 'Perth, WA' })).to.deep.equal([['Perth', 'AU']]);
      expect(places({ text: 'Darwin, NT' })).to.deep.equal([['Darwin', 'AU']]);
      expect(places({ text: 'Seattle, WA' })).to.deep.equal([['Seattle', 'US']]);
      expect(places({ text: 'Yellowknife, NT' })).to.deep.equal([['Yellowknife', 'CA']]);
      // Lever (Spotify, dev): "Ho Chi Minh" in VN; CACI on Workday (train): DC's city by its code.
      expect(places({ text: 'Ho Chi Minh', countryCode: 'VN' })).to.deep.equal([['Ho Chi Minh City', 'VN']]);
      expect(places({ text: 'USA DC Washington' })).to.deep.equal([['Washington, D.C.', 'US']]);
      expect(places({ city: 'Washington', region: 'DC', countryCode: 'US' })).to.deep.equal([
        ['Washington, D.C.', 'US'],
      ]);
      // Greenhouse (Stripe, dev): the country after the words that tie it to "Remote"; "The Hague" stays.
      expect(places({ text: 'Remote from the US' })).to.deep.equal([[null, 'US']]);
      expect(places({ text: 'Remote within Canada' })).to.deep.equal([[null, 'CA']]);
      expect(places({ text: 'The Hague' })).to.deep.equal([['The Hague', 'NL']]);
    });

    it('reads a city followed by its region’s short form, in that region when the code is its country’s', () => {
      // 3M on Workday (train): "IN, Bangalore Kar" is Bengaluru, Karnataka.
      expect(places({ text: 'IN, Bangalore Kar' })).to.deep.equal([['Bengaluru', 'IN']]);
      expect(places({ text: 'Portland ME' }).map(([city, country]) => [city, country])).to.deep.equal([
        ['Portland', 'US'],
      ]);
      expect(deriveLocations([{ text: 'Portland ME' }]).locations[0]?.lat).to.be.closeTo(43.66, 0.1);
      expect(places({ text: 'Chennai TN' })).to.deep.equal([['Chennai', 'IN']]);
    });

    it('reads a state code before its country as the state, never as a country of its own (Eightfold)', () => {
      // Eightfold's "City, ST USA zip": LA and AZ are Louisiana and Arizona here, not Laos and Azerbaijan.
      expect(places({ text: 'New Orleans, LA USA 70112' })).to.deep.equal([['New Orleans', 'US']]);
      expect(places({ text: 'Phoenix, AZ USA 85040' })).to.deep.equal([['Phoenix', 'US']]);
      expect(places({ text: 'Bagdad, AZ USA 86321' })).to.deep.equal([['Bagdad', 'US']]);
      expect(places({ text: 'USA Texas' })).to.deep.equal([[null, 'US']]);
    });

    it('keeps a town the gazetteer does not list when a region places it, without coordinates', () => {
      // Booz Allen on Workday (train): a base; Hitachi on Workday (train): Workday's "City, Region,
      // Country" with a city GeoNames lists under another name (İzmit).
      expect(deriveLocations([{ text: 'Fort Sam Houston, TX' }]).locations).to.deep.equal([
        { city: 'Fort Sam Houston', country: 'United States', country_code: 'US', lat: null, lng: null },
      ]);
      expect(places({ text: 'Kocaeli, Kocaeli, Turkey' })).to.deep.equal([['Kocaeli', 'TR']]);
      // Before a country alone the name may be a region GeoNames' cities do not name; words that name
      // no town, regions' nicknames and codes are no town either.
      for (const text of [
        'Bavaria, Germany',
        'Kanagawa, Japan',
        'Other, TX',
        'Field Sales, US',
        'Distribution Center, GA',
        'Tokyo Prefecture, Japan',
        'Silicon Valley, CA',
        'Northern Virginia, VA',
        'STS, TX',
      ])
        expect(
          places({ text }).map(([city]) => city),
          text,
        ).to.deep.equal([null]);
    });

    it('reads a country code and a region code before the city (CACI and Workday on Workday)', () => {
      expect(places({ text: 'USA VA Chantilly' })).to.deep.equal([['Chantilly', 'US']]);
      expect(places({ text: 'USA NC Fort Bragg' })).to.deep.equal([['Fort Bragg', 'US']]);
      expect(places({ text: 'DEU Wiesbaden - Wiesbaden Army Airfield (APC180)' })).to.deep.equal([
        ['Wiesbaden', 'DE'],
      ]);
      // With dots: Workday's own board, its detail's location (a train board of the labelled set).
      expect(places({ text: 'USA.VA.Reston' })).to.deep.equal([['Reston', 'US']]);
      expect(places({ text: 'CAN.ON.Toronto' })).to.deep.equal([['Toronto', 'CA']]);
    });
  });

  describe('structured members', () => {
    it('keeps a published town the gazetteer does not list with its published coordinates', () => {
      // SmartRecruiters and Dayforce fixtures: the text names the same town; its coordinates stay.
      const [bayanLepas] = deriveLocations([
        {
          text: 'Bayan Lepas, Penang, Malaysia',
          city: 'Bayan Lepas',
          region: 'Penang',
          countryCode: 'MY',
          lat: 5.322244,
          lng: 100.2770565,
        },
      ]).locations;
      expect(bayanLepas).to.deep.equal({
        city: 'Bayan Lepas',
        country: 'Malaysia',
        country_code: 'MY',
        lat: 5.322244,
        lng: 100.2770565,
      });
      // A shown town the gazetteer does not list is not another city than the field's.
      expect(
        places({ city: 'San Antonio', region: 'TX', countryCode: 'US', text: 'Fort Sam Houston, TX' }),
      ).to.deep.equal([['San Antonio', 'US']]);
    });

    it('reads "Pan India" in a city field as the whole country (Zoho Recruit fixture)', () => {
      expect(places({ city: 'Pan India', region: 'Delhi', country: 'India' })).to.deep.equal([[null, 'IN']]);
      // Pinpoint (labelled set, dev): a city field that names no place.
      expect(places({ city: 'Varies by Listing', region: 'Maryland' })).to.deep.equal([[null, 'US']]);
    });

    it('reads Washington in the District of Columbia as Washington, D.C. (Workable, BambooHR, iCIMS)', () => {
      const dc = [['Washington, D.C.', 'US']];
      expect(places({ city: 'Washington', region: 'District of Columbia', countryCode: 'US' })).to.deep.equal(
        dc,
      );
      // iCIMS repeats the city in the region field.
      expect(places({ city: 'WASHINGTON', region: 'Washington, DC', countryCode: 'US' })).to.deep.equal(dc);
    });

    it('reads "St." as "Saint" (and Ft., Mt.) within the published region only (Workable, dev)', () => {
      expect(places({ city: 'St. George', region: 'Utah', countryCode: 'US' })).to.deep.equal([
        ['Saint George', 'US'],
      ]);
      expect(places({ city: 'Ft. Worth', region: 'TX', countryCode: 'US' })).to.deep.equal([
        ['Fort Worth', 'US'],
      ]);
      expect(places({ city: 'St. Petersburg', region: 'FL' })).to.deep.equal([['St. Petersburg', 'US']]);
    });

    it('reads a structured city with a typo as the one sizeable city of its region a letter away', () => {
      // Paylocity (United Imaging, labelled set): "Pittsburg, PA" is Pittsburgh, not Pittsburg, California.
      expect(places({ city: 'Pittsburg', region: 'PA', country: 'USA' })).to.deep.equal([
        ['Pittsburgh', 'US'],
      ]);
      expect(places({ city: 'Pittsburg', region: 'KS', country: 'USA' })).to.deep.equal([
        ['Pittsburg', 'US'],
      ]);
      expect(places({ city: 'San Fransisco', region: 'CA', country: 'US' })).to.deep.equal([
        ['San Francisco', 'US'],
      ]);
      // No region, or a short name: no guess; the published name stays.
      expect(places({ city: 'Pittsburgg', country: 'USA' })).to.deep.equal([['Pittsburgg', 'US']]);
      expect(places({ city: 'Rena', region: 'NV', country: 'US' })).to.deep.equal([['Rena', 'US']]);
      expect(withinOneEdit('fransisco', 'francisco')).to.equal(true);
      expect(withinOneEdit('pittsburg', 'pittsburgh')).to.equal(true);
      expect(withinOneEdit('sapce', 'space')).to.equal(true);
      expect(withinOneEdit('boston', 'austin')).to.equal(false);
    });

    it('reads a shown name of remote areas over an office address as those areas (Ashby, wave 4 train/dev boards)', () => {
      // A world area: no country, and not the office's (enode, nabucasa, cargo-one).
      expect(places({ text: 'Remote - Europe', city: 'Oslo', country: 'Norway' })).to.deep.equal([]);
      expect(places({ text: 'Europe - Anywhere', city: 'Madrid', country: 'Spain' })).to.deep.equal([]);
      expect(places({ text: 'Remote (EMEA)', country: 'Germany' })).to.deep.equal([]);
      // Countries beside "Remote", joined by a hyphen or a slash: each country, no office city (secfix).
      expect(
        places({ text: 'Remote-India/Pakistan', city: 'Bangalore', region: 'Karnataka', country: 'India' }),
      ).to.deep.equal([
        [null, 'IN'],
        [null, 'PK'],
      ]);
      expect(places({ text: 'Remote-Germany', city: 'Berlin', country: 'Germany' })).to.deep.equal([
        [null, 'DE'],
      ]);
      expect(places({ text: 'USA (Remote)', city: 'Boston', region: 'MA', country: 'USA' })).to.deep.equal([
        [null, 'US'],
      ]);
      // Not areas: a state that is a large city's name, a country code alone over its city.
      expect(
        places({ text: 'New York', city: 'New York City', region: 'New York', country: 'United States' }),
      ).to.deep.equal([['New York City', 'US']]);
      expect(places({ text: 'US', city: 'Royal Oak', region: 'Michigan' })).to.deep.equal([
        ['Royal Oak', 'US'],
      ]);
      // The country's name before 2019 is the country, not Macedonia, Ohio (jimdo.com).
      expect(
        places({ text: 'Macedonia ', city: 'Skopje', region: 'Skopje ', country: 'Macedonia ' }),
      ).to.deep.equal([[null, 'MK']]);
    });

    it("takes the country a title names in full over another country's published address (Satispay on Ashby)", () => {
      const titled = (title: string, ...locations: SourceLocation[]): [string | null, string | null][] =>
        deriveLocations(locations, title).locations.map((l) => [l.city, l.country_code]);
      const milan: SourceLocation = {
        text: 'Milan, Italy',
        city: 'Milan',
        region: 'Lombardia',
        country: 'Italy',
      };
      // A country whose own sizeable city bears its name is that city too (the labels read
      // Satispay's relocation copies so); "Mexico" names no city of its ("Mexico City").
      expect(titled('ICT Third Party Management Specialist (Luxembourg)', milan)).to.deep.equal([
        ['Luxembourg', 'LU'],
      ]);
      expect(titled('Sales Lead - Luxembourg', milan)).to.deep.equal([['Luxembourg', 'LU']]);
      expect(titled('Account Executive (Singapore)', milan)).to.deep.equal([['Singapore', 'SG']]);
      expect(titled('Account Executive (Mexico)', milan)).to.deep.equal([[null, 'MX']]);
      expect(titled('Sales Lead - Germany', milan)).to.deep.equal([[null, 'DE']]);
      // The same country, a code, a region's name, a name two countries share, or no place: as published.
      expect(titled('Account Manager (Italy)', milan)).to.deep.equal([['Milan', 'IT']]);
      expect(titled('Forward Deployed Engineer (AI)', milan)).to.deep.equal([['Milan', 'IT']]);
      expect(
        titled('Sales Representative (Georgia)', { city: 'Atlanta', region: 'GA', country: 'US' }),
      ).to.deep.equal([['Atlanta', 'US']]);
      expect(
        titled('Sales Manager - Congo', {
          text: 'Brazzaville',
          city: 'Brazzaville',
          country: 'Congo-Brazzaville',
        }),
      ).to.deep.equal([['Brazzaville', 'CG']]);
    });

    it('reads the place a title names when the posting publishes none (dev: Pinpoint "… Operators in Jessup, MD"), else the one its text states', () => {
      const titled = (title: string, ...locations: SourceLocation[]): [string | null, string | null][] =>
        deriveLocations(locations, title).locations.map((l) => [l.city, l.country_code]);
      expect(titled('Reach truck crown and Walkie Rider EPJ Operators in Jessup, MD')).to.deep.equal([
        ['Jessup', 'US'],
      ]);
      expect(titled('Nurse - Austin, TX')).to.deep.equal([['Austin', 'US']]);
      expect(titled('Analyst (Lyon, France)')).to.deep.equal([['Lyon', 'FR']]);
      // A country named in full, as over a published place of another country.
      expect(titled('Engineer (Luxembourg)')).to.deep.equal([['Luxembourg', 'LU']]);
      expect(titled('Sales Lead - Germany', { text: 'Remote' })).to.deep.equal([[null, 'DE']]);
      // A city without its region or country, or words that are no place: nothing.
      expect(titled('Engineer - Austin')).to.deep.equal([]);
      expect(titled('Engineer - Platform')).to.deep.equal([]);
      expect(titled('Product Manager - Search, Discovery')).to.deep.equal([]);
      expect(titled('Director of Sales, Americas')).to.deep.equal([]);
      // Neither a published place nor one in the title: the job's own place in its text.
      const stated = (description: string): [string | null, string | null][] =>
        deriveLocations([], 'Director of Platform Engineering', description).locations.map((l) => [
          l.city,
          l.country_code,
        ]);
      expect(
        stated('- This role is based at our Bangkok office in the heart of the city center'),
      ).to.deep.equal([['Bangkok', 'TH']]);
      expect(stated('The position is located in Austin, TX and requires travel.')).to.deep.equal([
        ['Austin', 'US'],
      ]);
      // The employer's seat, or words that are no place, are not the job's.
      expect(stated('Manatal is headquartered in Bangkok, Thailand.')).to.deep.equal([]);
      expect(stated('This role is based in Our Office.')).to.deep.equal([]);
      // A published place stands: the title's city does not replace it.
      expect(titled('Nurse - Austin, TX', { city: 'Dallas', region: 'TX', country: 'US' })).to.deep.equal([
        ['Dallas', 'US'],
      ]);
    });

    it("reads a bare city name two countries share with the qualifier the job's text writes after it (PageUp: Lehigh University)", () => {
      const described = (
        description: string,
        ...locations: SourceLocation[]
      ): [string | null, string | null][] =>
        deriveLocations(locations, 'Administrative Coordinator', description).locations.map((l) => [
          l.city,
          l.country_code,
        ]);
      const bethlehem = [{ text: 'Partial Remote' }, { text: 'Bethlehem' }];
      // By population alone: South Africa's Bethlehem.
      expect(described('', ...bethlehem)).to.deep.equal([['Bethlehem', 'ZA']]);
      expect(
        described(
          'Lehigh University brings together a close-knit campus community in Bethlehem, Pennsylvania, with the resources of a research university.',
          ...bethlehem,
        ),
      ).to.deep.equal([['Bethlehem', 'US']]);
      // The longest run of capitalized words that qualifies it; a state code too.
      expect(
        described('Our office in London, Ontario The team is hybrid.', { text: 'London' }),
      ).to.deep.equal([['London', 'CA']]);
      expect(described('Based in Cambridge, MA with travel.', { text: 'Cambridge' })).to.deep.equal([
        ['Cambridge', 'US'],
      ]);
      // What follows is no place of that name, the name is part of a longer word, or the location is
      // structured: as published.
      expect(described('Visit London, Our Flagship Store opens soon.', { text: 'London' })).to.deep.equal([
        ['London', 'GB'],
      ]);
      expect(described('New Londonderry, Ontario', { text: 'London' })).to.deep.equal([['London', 'GB']]);
      expect(
        described('in Bethlehem, Pennsylvania', { text: 'Bethlehem', city: 'Bethlehem', countryCode: 'ZA' }),
      ).to.deep.equal([['Bethlehem', 'ZA']]);
    });

    it('keeps the city inside the published country (SmartRecruiters, Recruitee, Ashby)', () => {
      // Not Geneva, Illinois.
      expect(
        places({ text: 'Geneva, GE, Switzerland', city: 'Geneva', region: 'GE', countryCode: 'CH' }),
      ).to.deep.equal([['Genève', 'CH']]);
      // A country's name in the city field is the country alone, not Poland, Ohio.
      expect(
        places({ text: 'Poland, REMOTE, Poland', city: 'Poland', region: 'REMOTE', countryCode: 'PL' }),
      ).to.deep.equal([[null, 'PL']]);
      expect(places({ city: 'Germany', country: 'Germany' })).to.deep.equal([[null, 'DE']]);
      // ISO's former "France, Metropolitan" is France (lemlist on Ashby).
      expect(places({ text: 'France', city: 'France', country: 'France, Metropolitan' })).to.deep.equal([
        [null, 'FR'],
      ]);
      // A world area in the city field is no city and no country ("Apac" is a town in Uganda): LI.FI.
      expect(
        places(
          { text: 'Remote EMEA', city: 'EMEA', region: 'EMEA', country: 'EMEA remote' },
          { text: 'Remote APAC', city: 'APAC', region: 'APAC' },
        ),
      ).to.deep.equal([]);
      // A city field naming another territory is that territory's city.
      expect(
        places({ text: 'Hong Kong', city: 'Hong Kong', region: 'Hong Kong', country: 'China' }),
      ).to.deep.equal([['Hong Kong', 'HK']]);
      // "Remote" in the city field (Pinpoint) is no place; a city field holding more than a city
      // is read as text (PageUp).
      expect(places({ text: 'Remote- USA', city: 'Remote' })).to.deep.equal([[null, 'US']]);
      // iCIMS (Incyte, a train board): "Remote Location" in the city field, Japan the country.
      expect(
        places({ text: 'Remote Location, Japan', city: 'Remote Location', country: 'Japan' }),
      ).to.deep.equal([[null, 'JP']]);
      expect(places({ city: 'Dubbo & Central NSW', region: 'NSW' })).to.deep.equal([['Dubbo', 'AU']]);
      // Ashby (startups-4 boards): the shown name "Mexico" over an addressCountry of Argentina; a
      // country's own name is the country, not its namesake village (Colombia, Huila); a
      // neighbourhood word is noise ("Los Angeles Downtown").
      expect(places({ text: 'Mexico', country: 'Argentina' })).to.deep.equal([[null, 'MX']]);
      expect(places({ text: 'Colombia', country: 'Colombia' })).to.deep.equal([[null, 'CO']]);
      expect(places({ text: 'Portugal', city: 'Portugal', country: 'Portugal' })).to.deep.equal([
        [null, 'PT'],
      ]);
      expect(
        places({
          text: 'Downtown LA',
          city: 'Los Angeles Downtown',
          region: 'California',
          country: 'United States',
        }),
      ).to.deep.equal([['Los Angeles', 'US']]);
      expect(places({ text: 'Monaco' })).to.deep.equal([['Monaco', 'MC']]);
      expect(places({ city: 'Singapore', region: 'Singapore', countryCode: 'SG' })).to.deep.equal([
        ['Singapore', 'SG'],
      ]);
      // A shown name of countries or regions only hides the office address behind it (Ashby boards
      // of the labelled set: arb-interactive's "United States" over Miami, boon's Bay Area); a
      // shown name that is the city itself keeps it (a city-state).
      expect(
        places({ text: 'United States', city: 'Miami', region: 'Florida', country: 'United States' }),
      ).to.deep.equal([[null, 'US']]);
      expect(
        places({
          text: 'San Francisco Bay Area',
          city: 'San Francisco Bay Area',
          region: 'California ',
          country: 'United States',
        }),
      ).to.deep.equal([[null, 'US']]);
      expect(places({ text: 'Singapore', city: 'Singapore', country: 'Singapore' })).to.deep.equal([
        ['Singapore', 'SG'],
      ]);
      // So does a shown name that only says remote, alone or with countries and regions (labelled
      // set: a Recruitee place "Remote" over New York, an Ashby "Remote" over a Palo Alto address;
      // the readers kept the country, not the head office's city).
      expect(
        places({ text: 'Remote', city: 'Palo Alto', region: 'California', country: 'United States' }),
      ).to.deep.equal([[null, 'US']]);
      expect(
        places({ text: 'Remote - United States', city: 'New York', region: 'New York', countryCode: 'US' }),
      ).to.deep.equal([[null, 'US']]);
      expect(places({ text: 'Remote (Germany)', city: 'Berlin', country: 'Germany' })).to.deep.equal([
        [null, 'DE'],
      ]);
      // A shown name that names the city keeps it, remote or not.
      expect(places({ text: 'Remote - Berlin', city: 'Berlin', country: 'Germany' })).to.deep.equal([
        ['Berlin', 'DE'],
      ]);
      expect(places({ text: 'Berlin (Remote)', city: 'Berlin', country: 'Germany' })).to.deep.equal([
        ['Berlin', 'DE'],
      ]);
      // A country inferred from a region code only ranks: NT is in Canada and in Australia.
      expect(places({ city: 'Darwin', region: 'NT' })).to.deep.equal([['Darwin', 'AU']]);
    });

    it('wins over text and keeps published coordinates (SmartRecruiters)', () => {
      const l = only({
        text: 'Fujisawa, Kanagawa, Japan',
        city: 'Fujisawa',
        region: 'Kanagawa',
        countryCode: 'JP',
        lat: 35.3391654,
        lng: 139.49014,
      });
      expect(l).to.deep.equal({
        city: 'Fujisawa',
        country: 'Japan',
        country_code: 'JP',
        lat: 35.3391654,
        lng: 139.49014,
      });
      // The employer's name for the place wins over the address behind it: Comeet's display name
      // says Dallas for a Plano office; roadsurfer's Ashby station "Nürnberg" has its address in
      // Fürth (labelled set: the readers take the named city). The same city spelt twice stays the
      // structured one, which knows the region ("Springfield" in Illinois).
      expect(places({ text: 'Dallas', city: 'Plano', region: 'TX', countryCode: 'US' })).to.deep.equal([
        ['Dallas', 'US'],
      ]);
      expect(places({ text: 'Nürnberg', city: 'Fürth', country: 'Germany' })).to.deep.equal([
        ['Nürnberg', 'DE'],
      ]);
      expect(
        places({ text: 'Springfield', city: 'Springfield', region: 'IL', countryCode: 'US' }),
      ).to.deep.equal([['Springfield', 'US']]);
      expect(
        only({ text: 'Springfield', city: 'Springfield', region: 'IL', countryCode: 'US' }).lat,
      ).to.be.closeTo(39.8, 0.1);
    });

    it('uses the region to pick the city and to infer the country (BambooHR)', () => {
      const l = only({ city: 'Fort Lauderdale', region: 'Florida' });
      expect(l.country_code).to.equal('US');
      expect(l.lat).to.be.closeTo(26.12, 0.05);
    });

    it('falls back to the text when the structured city is misspelled (Ashby "San Fransisco")', () => {
      expect(
        places({ text: 'San Francisco, CA', city: 'San Fransisco', region: 'California', country: 'USA' }),
      ).to.deep.equal([['San Francisco', 'US']]);
    });

    it('keeps an unknown published city with null coordinates (Breezy "Chaos, FL")', () => {
      expect(
        only({
          text: 'Chaos, FL',
          city: 'Chaos',
          region: 'Florida',
          country: 'United States',
          countryCode: 'US',
        }),
      ).to.deep.equal({
        city: 'Chaos',
        country: 'United States',
        country_code: 'US',
        lat: null,
        lng: null,
      });
    });

    it('reads countries by name, alpha-2 and alpha-3, and common variants', () => {
      expect(places({ country: 'USA' })).to.deep.equal([[null, 'US']]);
      expect(places({ country: 'United States of America' })).to.deep.equal([[null, 'US']]);
      expect(places({ country: 'UK' })).to.deep.equal([[null, 'GB']]);
      expect(places({ country: 'The Netherlands' })).to.deep.equal([[null, 'NL']]);
      expect(places({ countryCode: 'de' })).to.deep.equal([[null, 'DE']]);
    });

    it('lets the text add the city to a bare structured country (Workday "Stamford Hub")', () => {
      expect(
        places({ text: 'Stamford Hub', country: 'United States of America', countryCode: 'US' }),
      ).to.deep.equal([['Stamford', 'US']]);
    });

    it('dedupes and keeps a remote country without an office city (Ashby Ramp)', () => {
      const r = deriveLocations([
        { text: 'New York, NY (HQ)', city: 'New York City', region: 'NY', country: 'USA' },
        { text: 'Remote (Canada)', country: 'Canada' },
        { text: 'Remote (US)', country: 'United States' },
        { text: 'Miami, FL', city: 'Miami', region: 'Florida', country: 'USA' },
        { text: 'New York, NY', city: 'New York City', region: 'NY', country: 'USA' },
      ]);
      expect(r.remote).to.equal(true);
      expect(r.locations.map((l) => [l.city, l.country_code])).to.deep.equal([
        ['New York City', 'US'],
        [null, 'CA'],
        ['Miami', 'US'],
      ]);
    });
  });

  it('reads a hyphenated name (a Workday job path) where putting its commas back reads as that city', () => {
    const read = (hyphenated: string): [string | null, string | null][] => places({ hyphenated });
    expect(read('Raleigh-North-Carolina-United-States')).to.deep.equal([['Raleigh', 'US']]);
    expect(read('Mayfield-Heights-Ohio-United-States')).to.deep.equal([['Mayfield Heights', 'US']]);
    expect(read('Bac-Ninh-Bc-Ninh-Vietnam')).to.deep.equal([['Bắc Ninh', 'VN']]);
    expect(read('Perth-Western-Australia-Australia')).to.deep.equal([['Perth', 'AU']]);
    // Two capitals are a state's code as often as a country's (a real Booz Allen path, labelled set).
    expect(read('San-Diego-CA')).to.deep.equal([['San Diego', 'US']]);
    expect(read('Remote---Germany')).to.deep.equal([[null, 'DE']]);
    expect(read('Germany')).to.deep.equal([[null, 'DE']]);
    expect(read('Boston')).to.deep.equal([['Boston', 'US']]);
    // A name the gazetteer reads as another place ("Stamford") is no place; nor is a rollup.
    expect(read('Stamford-Hub')).to.deep.equal([]);
    expect(read('Multiple-Locations')).to.deep.equal([]);
    expect(read('')).to.deep.equal([]);
    expect(deriveLocations([{ hyphenated: 'Toronto-Ontario-Canada' }]).derivation.source).to.equal('rules');
    expect(deriveLocations([{ hyphenated: 'Remote---Germany' }]).remote).to.equal(true);
    expect(deriveLocations([{ hyphenated: 'Lodz-Lodz-Poland' }]).remote).to.equal(undefined);
  });

  it('always returns all five keys and a derivation', () => {
    const r = deriveLocations([{ text: 'Berlin' }, { country: 'Japan' }]);
    for (const l of r.locations)
      expect(Object.keys(l).sort()).to.deep.equal(['city', 'country', 'country_code', 'lat', 'lng']);
    expect(r.derivation.source).to.equal('rules');
    expect(deriveLocations([{ city: 'Berlin', countryCode: 'DE' }]).derivation).to.deep.equal({
      source: 'source_field',
      confidence: 1,
    });
    expect(deriveLocations([])).to.deep.equal({
      locations: [],
      derivation: { source: 'source_field', confidence: 1 },
    });
  });

  it('normalizes names and prints short English country names', () => {
    expect(normalizeName('  Zürich ')).to.equal('zurich');
    expect(normalizeName('St. Louis')).to.equal('st louis');
    expect(countryName('US')).to.equal('United States');
    expect(countryName('GB')).to.equal('United Kingdom');
    expect(countryName('IR')).to.equal('Iran');
    expect(countryName('XX')).to.equal(null);
  });
});
