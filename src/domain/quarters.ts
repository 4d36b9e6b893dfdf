/** UTC calendar quarters (`YYYY-Qn`) of the state-of-hiring report. */

export interface Quarter {
  /** `YYYY-Qn`. */
  id: string;
  /** Inclusive. */
  start: Date;
  /** Exclusive: the next quarter's start. */
  end: Date;
}

function quarterAt(year: number, index: number): Quarter {
  const start = new Date(Date.UTC(year, index * 3, 1));
  const end = new Date(Date.UTC(year, index * 3 + 3, 1));
  return { id: `${String(year).padStart(4, '0')}-Q${String(index + 1)}`, start, end };
}

/** The quarter named `id` (already validated as `^[0-9]{4}-Q[1-4]$` by the schema). */
export function parseQuarter(id: string): Quarter {
  const match = /^(\d{4})-Q([1-4])$/.exec(id);
  if (match === null) throw new RangeError(`not a quarter: ${id}`);
  return quarterAt(Number(match[1]), Number(match[2]) - 1);
}

/** The quarter that contains `at`. */
export function quarterOf(at: Date): Quarter {
  return quarterAt(at.getUTCFullYear(), Math.floor(at.getUTCMonth() / 3));
}

/** The quarter before `quarter`. */
export function previousQuarter(quarter: Quarter): Quarter {
  return quarterOf(new Date(quarter.start.getTime() - 1));
}
