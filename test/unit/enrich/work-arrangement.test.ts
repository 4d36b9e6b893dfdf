import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parseAshbyJob } from '../../../src/ingest/connectors/ashby.js';
import { descriptionOf } from '../../../src/ingest/normalize/job.js';
import {
  classifyWorkArrangementByRules,
  mapNativeWorkplace,
  RulesWorkArrangementClassifier,
  textArrangement,
} from '../../../src/ingest/enrich/work-arrangement.js';
import { input } from './helpers.js';

describe('ai_work_arrangement rules', () => {
  it('maps native workplace values', () => {
    expect(mapNativeWorkplace('Onsite Only')).to.equal('on_site'); // Phenom (Cisco) RemoteType
    expect(mapNativeWorkplace('remote-location')).to.equal('remote'); // Breezy remote_details
    expect(mapNativeWorkplace('OnSite')).to.equal('on_site'); // Ashby
    expect(mapNativeWorkplace('On-site')).to.equal('on_site'); // Comeet
    expect(mapNativeWorkplace('on_site')).to.equal('on_site'); // Workable
    expect(mapNativeWorkplace('Hybrid')).to.equal('hybrid');
    expect(mapNativeWorkplace('remote')).to.equal('remote');
    expect(mapNativeWorkplace('fully')).to.equal('remote'); // Teamtailor remoteStatus
    expect(mapNativeWorkplace('none')).to.equal('on_site'); // Teamtailor remoteStatus
    expect(mapNativeWorkplace('unspecified')).to.equal(undefined); // Lever
    expect(mapNativeWorkplace('')).to.equal(undefined);
  });

  it('lets the native value win over boilerplate (Palantir: hybrid posting, policy text names all three)', () => {
    const text =
      'Many teams do offer hybrid options (WFH a day or two a week). Based on business need, there are a few roles that allow for “Remote” work on an exceptional basis.';
    expect(
      classifyWorkArrangementByRules(
        input('Administrative Business Partner', text, { workplaceType: 'hybrid' }),
      ),
    ).to.deep.equal({
      value: 'hybrid',
      source: 'rules',
      confidence: 0.95,
    });
  });

  it('reads the title, then remote location texts, then the remote flag', () => {
    expect(
      classifyWorkArrangementByRules(input('Low-level Senior Software Engineer, Xet Storage - EMEA Remote'))
        .value,
    ).to.equal('remote');
    expect(classifyWorkArrangementByRules(input('Staff Accountant - BSC (Hybrid)')).value).to.equal('hybrid');
    expect(classifyWorkArrangementByRules(input('Hybrid Cloud Engineer')).value).to.equal('unknown');
    // A negated remote is on site (UHS on Jibe).
    expect(classifyWorkArrangementByRules(input('RN (PRN - Not Remote)')).value).to.equal('on_site');
    expect(
      classifyWorkArrangementByRules(input('Recruiter - Healthcare Experience Required - NON REMOTE')).value,
    ).to.equal('on_site');
    expect(
      classifyWorkArrangementByRules(
        input('Nurse', undefined, { locations: [{ text: 'Non-Remote, Reno, NV' }] }),
      ).value,
    ).to.equal('unknown');
    expect(
      classifyWorkArrangementByRules(
        input('Account Executive | HCLS', undefined, { locations: [{ text: 'US Remote' }] }),
      ).value,
    ).to.equal('remote');
    expect(classifyWorkArrangementByRules(input('Engineer', undefined, { remote: true })).value).to.equal(
      'remote',
    );
  });

  it('reads hybrid and on-site marks on places, and on-site statements of the role', () => {
    const at = (...texts: string[]) =>
      input('Account Executive', undefined, { locations: texts.map((text) => ({ text })) });
    expect(
      classifyWorkArrangementByRules(at('Hybrid - San Francisco, New York City, Austin')).value,
    ).to.equal('hybrid');
    expect(classifyWorkArrangementByRules(at('Audubon, PA (Hybrid)')).value).to.equal('hybrid');
    expect(classifyWorkArrangementByRules(at('Partial Remote,Bethlehem')).value).to.equal('hybrid');
    expect(classifyWorkArrangementByRules(at('Berlin (Onsite)', 'Munich - On-site')).value).to.equal(
      'on_site',
    );
    // One place marked on site among unmarked ones says nothing of the others.
    expect(classifyWorkArrangementByRules(at('Berlin (Onsite)', 'Munich')).value).to.equal('unknown');
    expect(
      textArrangement(
        'This position will be located on-site at our Mission Systems sector in San Diego, CA.',
      ),
    ).to.equal('on_site');
    expect(textArrangement('We enjoy collaborating in person, and the team works on-site.')).to.equal(
      'on_site',
    );
    expect(textArrangement('You will work on-site two days a week.')).to.equal('hybrid');
    expect(
      textArrangement('Based in Leeds or Manchester, with a minimum of 2 days working in the office.'),
    ).to.equal('hybrid');
    expect(textArrangement('A minimum of 5 days in the office.')).to.equal(undefined);
    // Job-details lines (Recruitee, Ashby).
    expect(textArrangement('Location: Berlin (Hybrid)')).to.equal('hybrid');
    expect(
      textArrangement('Location: Remote (offshore, and willing to work Pacific/Eastern hours)'),
    ).to.equal('remote');
    expect(mapNativeWorkplace('No remote')).to.equal('on_site');
  });

  it('reads description sentences from the fixtures', () => {
    expect(textArrangement('Our engineering team is in-person 5 days a week in SF and Miami.')).to.equal(
      'on_site',
    );
    expect(
      textArrangement('Must be comfortable being on-site 5 days a week in our River North office.'),
    ).to.equal('on_site');
    expect(
      textArrangement(
        'Location: This role is based 3 days per week out of our San Francisco, HQ and is not eligible for full-time remote work.',
      ),
    ).to.equal('hybrid');
    expect(textArrangement('Able to come into the office 2 days per week, or 3 when needed.')).to.equal(
      'hybrid',
    );
    expect(textArrangement('Remote-first, Berlin office minimum once a week')).to.equal('hybrid');
    expect(textArrangement('100% remote WFH: Work from anywhere with a fully remote setup')).to.equal(
      'remote',
    );
  });

  it('reads a split week, a "(Hybrid)" line and German home-office days as hybrid (train boards)', () => {
    // ClearCompany (Fisher Phillips): on site three days is hybrid when the other two are remote.
    expect(
      textArrangement('This role is onsite three days and remote two days after the first 90 days.'),
    ).to.equal('hybrid');
    // Recruitee (Makersite): "Location: Berlin" and "(Hybrid)" on a line of its own.
    expect(textArrangement('Location: Berlin\n(Hybrid)\nWho You’ll Work For')).to.equal('hybrid');
    // Ashby (roadsurfer, bliro), German benefits.
    expect(
      textArrangement(
        'Du bist flexibel hinsichtlich der Arbeitszeit und kannst dank unserer Flex Work Policy zwischen Bürotagen und Home-Office Tagen wechseln.',
      ),
    ).to.equal('hybrid');
    expect(textArrangement('Und ja, auch Pyjamahosen sind im Homeoffice offiziell erlaubt.')).to.equal(
      'hybrid',
    );
    // All of the week at home, or none of it, is not hybrid.
    expect(textArrangement('Du arbeitest zu 100 % im Homeoffice.')).to.equal(undefined);
    expect(textArrangement('Diese Stelle bietet kein Homeoffice.')).to.equal(undefined);
    // English "home office" is as often the headquarters.
    expect(textArrangement('Report to our home office in Dallas.')).to.equal(undefined);
  });

  it('reads part-week office days, "we\'re hybrid" and a modality field as hybrid (wave-3 Ashby boards)', () => {
    expect(
      textArrangement('Based in London, with flexibility to work from our office several days per week'),
    ).to.equal('hybrid');
    expect(
      textArrangement(
        "You want fully remote work. We're hybrid with 4 days in-office and believe passionately about the advantages of in-office collaboration.",
      ),
    ).to.equal('hybrid');
    expect(
      textArrangement(
        'Hybrid Flexibility: Enjoy the best of both worlds with 3 days in our vibrant downtown Toronto office and 2 days working remotely.',
      ),
    ).to.equal('hybrid');
    expect(
      textArrangement('Modality: Hybrid — requires regular in-office presence in West Valley, UT'),
    ).to.equal('hybrid');
    expect(
      textArrangement(
        'Hybrid office culture, with team members remote and working from our offices in New York City',
      ),
    ).to.equal('hybrid');
    // Five days stays on site.
    expect(textArrangement('You will work in the office 5 days a week.')).to.equal('on_site');
    // A position placed in one of the employer's offices, nothing else said, is on site.
    expect(textArrangement('We are currently hiring for this position in our New York office.')).to.equal(
      'on_site',
    );
    expect(textArrangement('This role is based in our Berlin office.')).to.equal('on_site');
  });

  it('ignores policy menus and stays silent on contradictions', () => {
    // American Express boilerplate.
    expect(
      textArrangement(
        'Depending on role and business needs, colleagues will either work onsite, in a hybrid model (combination of in-office and virtual days) or fully virtually.',
      ),
    ).to.equal(undefined);
    expect(textArrangement('This is a fully remote role. This role is fully on-site.')).to.equal(undefined);
    expect(textArrangement('We build tools for remote teams.')).to.equal(undefined);
  });

  it('refines a true remote flag by a description stating hybrid (Satispay on Ashby, #LI-Hybrid)', () => {
    // Satispay's recorded board (labelled set, dev): every job has isRemote true and no workplace
    // value; the texts say "Flexible hybrid working system" and carry LinkedIn's #LI-Hybrid tag.
    const text = readFileSync(
      'test/fixtures/labelled/wave2/raw/ashby/stapply-ai__ats-scrapers__satispay.json',
      'utf8',
    );
    const jobs = (JSON.parse(text) as { jobs: unknown[] }).jobs;
    const postings = jobs.flatMap((job) => parseAshbyJob(job, 'satispay') ?? []);
    expect(postings.length).to.be.greaterThan(40);
    for (const posting of postings.filter((p) => p.remote === true)) {
      const description = descriptionOf(posting) ?? '';
      expect(description).to.match(/hybrid/i);
      const result = classifyWorkArrangementByRules({
        title: posting.title,
        organization: 'Satispay',
        descriptionText: description,
        posting,
      });
      expect(result, posting.title).to.deep.equal({ value: 'hybrid', source: 'rules', confidence: 0.75 });
    }
    // The tags alone decide too; a remote flag without a hybrid statement stays remote.
    expect(textArrangement('Apply now! #LI-Remote')).to.equal('remote');
    expect(textArrangement('We look forward to meeting you. #LI-Onsite')).to.equal('on_site');
    expect(classifyWorkArrangementByRules(input('Engineer', 'Great team.', { remote: true })).value).to.equal(
      'remote',
    );
  });

  it('lets a description saying the job is not remote overrule a true remote flag (lemlist on Ashby)', () => {
    const flagged = (text: string) =>
      classifyWorkArrangementByRules(input('Office Manager', text, { remote: true }));
    for (const text of [
      "Must have: you're based in Paris (this is not a remote job).",
      'This position is not remote and requires presence at our plant.',
      'Please note this role is not eligible for remote work.',
    ])
      expect(flagged(text), text).to.deep.equal({ value: 'on_site', source: 'rules', confidence: 0.75 });
    // Weaker on-site words, a policy menu, or remote work of others leave the flag standing.
    for (const text of [
      'You will work on-site with customers when needed.',
      'Roles may be remote, hybrid or not remote at all, depending on the team.',
      'Manage coworking access for our remote workers.',
    ])
      expect(flagged(text).value, text).to.equal('remote');
  });

  it('treats a false remote flag with nothing else as on site, and silence as unknown', () => {
    expect(
      classifyWorkArrangementByRules(input('Office Manager', undefined, { remote: false })),
    ).to.deep.equal({
      value: 'on_site',
      source: 'rules',
      confidence: 0.6,
    });
    expect(classifyWorkArrangementByRules(input('Account Executive')).value).to.equal('unknown');
  });

  it('exposes the rules through the classifier interface', async () => {
    const result = await new RulesWorkArrangementClassifier().classify(
      input('Engineer', undefined, { workplaceType: 'remote' }),
    );
    expect(result.source).to.equal('rules');
    expect(result.value).to.equal('remote');
  });
});
