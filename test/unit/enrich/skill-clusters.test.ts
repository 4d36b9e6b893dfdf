import { expect } from 'chai';
import { deriveSkillClusters } from '../../../src/ingest/enrich/skill-clusters.js';
import type { Derived } from '../../../src/ingest/enrich/types.js';
import { input } from './helpers.js';

function tags(title: string, description?: string): string[] | undefined {
  return deriveSkillClusters(input(title, description))?.value;
}

describe('skill_clusters', () => {
  it('tags from the title', () => {
    expect(tags('Mobile Engineer, iOS')).to.deep.equal(['mobile']);
    expect(tags('Software Engineer, Frontend')).to.deep.equal(['frontend']);
    expect(tags('Senior Site Reliability Engineer')).to.deep.equal(['devops_cloud']);
    expect(tags('Intern- Firmware Engineering')).to.deep.equal(['embedded_hardware']);
    expect(tags('Senior Technical Recruiter')).to.deep.equal(['hr_recruiting']);
    expect(tags('Corrosion Technician III')).to.deep.equal(['skilled_trades']);
    expect(tags('Account Executive | HCLS')).to.deep.equal(['sales']);
    // Wave 2 train boards (test/fixtures/labelled/wave2).
    expect(tags('High Voltage Transformer Assembler')).to.deep.equal(['skilled_trades']);
    expect(tags('Groundskeeper - South Shore Apartments')).to.deep.equal(['skilled_trades']);
    expect(tags('Senior Incident Responder')).to.deep.equal(['security']);
    // Support desks under other names (train and dev disagreements of 2026-11-27).
    expect(tags('Junior Merchant Support Representative')).to.deep.equal(['customer_support']);
    expect(tags('IT Support Analyst')).to.deep.equal(['customer_support']);
    expect(tags('Service Desk Agent')).to.deep.equal(['customer_support']);
  });

  it('uses software_engineering only when no narrower engineering tag applies', () => {
    expect(tags('Senior Software Engineer - Core ATS')).to.deep.equal(['software_engineering']);
    expect(tags('Software Engineer, Data Platform')).to.deep.equal(['data_engineering']);
    expect(tags('Lead Software Engineering - Automation')).to.deep.equal(['software_engineering']);
    expect(tags('Director of Forward Deployed Engineering')).to.deep.equal(['software_engineering']);
    expect(tags('Forward-Deployed Engineer')).to.deep.equal(['software_engineering']);
  });

  it('adds description clusters only with several distinct keywords', () => {
    const description =
      'Strong proficiency in SQL and python and experience working with cloud data warehouses such as Snowflake, BigQuery, or Redshift. Experience designing, running, and analyzing A/B tests. Strong foundation in experimental design and causal inference.';
    expect(tags('Customer Data Scientist - Experimentation', description)).to.have.members([
      'data_science',
      'data_engineering',
    ]);
    // Boilerplate mentioning analytics once does not tag an account executive.
    expect(
      tags('Emerging Account Executive (India)', 'Amplitude is the leading AI analytics platform.'),
    ).to.deep.equal(['sales']);
  });

  it('lets two keywords name the kind of engineering a software title leaves open (train and dev: backend)', () => {
    const backend = 'You will design microservices in Java behind our public APIs.';
    expect(tags('Senior Software Engineer', backend)).to.have.members(['software_engineering', 'backend']);
    expect(tags('Infrastructure Software Engineer', backend)).to.include('backend');
    // Another function still needs three: a software title does not make two sales words a sales job.
    expect(tags('Senior Software Engineer', 'Work with our sales team on lead generation.')).to.deep.equal([
      'software_engineering',
    ]);
    // And a title of another function is not opened to engineering tags at two.
    expect(tags('Account Executive', backend)).to.deep.equal(['sales']);
  });

  it('tags from the description alone when the title says nothing', () => {
    const description =
      'You will build ETL jobs in Airflow and Spark on top of our Snowflake data warehouse.';
    expect(tags('Wizard', description)).to.deep.equal(['data_engineering']);
  });

  it('reads a title that names no function through its department or team', () => {
    const of = (title: string, department: string): Derived<string[]> | undefined =>
      deriveSkillClusters(input(title, undefined, { department }));
    expect(of('Director', 'Cyber Security')).to.deep.equal({
      value: ['security'],
      derivation: { source: 'rules', confidence: 0.7 },
    });
    expect(of('Sr. Manager', 'Software Development/Engineering')?.value).to.deep.equal([
      'software_engineering',
    ]);
    expect(
      deriveSkillClusters(input('Director', undefined, { team: 'Finance & Accounting' }))?.value,
    ).to.deep.equal(['finance_accounting']);
    // A title that names a function keeps it; an open application names none.
    expect(of('Data Engineer', 'Finance')?.value).to.deep.equal(['data_engineering']);
    expect(of('Open application', 'Sales')).to.equal(undefined);
  });

  it('reads an IT or engineering department as software for a role that leads or builds, not for another discipline', () => {
    const of = (title: string, department: string): string[] | undefined =>
      deriveSkillClusters(input(title, undefined, { department }))?.value;
    // ADP (Church Mutual, labelled set, dev) and Ashby (Airbyte, train).
    expect(of('Manager - Digital Experience & Workflow Platforms', 'Information Technology')).to.deep.equal([
      'software_engineering',
    ]);
    expect(of('AVP - IT Chief Technology Officer', 'Information Technology')).to.deep.equal([
      'software_engineering',
    ]);
    expect(of('Engineering Manager, Platform', 'Engineering')).to.deep.equal(['software_engineering']);
    // Pinpoint (Trilon Group, train): a civil engineer in an Engineering department.
    expect(of('Civil Engineer (PE) - Aviation', 'Engineering')).to.equal(undefined);
    expect(of('Business Partner', 'Information Technology')).to.equal(undefined);
  });

  it('tags GTM engineers and physician liaisons as sales, client success and people leaders (wave-3 Ashby boards)', () => {
    expect(tags('GTM Engineer')).to.include('sales');
    expect(tags('Physician Liaison - St.Louis and Atlanta')).to.include('sales');
    expect(tags('Lead Client Success Manager (Health Systems + Life Sciences)')).to.include(
      'customer_success',
    );
    expect(tags('Head of People')).to.deep.equal(['hr_recruiting']);
    expect(tags('Escalation Support Manager')).to.include('customer_support');
    // An engineer named by a server-side language is backend; a product department named "Home
    // Assistant" is no office assistant.
    expect(
      deriveSkillClusters(input('Senior Python Engineer', undefined, { department: 'Home Assistant' }))
        ?.value,
    ).to.deep.equal(['backend']);
    expect(tags('Golang Developer')).to.deep.equal(['backend']);
  });

  it('reads a generic software title whose description spans the stack as full-stack (labelled-set Ashby boards)', () => {
    const acrossTheStack =
      'Building user-facing AI-native products across the full stack. Working fluidly between React/TypeScript frontend and Golang backend.';
    // "Lead Product Engineer" is a software role through its department.
    expect(
      deriveSkillClusters(input('Lead Product Engineer', acrossTheStack, { department: 'Engineering' }))
        ?.value,
    ).to.include('fullstack');
    // Without a software title or department the keywords alone decide.
    expect(tags('Lead Product Engineer', acrossTheStack)).to.not.include('fullstack');
    expect(
      tags(
        'Junior Software Engineer',
        'Technologies that we use:\n- Backend: NodeJS, NestJS, Typescript\n- Frontend: React, Redux, Websockets\n- Database: PostgreSQL, Redis',
      ),
    ).to.include('fullstack');
    // One end only, or a title that names its end, stays as it was.
    expect(
      tags('Software Engineer', 'You will build our backend services in Go and Postgres.'),
    ).to.not.include('fullstack');
    expect(
      tags('Frontend Engineer', 'React and TypeScript on the frontend; you will work with our backend team.'),
    ).to.deep.equal(['frontend']);
  });

  it('reads neither a business developer as software nor an assistant of a profession as administration', () => {
    expect(tags('Business Developer Retail Lyon - Stage ou Alternance')).to.deep.equal(['sales']);
    expect(tags('Assistant Educator')).to.equal(undefined);
    expect(tags('Assistant Engineer')).to.equal(undefined);
    expect(tags('Administrative Assistant')).to.deep.equal(['administration']);
    expect(tags('Assistant to the CEO')).to.deep.equal(['administration']);
    expect(tags('Customer Service Assistant')).to.have.members(['customer_support', 'administration']);
    // An assistant in a classroom or on a ward is no office assistant (dev: a teaching assistant).
    expect(tags('Teaching Assistant - Autism School, Westlake')).to.equal(undefined);
    expect(tags('Pharmacy Assistant')).to.not.include('administration');
    // A project engineer engineers (three train postings labelled no cluster, one project management).
    expect(tags('Project Engineer - Electrical Distribution')).to.equal(undefined);
    expect(tags('Co-op, AI Software Engineering (6-8 months)')).to.have.members([
      'software_engineering',
      'machine_learning',
    ]);
  });

  it('reads title words found on the grown train and dev boards', () => {
    const cases: [string, string[] | undefined][] = [
      ['Lead Software Engineer - Pyspark, AWS, Python', ['data_engineering']],
      ['Senior Informatica Developer – BDM', ['data_engineering']],
      ['Validation Team Manager (Raleigh, NC)', ['qa_testing']],
      ['Solicitor or Associate – Professional Negligence', ['legal_compliance']],
      ['Technical and Translational Lead - Safeguarded AI (Cybersecurity)', ['security']],
      ['Abuse Research Engineer', ['security']],
      ['Power Electronic Engineer', ['embedded_hardware']],
      ['BLE Senior Software Engineer/Developer', ['embedded_hardware']],
      ['.NET Developer', ['backend']],
      ['Sr Solution Engineer', ['sales']],
      ['Intern- Actuarial', ['finance_accounting']],
      ['Quant Portfolio Manager', ['finance_accounting']],
      ['Office Support Specialist', ['administration']],
      ['Underwriting Support Specialist', undefined],
      ['Content Associate', ['content_writing']],
      ['Medical Science Liason (Sr.Mgr)', ['healthcare']],
      ['Staff Engineer', ['software_engineering']],
      ['Claim Processor - Workers Compensation', ['operations']],
      ['Policy Holder Services Representative', ['customer_support']],
      // An insurance policy is no policy work; a recruitment day and a talent programme are no
      // recruiting work.
      ['Policy Processing Associate', ['operations']],
      ['Architecture Smart Start - Recruitment Days', undefined],
      // Bakers and clinical professions beyond nursing (train boards and general vocabulary).
      ['Pastry Baker I', ['skilled_trades']],
      ['Dental Hygienist', ['healthcare']],
      ['Phlebotomist - Night Shift', ['healthcare']],
      ['Fahrzeugtechniker (m/w/d) für Reisemobile', ['skilled_trades']],
      ['Électricien de maintenance (H/F)', ['skilled_trades']],
      ['Pflegefachkraft (m/w/d)', ['healthcare']],
      // Words that only contain a trade's letters are no trade (Vertrieb is sales).
      ['Berufserfahrung im Vertrieb', ['sales']],
      // Sellers in other languages, compounds too (Teamtailor JSON feeds of the labelled set).
      ['Utesäljare energilösningar till 1KOMMA5° i Stockholm', ['sales']],
      ['Vendeur(euse) en CDD 35H', ['sales']],
      ['Autoverkäufer (m/w/d)', ['sales']],
      ['Butikkselger', ['sales']],
      ['Salgskonsulent', ['sales']],
    ];
    for (const [title, expected] of cases) expect(tags(title), title).to.deep.equal(expected);
  });

  it('omits the attribute when nothing matches', () => {
    expect(deriveSkillClusters(input('Wild Card'))).to.equal(undefined);
  });

  it('uses lower-case slugs only', () => {
    const all =
      tags(
        'Full Stack Developer and Graphic Designer for Marketing',
        'react typescript css figma adobe seo campaigns',
      ) ?? [];
    for (const tag of all) expect(tag).to.match(/^[a-z0-9][a-z0-9_-]*$/);
    expect(all.length).to.be.at.most(4);
  });
});
