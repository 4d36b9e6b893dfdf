import { expect } from 'chai';
import { deriveLanguage, detectLanguage, nativeLanguage } from '../../../src/ingest/enrich/language.js';
import { input } from './helpers.js';

const NORWEGIAN =
  'Ferd er et familieeid norsk investeringsselskap med en visjon om å «skape varige verdier og sette tydelige spor». Konsernet satser på verdiskapende eierskap i virksomheter og finansielle investeringer og eies av Johan H. Andresen med familie. Vil du jobbe for oss? Vi oppfordrer til å følge med på våre utlyste stillinger og søke direkte på disse.';
const ENGLISH =
  'We are looking for a competent Account Executive to find business opportunities and manage customer relationships. You will be directly responsible for the preservation and expansion of our customer base. The ideal candidate will have talent in sales and experience in customer service.';

describe('language', () => {
  it('takes a valid native ISO 639-1 code first', () => {
    expect(nativeLanguage('en')).to.equal('en');
    expect(nativeLanguage('ja')).to.equal('ja');
    expect(nativeLanguage('en-US')).to.equal('en');
    expect(nativeLanguage('US')).to.equal(undefined); // Oracle's language code for American English
    expect(nativeLanguage('xx')).to.equal(undefined);
    expect(deriveLanguage(input('Account Executive', NORWEGIAN, { language: 'ja' }))).to.deep.equal({
      value: 'ja',
      derivation: { source: 'source_field', confidence: 1 },
    });
  });

  it('detects long texts', () => {
    expect(deriveLanguage(input('Åpen søknad', NORWEGIAN))?.value).to.equal('no');
    const english = deriveLanguage(input('Account Executive', ENGLISH));
    expect(english?.value).to.equal('en');
    expect(english?.derivation.source).to.equal('rules');
    expect(english?.derivation.confidence).to.be.within(0.3, 0.95);
  });

  it('stays silent on short texts and template filler', () => {
    expect(detectLanguage('Account Executive')).to.equal(undefined);
    expect(deriveLanguage(input('Corrosion Technician III'))).to.equal(undefined);
    const lorem =
      'Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy eirmod tempor invidunt ut labore et dolore magna aliquyam erat, sed diam voluptua. At vero eos et accusam et justo duo dolores et ea rebum. Stet clita kasd gubergren, no sea takimata sanctus est.';
    expect(deriveLanguage(input('General Application', lorem))).to.equal(undefined);
  });

  it('reads a short posting by the conventions of its title: gender markers, English-speaking places only', () => {
    const lowConfidence = { source: 'rules', confidence: 0.6 };
    for (const title of ['Sales Consultant (m/w/d)', 'Werkstudent (w/m/x) Marketing', 'Koch (m/w/divers)'])
      expect(deriveLanguage(input(title), ['CH']), title).to.deep.equal({
        value: 'de',
        derivation: lowConfidence,
      });
    expect(deriveLanguage(input('Développeur Fullstack (H/F)'), ['FR'])?.value).to.equal('fr');
    expect(deriveLanguage(input('Corrosion Technician III'), ['US', 'GB'])?.value).to.equal('en');
    // Canada and India write in other languages too; mixed or unknown places say nothing.
    expect(deriveLanguage(input('Account Executive'), ['CA'])).to.equal(undefined);
    expect(deriveLanguage(input('Account Executive'), ['US', 'DE'])).to.equal(undefined);
    expect(deriveLanguage(input('Account Executive'), [])).to.equal(undefined);
    expect(deriveLanguage(input('ソリューションアーキテクト'), ['US'])).to.equal(undefined);
    // "(m/f/d)" is the English rendering: no German reader implied.
    expect(deriveLanguage(input('Sales Manager (m/f/d)'), ['DE'])).to.equal(undefined);
  });
});
