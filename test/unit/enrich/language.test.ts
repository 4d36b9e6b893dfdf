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
    expect(english?.derivation.confidence).to.be.within(0.8, 0.9);
  });

  it('reads a text mostly of English words as English where the n-gram detector wavers', () => {
    // A real Pinpoint description (AAWDC's talent pipeline, cut by its recorder): tinyld puts
    // Tagalog (0.43) ahead of English (0.42) on it.
    const pipeline =
      'AAWDC work with businesses throughout the Anne Arundel County area that are seeking talented and motivated professionals to join thier Talent Pipeline for upcoming op\n\nKey Responsibilities\nWhile the exact duties will depend on the specific role, candidates in the pipeline may be expected to:\n- Support the federal government in achieving mission-cr\n\nQualifications:\n\nActive Security Clearance: Public Trust, Secret, Top Secret, TS/SCI or TS/SCI with Full Scope Poly.\n- Excellent customer service skil';
    expect(deriveLanguage(input('Talent Pipeline', pipeline))).to.deep.equal({
      value: 'en',
      derivation: { source: 'rules', confidence: 0.9 },
    });
    // Norwegian shares too few words with English to be read as it.
    expect(deriveLanguage(input('Åpen søknad', NORWEGIAN))?.value).to.equal('no');
  });

  it('stays silent on short texts and template filler', () => {
    expect(detectLanguage('Account Executive')).to.equal(undefined);
    expect(deriveLanguage(input('Kundenberater Vertrieb'))).to.equal(undefined);
    const lorem =
      'Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy eirmod tempor invidunt ut labore et dolore magna aliquyam erat, sed diam voluptua. At vero eos et accusam et justo duo dolores et ea rebum. Stet clita kasd gubergren, no sea takimata sanctus est.';
    expect(deriveLanguage(input('Initiativbewerbung', lorem))).to.equal(undefined);
  });

  it('reads a short posting by the conventions of its title: gender markers, English words, English-speaking places', () => {
    const lowConfidence = { source: 'rules', confidence: 0.6 };
    for (const title of ['Sales Consultant (m/w/d)', 'Werkstudent (w/m/x) Marketing', 'Koch (m/w/divers)'])
      expect(deriveLanguage(input(title), ['CH']), title).to.deep.equal({
        value: 'de',
        derivation: lowConfidence,
      });
    expect(deriveLanguage(input('Développeur Fullstack (H/F)'), ['FR'])?.value).to.equal('fr');
    expect(deriveLanguage(input('Corrosion Technician III'), ['US', 'GB'])?.value).to.equal('en');
    // A title in English words is English wherever the job is (the labelled set's readers agree),
    // acronyms and one unknown word (a product) aside; "(m/f/d)" is the English rendering.
    for (const title of [
      'Account Executive',
      'Office Support Specialist',
      'HSE Specialist',
      'Sr Network OT Engineer',
      'Palantir Foundry Ontology Engineer',
      'Sales Manager (m/f/d)',
    ])
      expect(deriveLanguage(input(title), ['TR']), title).to.deep.equal({
        value: 'en',
        derivation: lowConfidence,
      });
    expect(deriveLanguage(input('Account Executive'), [])?.value).to.equal('en');
    // Titles in other languages, or mostly unknown words, say nothing outside English-speaking places.
    for (const title of [
      'Parajuriste en litige',
      'Adjoint juridique bilingue',
      'Ingeniero de Software',
      'Sachbearbeiter Buchhaltung',
      'Praktikant Marketing',
      'ソリューションアーキテクト',
      'SAP FI/CO',
    ])
      expect(deriveLanguage(input(title), ['CA', 'DE']), title).to.equal(undefined);
    expect(deriveLanguage(input('Técnico de Mantenimiento'), ['US'])?.value).to.equal('en');
    expect(deriveLanguage(input('ソリューションアーキテクト'), ['US'])).to.equal(undefined);
  });
});
