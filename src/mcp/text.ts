/** Short text renderings of tool results, for models that read `content` rather than `structuredContent`. */
import type { components } from '../openapi/types.js';

type JobBody = components['schemas']['Job'];

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

/** `lines` as a numbered list under `heading`, then the closing lines. */
export function listing(heading: string, lines: string[], closing: string[]): string {
  return [heading, ...lines.map((line, index) => `${String(index + 1)}. ${line}`), ...closing].join('\n');
}
