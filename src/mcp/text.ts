/** Short text renderings of tool results, for models that read `content` rather than `structuredContent`. */
import type { components } from '../openapi/types.js';

type JobBody = components['schemas']['Job'];
type CompanyBody = components['schemas']['Company'];

/** One line: title, company, where, source, when, key. */
export function jobLine(job: Partial<JobBody> & Pick<JobBody, 'job_key' | 'title' | 'organization'>): string {
  const places = (job.locations_derived ?? [])
    .map((location) => [location.city, location.country_code].filter((part) => part !== null).join(', '))
    .filter((place) => place !== '')
    .slice(0, 2);
  const where = [...places, ...(job.remote_derived === true ? ['remote'] : [])].join(' / ');
  const salary = job.salary === undefined ? '' : salaryText(job.salary);
  return [
    `${job.title} — ${job.organization}`,
    ...(where === '' ? [] : [where]),
    ...(salary === '' ? [] : [salary]),
    ...(job.source === undefined ? [] : [job.source]),
    ...(job.first_seen === undefined ? [] : [`first seen ${job.first_seen.slice(0, 10)}`]),
    `job_key ${job.job_key}`,
  ].join(' · ');
}

function salaryText(salary: NonNullable<JobBody['salary']>): string {
  const range = [salary.min, salary.max].filter((value) => value !== undefined).join('–');
  return range === '' ? '' : `${range} ${salary.currency} per ${salary.period}`;
}

/** One line: name, domain, open jobs, countries, boards, key. */
export function companyLine(company: CompanyBody): string {
  const countries = company.countries.slice(0, 5).join(', ');
  const more = company.countries.length > 5 ? ` +${String(company.countries.length - 5)}` : '';
  const boards = company.boards.map((board) => `${board.source}/${board.source_slug}`).slice(0, 3);
  return [
    company.domain === undefined ? company.name : `${company.name} (${company.domain})`,
    `${String(company.open_jobs)} open jobs`,
    ...(countries === '' ? [] : [`${countries}${more}`]),
    ...(boards.length === 0 ? [] : [`boards ${boards.join(', ')}`]),
    ...(company.resolved ? [] : ['unresolved']),
    `company_key ${company.company_key}`,
  ].join(' · ');
}

/** The one line on what an API key adds (`what`), and where to get one. */
export function paidLine(upgradeUrl: string): (what: string) => string {
  return (what) => `${what} Get a key: ${upgradeUrl}`;
}

/** `lines` as a numbered list under `heading`, then the closing lines. */
export function listing(heading: string, lines: string[], closing: string[]): string {
  return [heading, ...lines.map((line, index) => `${String(index + 1)}. ${line}`), ...closing].join('\n');
}
