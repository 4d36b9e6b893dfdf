import { expect } from 'chai';
import {
  deriveExperienceLevel,
  mapNativeExperience,
  titleLevel,
} from '../../../src/ingest/enrich/experience-level.js';
import { input } from './helpers.js';

describe('experience_level', () => {
  it('maps native values, spans included', () => {
    expect(mapNativeExperience('Internship')).to.equal('intern'); // SmartRecruiters
    expect(mapNativeExperience('student')).to.equal('intern'); // Personio
    expect(mapNativeExperience('entry-level')).to.equal('entry');
    expect(mapNativeExperience('Associate')).to.equal('mid');
    expect(mapNativeExperience('mid_level')).to.equal('mid'); // Recruitee
    expect(mapNativeExperience('Mid-Senior level')).to.deep.equal(['mid', 'senior']); // Workable
    expect(mapNativeExperience('experienced')).to.deep.equal(['mid', 'senior']);
    expect(mapNativeExperience('Director')).to.equal('executive');
    expect(mapNativeExperience('Not Applicable')).to.equal(undefined);
  });

  it('reads title cues', () => {
    const cases: [string, string | undefined][] = [
      ['Intern - Data Science', 'intern'],
      // A working student is no grade of experience (train: the set leaves them null).
      ['Social Media (Working Student)', undefined],
      ['Werkstudent:in Office Management', undefined],
      ['Junior Sales Manager', 'entry'],
      ['Associate Product Manager', 'entry'],
      // An in-house lawyer's or a partner's "Associate" is no junior grade (wave-3 Ashby board).
      ['Associate General Counsel - Product & Regulatory', undefined],
      ['Associate Partner, Strategy', undefined],
      ['Associate Legal Counsel', undefined],
      // "Chief" is C-level as a chief … officer or the chief of staff, not a crew's chief (train).
      ['Party Chief', undefined],
      ['Chief Revenue Officer', 'executive'],
      ['Chief of Staff to the CEO', 'executive'],
      ['AVP - IT Chief Technology Officer', 'executive'],
      ['Chief Marketing/Growth Officer', 'executive'],
      ['Chief Executive, Community Foundation', 'executive'],
      // Staff and a discipline written in two words (wave-3 Ashby board).
      ['Staff Front End Engineer', 'lead'],
      ['Staff Platform Engineer', 'lead'],
      ['Staff Accountant - BSC (Hybrid)', 'entry'],
      ['Senior Technical Recruiter', 'senior'],
      ['(Senior) Financial Accountant (f/m/d)', 'senior'],
      ['Sr. Data Engineer', 'senior'],
      ['Corrosion Technician III', 'senior'],
      ['Internal Audit Data Analytics Lead', 'lead'],
      ['Principal Research Scientist', 'lead'],
      ['Staff Software Engineer', 'lead'],
      ['Radiation Protection Supervisor - Plant Hatch', 'lead'],
      ['Director of Finance', 'executive'],
      ['Dir Reg Strategy & Rev Policy', 'executive'],
      ['VP of Engineering', 'executive'],
      ['Head of People', 'executive'],
      ['Account Executive', undefined],
      ['Account Director (Inside/Outside Hybrid Sales)', undefined],
      ['Member of Technical Staff', undefined],
      ['Executive Assistant', undefined],
      // Whom the role supports is no level of its own (Aspora, Lawhive on Ashby).
      ['Executive Assistant (to CEO) & Office Manager', undefined],
      ['Executive Assistant to the CEO', undefined],
      ['Chief of Staff to the CEO', 'executive'],
      ['Accounting Manager, GL Operations & Intercompany', undefined],
      // Wave 2 train and dev boards: the level in parentheses, and the director's deputy.
      ['IT Project Manager (Mid-level)', 'mid'],
      // "Mid" opening a title is the grade, not a market segment (train); Dutch "Medior".
      ['Mid Backend Engineer - Platform', 'mid'],
      ['Medior Frontend Developer', 'mid'],
      ['Mid Market Account Executive', undefined],
      ['Mid-Market Sales Manager', undefined],
      ['Midwest Territory Manager', undefined],
      ['Associate Director, Clinical Trial Management', 'lead'],
      // A leader leads; teams and shifts are led in other languages too; internships,
      // apprenticeships and work-study (roadsurfer, Bliro, Recruitee boards).
      ['Parts Production Team Leader', 'lead'],
      ['Teamlead Accounts Payable (m/f/d)', 'lead'],
      ['Teamleiter Kreditorenbuchhaltung (m/w/d)', 'lead'],
      ["Chef d'équipe logistique (H/F)", 'lead'],
      ['Praktikum im Start-up', 'intern'],
      ['Starte dein Abenteuer: Duales Studium Outdoor Studies bei roadsurfer (m/w/d)', 'intern'],
      ['Ausbildung zur Kauffrau für Büromanagement', 'intern'],
      ['Business Developer Retail Lyon - Stage ou Alternance', 'intern'],
      ['Stage Manager', undefined],
    ];
    for (const [title, level] of cases) expect(titleLevel(title), title).to.equal(level);
  });

  it('reads an internship as the intern level, and early-career groups as entry', () => {
    const intern = deriveExperienceLevel(
      input('Business Development Summer Intern', undefined, { experience: 'entry-level' }),
      ['INTERN', 'FULL_TIME'],
    );
    expect(intern?.value).to.equal('intern');
    expect(
      deriveExperienceLevel(input('Estagiário Técnico', undefined, { experience: 'Entry Level' }), ['INTERN'])
        ?.value,
    ).to.equal('intern');
    // A title that names another level wins over the employment type.
    expect(deriveExperienceLevel(input('Senior Analyst'), ['INTERN'])?.value).to.equal('senior');
    expect(
      deriveExperienceLevel(
        input('Business Development Representative', undefined, { department: 'Early Career' }),
      ),
    ).to.deep.equal({
      value: 'entry',
      derivation: { source: 'rules', confidence: 0.6 },
    });
  });

  it('lets native values win, and a title cue decide inside a native span', () => {
    expect(
      deriveExperienceLevel(input('Intern - Data Science', undefined, { experience: 'Internship' })),
    ).to.deep.equal({
      value: 'intern',
      derivation: { source: 'source_field', confidence: 1 },
    });
    expect(
      deriveExperienceLevel(input('(Senior) Financial Accountant', undefined, { experience: 'experienced' })),
    ).to.deep.equal({
      value: 'senior',
      derivation: { source: 'rules', confidence: 0.9 },
    });
    // Personio: "Junior" in the title is outside the "experienced" span.
    expect(
      deriveExperienceLevel(input('Junior Sales Manager', undefined, { experience: 'experienced' })),
    ).to.deep.equal({
      value: 'mid',
      derivation: { source: 'rules', confidence: 0.7 },
    });
    // Recruitee (Voortman, a train board): a lead title is above the span, and outranks it.
    expect(
      deriveExperienceLevel(input('Lead Software Developer XR', undefined, { experience: 'experienced' })),
    ).to.deep.equal({
      value: 'lead',
      derivation: { source: 'rules', confidence: 0.95 },
    });
    expect(
      deriveExperienceLevel(input('Head of Finance', undefined, { experience: 'Mid-Senior level' }))?.value,
    ).to.equal('executive');
  });

  it('lets a title stating senior or above outrank a different native value (a board default)', () => {
    // City and County of San Francisco files every row as Entry Level; Delivery Hero as Associate.
    expect(
      deriveExperienceLevel(
        input('Director of Risk Management (0941) - Risk Management', undefined, {
          experience: 'Entry Level',
        }),
      ),
    ).to.deep.equal({ value: 'executive', derivation: { source: 'rules', confidence: 0.95 } });
    expect(
      deriveExperienceLevel(
        input('Senior Software Engineer- Backend', undefined, { experience: 'Associate' }),
      )?.value,
    ).to.equal('senior');
    expect(
      deriveExperienceLevel(input('Marketing Lead', undefined, { experience: 'executive' }))?.value,
    ).to.equal('lead');
    expect(
      deriveExperienceLevel(
        input('US Office Support and Operations Intern', undefined, { experience: 'Entry level' }),
      )?.value,
    ).to.equal('intern');
    // A title stating a lower rung does not: "Accountant I" on a Mid-Level board stays mid.
    expect(
      deriveExperienceLevel(input('Accountant I', undefined, { experience: 'Mid-Level' })),
    ).to.deep.equal({
      value: 'mid',
      derivation: { source: 'source_field', confidence: 1 },
    });
  });

  it('reads how the description introduces the role, else omits', () => {
    const ramp =
      'About the Role\nWe are looking for a Senior Application Engineer primarily focusing on Salesforce.com and integrations.';
    expect(deriveExperienceLevel(input('GTM Systems Engineer, Salesforce', ramp))?.value).to.equal('senior');
    const upcloud = 'This is an opportunity for someone early in their career who enjoys working with data.';
    expect(deriveExperienceLevel(input('Business Intelligence Analyst', upcloud))?.value).to.equal('entry');
    expect(
      deriveExperienceLevel(input('Account Executive', '5+ years of experience in SaaS sales.')),
    ).to.equal(undefined);
    // Wave 3 train boards: a career's beginning, and the German career entry.
    const servicenow = 'This role is for engineers beginning their software engineering career.';
    expect(deriveExperienceLevel(input('Software Engineer', servicenow))?.value).to.equal('entry');
    const bliro = 'Wir bereiten dich optimal auf den Berufseinstieg im Vertrieb vor.';
    expect(deriveExperienceLevel(input('Sales Development (SDR) bei Bliro (m/w/d)', bliro))?.value).to.equal(
      'entry',
    );
    // "Fresh graduates are welcome" beside 0-5 years is an invitation, not the role's level.
    expect(
      deriveExperienceLevel(input('General Program Manager', 'Fresh graduates are welcome to apply.')),
    ).to.equal(undefined);
  });

  it('reads rotation programmes, "Assoc" and early-in-career groups as entry (ServiceNow)', () => {
    expect(titleLevel('Finance Development Rotation Program (FDRP)')).to.equal('entry');
    expect(titleLevel('Assoc Machine Learning Engineer')).to.equal('entry');
    expect(titleLevel('Associate Product Manager')).to.equal('entry');
    expect(titleLevel('Associated Press Editor')).to.equal(undefined);
    expect(
      deriveExperienceLevel(input('Machine Learning Engineer', undefined, { department: 'Early In Career' }))
        ?.value,
    ).to.equal('entry');
  });
});
