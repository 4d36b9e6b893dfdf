import { expect } from 'chai';
import { deriveVisaSponsorship } from '../../../src/ingest/enrich/visa.js';
import { input } from './helpers.js';

function visa(text: string): boolean | undefined {
  return deriveVisaSponsorship(input('Engineer', text))?.value;
}

describe('visa_sponsorship', () => {
  it('is false when sponsorship is explicitly ruled out (fixture sentences first)', () => {
    // Workday Synchrony and Oracle American Express fixtures.
    expect(
      visa(
        'We will not sponsor individuals for employment visas, now or in the future, for this job opening.',
      ),
    ).to.equal(false);
    expect(
      visa(
        'Employment eligibility to work with American Express in the United States is required as the company will not pursue visa sponsorship for these positions.',
      ),
    ).to.equal(false);
    expect(visa('We are unable to sponsor visas at this time.')).to.equal(false);
    expect(visa('No visa sponsorship.')).to.equal(false);
    expect(visa('Sponsorship is not available for this role.')).to.equal(false);
    expect(visa('You must be authorized to work in the US without sponsorship.')).to.equal(false);
    expect(
      visa('Must be authorized to work in Canada without the need for current or future visa sponsorship.'),
    ).to.equal(false);
    expect(visa('Candidates who require sponsorship now or in the future will not be considered.')).to.equal(
      false,
    );
    expect(visa('We do not offer visa sponsorship.')).to.equal(false);
    // iCIMS, Universal Health Services (labelled set, dev), and the hyphenated spelling.
    expect(visa('Please note: This position is not available for a J1 or H1B visa sponsorship.')).to.equal(
      false,
    );
    expect(visa('This role is not eligible for H-1B visa sponsorship.')).to.equal(false);
    // Recruitee, Si-Ware Systems (labelled set, train): a nationality restriction.
    expect(
      visa('- Citizenship: This role is open to Saudi Nationals in line with local employment regulations.'),
    ).to.equal(false);
    expect(visa('Visa sponsorship: No')).to.equal(false);
    expect(visa('We are not open to sponsoring visas for this role.')).to.equal(false);
    expect(visa('We do not cover visa costs.')).to.equal(false);
    expect(visa("Visa sponsorship isn't available for this role.")).to.equal(false);
    expect(visa('This position does not qualify for sponsorship.')).to.equal(false);
    expect(visa('Sponsorship cannot be provided for this role.')).to.equal(false);
    expect(visa('Applicants must not require visa sponsorship now or in the future.')).to.equal(false);
    expect(visa('Only candidates who do not require sponsorship will be considered.')).to.equal(false);
    expect(visa('Sponsorship: Not offered')).to.equal(false);
    expect(visa('This package does not include visa sponsorship.')).to.equal(false);
    expect(visa('Eine Visa-Unterstützung ist leider nicht möglich.')).to.equal(false);
    expect(visa('Nous ne sommes pas en mesure de sponsoriser un visa.')).to.equal(false);
    expect(visa('No ofrecemos patrocinio de visa.')).to.equal(false);
    expect(visa('Visa sponsoring is not possible for this role.')).to.equal(false);
    expect(visa('Wir bieten leider kein Visa-Sponsoring an.')).to.equal(false);
  });

  it('is true only when sponsorship is explicitly offered', () => {
    expect(visa('Visa sponsorship is available for this position.')).to.equal(true);
    expect(visa('We offer visa sponsorship and relocation support.')).to.equal(true);
    expect(visa('We can sponsor work visas for the right candidate.')).to.equal(true);
    expect(visa('Relocation and visa support provided.')).to.equal(true);
    // An Ashby board of the labelled set (train): an item of the offer list, and the company as subject.
    expect(
      visa(
        'We offer: Competitive salary, stock options, private health & dental, 12 mental health days annually, community volunteer day, free breakfast, learning & development support, and visa sponsorship.',
      ),
    ).to.equal(true);
    expect(visa('GetGround provides visa sponsorship for this role (if necessary)')).to.equal(true);
    expect(visa('Benefits: equity, a home-office budget and visa sponsorship.')).to.equal(true);
    expect(visa('The company no longer provides visa sponsorship.')).to.equal(false);
    expect(
      visa('We offer a competitive salary and equity, but we do not provide visa sponsorship.'),
    ).to.equal(false);
    // Breezy, German American Chambers of Commerce (labelled set, train).
    expect(visa('This is an unpaid internship. GTAI is covering the J1 visa processing fee.')).to.equal(true);
    // The label guidelines' readings (SOURCES-startups-5.md).
    expect(visa('Visa sponsorship is only available for positions based in France.')).to.equal(true);
    expect(
      visa('We offer relocation support that includes the visa / residence and work-permit procedure.'),
    ).to.equal(true);
    expect(visa('This role is eligible for visa sponsorship.')).to.equal(true);
    expect(visa('We are open to sponsoring visas for exceptional candidates.')).to.equal(true);
    expect(visa('Benefits\n- Visa sponsorship\n- Gym membership')).to.equal(true);
    expect(visa('Visa sponsorship: Yes')).to.equal(true);
    expect(visa('We offer H-1B sponsorship.')).to.equal(true);
    expect(visa('This role offers visa sponsorship.')).to.equal(true);
    expect(visa('We welcome applicants who require visa sponsorship.')).to.equal(true);
    expect(visa('We will sponsor the right candidate.')).to.equal(true);
    expect(visa('Relocation assistance and visa sponsorship are available.')).to.equal(true);
    expect(visa('Visa sponsorship can be provided for this role.')).to.equal(true);
    expect(visa('Immigration support is available.')).to.equal(true);
    expect(visa('Benefits include visa sponsorship.')).to.equal(true);
    expect(visa('Wir bieten Unterstützung beim Visum und Umzug.')).to.equal(true);
    expect(visa('Nous offrons un accompagnement pour le visa.')).to.equal(true);
    expect(visa('Ofrecemos patrocinio de visa.')).to.equal(true);
    // Ashby boards of the labelled set (wave 4, train): relocation with sponsorship, sponsoring visas.
    expect(
      visa(
        'Relocation: This role offers relocation from the USA to Germany, with full visa sponsorship and legal support provided after a successful 3-month period.',
      ),
    ).to.equal(true);
    expect(visa('We don’t shy away from sponsoring US visas and green card petitions.')).to.equal(true);
    expect(visa('We are not sponsoring visas for this role.')).to.equal(false);
    expect(
      visa('We can help you move to Germany and get a visa or just hire you locally with our partner Deel.'),
    ).to.equal(true);
    expect(visa('We cannot help you get a visa for this role.')).to.equal(false);
    expect(visa('Applicants must be able to work without visa sponsorship.')).to.equal(false);
  });

  it('is omitted for relocation support alone, work authorization or citizenship requirements', () => {
    // Label guidelines (SOURCES-multilingual-5.md) and train labels (Northrop Grumman, Hudson Manpower).
    expect(visa('- International relocation support')).to.equal(undefined);
    expect(visa('U.S. citizenship is required for this position.')).to.equal(undefined);
    expect(visa('Are you legally authorized to work in the United States?')).to.equal(undefined);
    expect(visa('Will you now or in the future require sponsorship for employment visa status?')).to.equal(
      undefined,
    );
    expect(visa('Sponsorship may not be available.')).to.equal(undefined);
    expect(visa('Bewerber aus der EU benötigen kein Visum.')).to.equal(undefined);
  });

  it('is omitted when the sponsorship is of something else', () => {
    expect(visa('Employees are eligible for sponsorship of the CPA exam.')).to.equal(undefined);
    expect(visa('We will sponsor local community events.')).to.equal(undefined);
    expect(visa('Sponsorship is available for professional certifications.')).to.equal(undefined);
  });

  it('is omitted when visas are the subject of the job, not its terms (Personio laOlaWeb fixture)', () => {
    const text = [
      'The International Affairs Office Manager will ensure the provision of visa support to all registered laOlaWeb students as well as compliance with all necessary visa regulations as per German law.',
      '• Driving the development of BSBI’s visa support services and creating the strategy needed to meet its objectives.',
      '• Previous experience in working with visa matters, German immigration offices and/or lawyers',
    ].join('\n');
    expect(visa(text)).to.equal(undefined);
  });

  it('is omitted when silent or contradictory', () => {
    expect(visa('We build developer tools.')).to.equal(undefined);
    expect(
      visa('Visa sponsorship is available for our Toronto office. We are unable to sponsor visas in the US.'),
    ).to.equal(undefined);
  });
});
