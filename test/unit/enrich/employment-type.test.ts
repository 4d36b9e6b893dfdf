import { expect } from 'chai';
import {
  deriveEmploymentType,
  mapNativeEmploymentTypes,
} from '../../../src/ingest/enrich/employment-type.js';
import { input } from './helpers.js';

describe('employment_type', () => {
  it('maps native values from every platform in the fixtures', () => {
    expect(mapNativeEmploymentTypes(['FullTime'])).to.deep.equal(['FULL_TIME']); // Ashby
    expect(mapNativeEmploymentTypes(['full_time'])).to.deep.equal(['FULL_TIME']); // Gem, Pinpoint
    expect(mapNativeEmploymentTypes(['fulltime_permanent'])).to.deep.equal(['FULL_TIME']); // Recruitee
    expect(mapNativeEmploymentTypes(['Full-time'])).to.deep.equal(['FULL_TIME']); // Lever, Workable
    expect(mapNativeEmploymentTypes(['Regular Full Time (Salary)'])).to.deep.equal(['FULL_TIME']); // Lever demo
    expect(mapNativeEmploymentTypes(['Full time'])).to.deep.equal(['FULL_TIME']); // Workday timeType
    expect(mapNativeEmploymentTypes(['Part-time'])).to.deep.equal(['PART_TIME']); // SmartRecruiters
    expect(mapNativeEmploymentTypes(['Contract'])).to.deep.equal(['CONTRACTOR']); // Breezy
    expect(mapNativeEmploymentTypes(['freelance'])).to.deep.equal(['CONTRACTOR']);
    expect(mapNativeEmploymentTypes(['Intern'])).to.deep.equal(['INTERN']);
    expect(mapNativeEmploymentTypes(['Internship'])).to.deep.equal(['INTERN']); // BambooHR
    expect(mapNativeEmploymentTypes(['trainee'])).to.deep.equal(['INTERN']);
    expect(mapNativeEmploymentTypes(['Temporary'])).to.deep.equal(['TEMPORARY']);
    expect(mapNativeEmploymentTypes(['fixed_term'])).to.deep.equal(['TEMPORARY']);
    expect(mapNativeEmploymentTypes(['Fixed-term contract'])).to.deep.equal(['TEMPORARY']);
    expect(mapNativeEmploymentTypes(['Seasonal'])).to.deep.equal(['TEMPORARY']); // JazzHR
    expect(mapNativeEmploymentTypes(['Other'])).to.deep.equal(['OTHER']); // Breezy
    expect(mapNativeEmploymentTypes(['Volunteer'])).to.deep.equal(['VOLUNTEER']);
    expect(mapNativeEmploymentTypes(['Per Diem'])).to.deep.equal(['PER_DIEM']);
    // Rippling's codes (the recorded acrn detail's label), beside the tenant's own words.
    expect(mapNativeEmploymentTypes(['SALARIED_FT'])).to.deep.equal(['FULL_TIME']);
    expect(mapNativeEmploymentTypes(['HOURLY_PT'])).to.deep.equal(['PART_TIME']);
    expect(
      mapNativeEmploymentTypes(['Fixed-Term Employee: Salaried, full-time', 'SALARIED_FT']),
    ).to.have.members(['FULL_TIME', 'TEMPORARY']);
  });

  it('maps native values in other languages (ADP fr_CA "Temps plein", Polish, German, Portuguese, Dutch)', () => {
    expect(mapNativeEmploymentTypes(['Temps plein'])).to.deep.equal(['FULL_TIME']);
    expect(mapNativeEmploymentTypes(['Pełny etat'])).to.deep.equal(['FULL_TIME']);
    expect(mapNativeEmploymentTypes(['Niepełny etat'])).to.deep.equal(['PART_TIME']);
    expect(mapNativeEmploymentTypes(['Teilzeit'])).to.deep.equal(['PART_TIME']);
    expect(mapNativeEmploymentTypes(['Estágio'])).to.deep.equal(['INTERN']);
    expect(mapNativeEmploymentTypes(['Praktikum'])).to.deep.equal(['INTERN']);
    expect(mapNativeEmploymentTypes(['Voltijd'])).to.deep.equal(['FULL_TIME']);
    expect(mapNativeEmploymentTypes(['Befristet'])).to.deep.equal(['TEMPORARY']);
  });

  it('counts permanent/regular as full-time only without an explicit schedule (Personio)', () => {
    expect(mapNativeEmploymentTypes(['permanent'])).to.deep.equal(['FULL_TIME']);
    expect(mapNativeEmploymentTypes(['Regular'])).to.deep.equal(['FULL_TIME']); // Greenhouse metadata
    expect(mapNativeEmploymentTypes(['permanent', 'part-time'])).to.deep.equal(['PART_TIME']);
    expect(mapNativeEmploymentTypes(['permanent', 'full-or-part-time'])).to.have.members([
      'FULL_TIME',
      'PART_TIME',
    ]);
    expect(mapNativeEmploymentTypes(['intern', 'part-time'])).to.have.members(['INTERN', 'PART_TIME']);
  });

  it('ignores values it does not know', () => {
    expect(mapNativeEmploymentTypes(['employment_required', 'TBD'])).to.deep.equal([]);
    expect(deriveEmploymentType(input('Job', undefined, { employmentTypes: ['TBD'] }))).to.equal(undefined);
  });

  it('records native values as source_field with confidence 1', () => {
    expect(
      deriveEmploymentType(input('Account Executive', undefined, { employmentTypes: ['FullTime'] })),
    ).to.deep.equal({
      value: ['FULL_TIME'],
      derivation: { source: 'source_field', confidence: 1 },
    });
  });

  it('adds INTERN from the title to native values that lack it (Workday "BLP Intern", timeType Full time)', () => {
    const r = deriveEmploymentType(
      input('BLP Intern – Technology', undefined, { employmentTypes: ['Full time'] }),
    );
    expect(r?.value).to.deep.equal(['FULL_TIME', 'INTERN']);
    expect(r?.derivation.source).to.equal('rules');
  });

  it('adds FULL_TIME to an internship whose description states full-time (wave-3 Ashby board, AlephAlpha)', () => {
    const text =
      'We are looking for full-time interns for a duration of 5-6 months, starting in December or January in our Heidelberg office.';
    expect(
      deriveEmploymentType(input("Founder's Associate Intern (f/m/d)", text, { employmentTypes: ['Intern'] }))
        ?.value,
    ).to.have.members(['FULL_TIME', 'INTERN']);
    // Without native values, from the title.
    expect(
      deriveEmploymentType(input('Praktikum Marketing (m/w/d)', 'Art: Vollzeitpraktikum, 6 Monate'))?.value,
    ).to.have.members(['FULL_TIME', 'INTERN']);
    // A full-time offer after the internship is not the internship's schedule.
    expect(
      deriveEmploymentType(
        input(
          'Research Intern',
          'The position is open for end-of-study interns, with an opportunity for full-time employment afterwards.',
          {
            employmentTypes: ['Intern'],
          },
        ),
      )?.value,
    ).to.deep.equal(['INTERN']);
  });

  it('takes a title that says part-time over a native full-time value (Ashby, Satispay: FullTime)', () => {
    const of = (title: string): unknown =>
      deriveEmploymentType(input(title, undefined, { employmentTypes: ['FullTime'] }))?.value;
    expect(of('Inside Business Development Support, Napoli - Part-time (L.68/99)')).to.deep.equal([
      'PART_TIME',
    ]);
    // Both named: the title offers both schedules (the labelled set's one such posting, Endex's
    // "(Full/Part-Time)", is labelled both). Neither: the native value stands.
    expect(of('Barista (Full-time / Part-time)')).to.deep.equal(['FULL_TIME', 'PART_TIME']);
    expect(of('Account Executive')).to.deep.equal(['FULL_TIME']);
  });

  it('adds INTERN from a native internship level (SmartRecruiters: Bosch, typeOfEmployment Part-time)', () => {
    // The labelled set's Bosch posting (train board): "Architecture Smart Start - Recruitment Days".
    const level = { employmentTypes: ['Part-time'], experience: 'Internship' };
    const r = deriveEmploymentType(input('Architecture Smart Start - Recruitment Days', undefined, level));
    expect(r?.value).to.deep.equal(['PART_TIME', 'INTERN']);
    expect(r?.derivation.source).to.equal('rules');
    expect(
      deriveEmploymentType(input('Smart Start', undefined, { experience: 'internship' }))?.value,
    ).to.deep.equal(['INTERN']);
    // "Student" is no internship: some boards give it to any junior role.
    expect(
      deriveEmploymentType(
        input('Sales Assistant', undefined, { employmentTypes: ['Full-time'], experience: 'Student' }),
      )?.value,
    ).to.deep.equal(['FULL_TIME']);
  });

  it("takes an internship's fixed term for the internship, not a second kind of employment", () => {
    // The labelled set's dev boards: Workable (Blueground) and SmartRecruiters (Syngenta), as recorded.
    const guest = deriveEmploymentType(
      input('Guest Operations Intern', undefined, { employmentTypes: ['Temporary'] }),
    );
    expect(guest?.value).to.deep.equal(['INTERN']);
    expect(guest?.derivation.source).to.equal('rules');
    const aprendiz = input('Jovem Aprendiz - Holambra (Exclusivo Para Pessoas Pretas e Pardas)', undefined, {
      employmentTypes: ['Contract'],
    });
    expect(deriveEmploymentType(aprendiz)?.value).to.deep.equal(['INTERN']);
    // Native values that say intern and temporary at once: the same.
    expect(
      deriveEmploymentType(
        input('Summer Analyst', undefined, { employmentTypes: ['Internship', 'Temporary'] }),
      )?.value,
    ).to.deep.equal(['INTERN']);
    expect(deriveEmploymentType(input('Temporary Intern'))?.value).to.deep.equal(['INTERN']);
    // A schedule stays: it says how many hours the internship takes.
    expect(
      deriveEmploymentType(
        input('Marketing Intern', undefined, { employmentTypes: ['Part-time', 'Temporary'] }),
      )?.value,
    ).to.deep.equal(['PART_TIME', 'INTERN']);
  });

  it('reads internships, apprenticeships and work-study in other languages from the title', () => {
    for (const title of [
      'Praktikum im Start-up',
      'Duales Studium Outdoor Studies (m/w/d)',
      'Stagiaire RH (H/F)',
    ])
      expect(deriveEmploymentType(input(title))?.value, title).to.deep.equal(['INTERN']);
    const workStudy = deriveEmploymentType(
      input('Starte dein Abenteuer: Duales Studium Outdoor Studies bei roadsurfer (m/w/d)', undefined, {
        employmentTypes: ['FullTime'],
      }),
    );
    expect(workStudy?.value).to.deep.equal(['FULL_TIME', 'INTERN']);
  });

  it('adds TEMPORARY to a native schedule when the description states a contract of limited length', () => {
    // roadsurfer (Bilbao) and Satispay on Ashby: the native value is only FullTime.
    const bilbao = input(
      'BILBAO - Station Service Specialist (m/f/d)',
      'Your contract\n\n- your contract: Full-time (40h/ week) with a duration of 6 months\n\n- your salary: 19.420€ (yearly gross salary)',
      { employmentTypes: ['FullTime'] },
    );
    expect(deriveEmploymentType(bilbao)?.value).to.deep.equal(['FULL_TIME', 'TEMPORARY']);
    const naples = input('Junior Merchant Support Representative', 'Fixed-term contract of 12 months.', {
      employmentTypes: ['FullTime'],
    });
    expect(deriveEmploymentType(naples)?.value).to.deep.equal(['FULL_TIME', 'TEMPORARY']);
    expect(
      deriveEmploymentType(
        input('Koch (m/w/d)', 'Die Stelle ist zunächst auf 12 Monate befristet.', {
          employmentTypes: ['Vollzeit'],
        }),
      )?.value,
    ).to.deep.equal(['FULL_TIME', 'TEMPORARY']);
    // "unbefristet" is permanent; a menu of contract kinds says nothing about this one.
    for (const text of [
      'Wir bieten einen unbefristeten Vertrag.',
      'We offer permanent and fixed-term contracts.',
    ])
      expect(
        deriveEmploymentType(input('Engineer', text, { employmentTypes: ['FullTime'] }))?.value,
        text,
      ).to.deep.equal(['FULL_TIME']);
  });

  it('adds TEMPORARY for a contract or appointment of stated years, and for a title that says seasonal', () => {
    // Aspora, HitPay (Ashby) and a PageUp university board: their native values lack the term.
    for (const [text, native, expected] of [
      [
        'Other Details: 1 Year Contractual Role || Rotational Shift || 6 Day Work Week',
        'FullTime',
        ['FULL_TIME', 'TEMPORARY'],
      ],
      [
        'This will be a 1 year contract role with the possibility to extend based on business needs.',
        'Contract',
        ['CONTRACTOR', 'TEMPORARY'],
      ],
      [
        'This position is a one-year appointment funded by the Campus Suicide Prevention Grant.',
        'Full time',
        ['FULL_TIME', 'TEMPORARY'],
      ],
      ['You will have 3 years contract management experience.', 'FullTime', ['FULL_TIME']],
    ] as const)
      expect(
        deriveEmploymentType(input('Operations Agent', text, { employmentTypes: [native] }))?.value,
        text,
      ).to.deep.equal(expected);
    // Timely (Ashby): "School Success Manager (Seasonal)", employmentType FullTime.
    expect(
      deriveEmploymentType(
        input('School Success Manager (Seasonal)', undefined, { employmentTypes: ['FullTime'] }),
      )?.value,
    ).to.deep.equal(['FULL_TIME', 'TEMPORARY']);
  });

  it("reads the description's own statement of the type over a native default, and a contractor's role", () => {
    // Flagler Health and myEdSpace (Ashby): employmentType FullTime on contractors' postings.
    const stated = (text: string): unknown =>
      deriveEmploymentType(input('Patient Enrollment Specialist', text, { employmentTypes: ['FullTime'] }))
        ?.value;
    expect(
      stated('Location: Remote\nJob Type: Contractor (Full-Time hours expected)\nCompensation: $18/hour'),
    ).to.deep.equal(['FULL_TIME', 'CONTRACTOR']);
    expect(stated('About the role\nContract Type: Contractor\nLocation: London')).to.deep.equal([
      'CONTRACTOR',
    ]);
    expect(stated('Employment Type: Full-time\nLocation: Berlin')).to.deep.equal(['FULL_TIME']);
    // What the line says replaces the native value: derived by rules, not the source's field.
    expect(
      deriveEmploymentType(
        input('Sales Manager', 'Contract Type: Contractor', { employmentTypes: ['FullTime'] }),
      )?.derivation.source,
    ).to.equal('rules');
    // "Permanent" names no hours: a part-time native value stands.
    expect(
      deriveEmploymentType(input('Barista', 'Contract type: Permanent', { employmentTypes: ['PartTime'] }))
        ?.value,
    ).to.deep.equal(['PART_TIME']);
    // A line that agrees with the native value adds its other kinds, each once.
    expect(
      deriveEmploymentType(
        input('Analyst', 'Employment type: Full-time, fixed-term\nA contractor position.', {
          employmentTypes: ['Full-time', 'Contract'],
        }),
      )?.value,
    ).to.deep.equal(['FULL_TIME', 'CONTRACTOR', 'TEMPORARY']);
    expect(stated('Pay: $20.00 per hour, contractor position.')).to.deep.equal(['FULL_TIME', 'CONTRACTOR']);
    expect(
      stated(
        'We are seeking a dedicated LPN/LVN to join our remote team for delivery of RTM & CCM Services as a contractor.',
      ),
    ).to.deep.equal(['FULL_TIME', 'CONTRACTOR']);
    // LI.FI: a condition names one way to work there, not this role's.
    expect(
      stated(
        'If you join us as an independent contractor, you’re only entitled to the first five benefits of this list.',
      ),
    ).to.deep.equal(['FULL_TIME']);
    expect(stated('You will coordinate our contractors and vendors.')).to.deep.equal(['FULL_TIME']);
  });

  it('falls back to title cues', () => {
    expect(deriveEmploymentType(input('Quantitative Researcher Intern, Summer 2027'))?.value).to.deep.equal([
      'INTERN',
    ]);
    // A working student is a student employed part-time, not an intern (train: YAZIO, Duna, cargo.one).
    expect(deriveEmploymentType(input('Social Media (Working Student)'))?.value).to.deep.equal(['PART_TIME']);
    expect(deriveEmploymentType(input('Werkstudent:in Office Management'))?.value).to.deep.equal([
      'PART_TIME',
    ]);
    expect(
      deriveEmploymentType(input('Working Student, People', undefined, { employmentTypes: ['Intern'] }))
        ?.value,
    ).to.deep.equal(['INTERN', 'PART_TIME']);
    expect(
      deriveEmploymentType(input('Working Student', undefined, { employmentTypes: ['PartTime'] }))?.value,
    ).to.deep.equal(['PART_TIME']);
    // Native hours stand: the title does not say part-time in so many words.
    expect(
      deriveEmploymentType(input('Working Student', undefined, { employmentTypes: ['FullTime'] }))?.value,
    ).to.deep.equal(['FULL_TIME']);
    expect(deriveEmploymentType(input('Barista - Part-Time'))?.value).to.deep.equal(['PART_TIME']);
    expect(deriveEmploymentType(input('Video Editor (Contract)'))?.value).to.deep.equal(['CONTRACTOR']);
    expect(deriveEmploymentType(input('Seasonal Warehouse Associate'))?.value).to.deep.equal(['TEMPORARY']);
    expect(deriveEmploymentType(input('Internal Audit Data Analytics Lead'))).to.equal(undefined);
    expect(deriveEmploymentType(input('Contracts Manager'))).to.equal(undefined);
  });

  it('reads explicit description statements, not incidental mentions', () => {
    expect(
      deriveEmploymentType(input('Analyst', 'This is a full-time position based in Oslo.'))?.value,
    ).to.deep.equal(['FULL_TIME']);
    expect(deriveEmploymentType(input('Analyst', 'Employment type: Contract'))?.value).to.deep.equal([
      'CONTRACTOR',
    ]);
    // Ramp and Amex fixtures: benefits and degree programmes are not the job's schedule.
    expect(
      deriveEmploymentType(input('Engineer', 'Benefits available to all full-time Ramp employees (Global)')),
    ).to.equal(undefined);
    expect(
      deriveEmploymentType(input('Analyst', 'Currently enrolled in full-time bachelor’s degree program')),
    ).to.equal(undefined);
  });

  it('reads titles in other languages, a Swiss workload share and French weekly hours', () => {
    const of = (title: string): unknown => deriveEmploymentType(input(title))?.value;
    // Teamtailor's JSON feeds (labelled set): no native value, the title says it.
    expect(of('Vendeur(euse) en CDD 35H')).to.deep.equal(['TEMPORARY', 'FULL_TIME']);
    expect(of('Elektro-Projektingenieur*in (80-100%)')).to.deep.equal(['FULL_TIME', 'PART_TIME']);
    expect(of('Sachbearbeiter*in Buchhaltung 60 %')).to.deep.equal(['PART_TIME']);
    expect(of('Projektleiter Hochbau (100%)')).to.deep.equal(['FULL_TIME']);
    expect(of('Conseiller de vente CDI 24h')).to.deep.equal(['PART_TIME']);
    expect(of('Account Manager (m/w/d) – Vollzeit')).to.deep.equal(['FULL_TIME']);
    expect(of('Kundenberater (m/w/d) in Voll- oder Teilzeit')).to.deep.equal(['FULL_TIME', 'PART_TIME']);
    expect(of('Sjuksköterska, deltid')).to.deep.equal(['PART_TIME']);
    expect(of('Projektmitarbeiter (befristet auf 2 Jahre)')).to.deep.equal(['TEMPORARY']);
    // A share followed by a word, hours without the contract kind, a time of day: none of these.
    expect(of('Sales Consultant [Ort: 100% Remote]')).to.equal(undefined);
    expect(of('AI Productivity Engineer (95% Dev/ 5% DevOps)')).to.equal(undefined);
    expect(of('Support Technician 24h')).to.equal(undefined);
    expect(of('Agent de sécurité CDI 20h-6h')).to.equal(undefined);
    expect(of('Growth Lead (3x revenue, 150% NRR)')).to.equal(undefined);
    expect(of('Sales Manager (Bonus 10%)')).to.equal(undefined);
    // Full or part time in one title is both (Endex on Ashby, native FullTime: not part-time alone).
    const either = (title: string, description?: string): unknown =>
      deriveEmploymentType(input(title, description, { employmentTypes: ['FullTime'] }))?.value;
    expect(either('Finance Product Specialist (Full/Part-Time)')).to.deep.equal(['FULL_TIME', 'PART_TIME']);
    expect(of('Caregiver - Full or Part Time')).to.deep.equal(['PART_TIME', 'FULL_TIME']);
    expect(of('Pharmacy Technician FT/PT')).to.deep.equal(['FULL_TIME', 'PART_TIME']);
    expect(either('Analyst', 'Commitment: Part-Time (hybrid) or Full-Time (in office)')).to.deep.equal([
      'FULL_TIME',
      'PART_TIME',
    ]);
    expect(either('Analyst', 'Commitment: 5-6 Days In-Person')).to.deep.equal(['FULL_TIME']);
  });
});
