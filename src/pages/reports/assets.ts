/**
 * The report pages' stylesheet and icon, served by the API itself: no font, CDN or other host,
 * and no inline style, so the Content-Security-Policy allows 'self' and nothing else. System
 * fonts only. Colors meet WCAG AA contrast on white.
 */

export const STYLESHEET = `:root {
  color-scheme: light;
  --text: #1a1a1a;
  --muted: #555;
  --line: #d0d0d0;
  --accent: #1f56a0;
  --note: #fff4d6;
  --note-line: #b07d00;
  --synthetic: #fde2e2;
  --synthetic-line: #a12626;
}
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; line-height: 1.5; }
body { margin: 0; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; }
header, main, footer { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header nav ul { display: flex; flex-wrap: wrap; gap: 1.25rem; list-style: none; margin: 0; padding: 1rem 0; border-bottom: 1px solid var(--line); }
header nav a[aria-current="page"] { font-weight: 700; text-decoration: none; color: var(--text); }
h1 { font-size: 1.9rem; margin: 1.25rem 0 0.25rem; }
h2 { font-size: 1.35rem; margin: 2.25rem 0 0.5rem; padding-top: 0.5rem; border-top: 1px solid var(--line); }
.lead { color: var(--muted); font-size: 1.05rem; margin-top: 0; }
.banner { padding: 0.75rem 1rem; border-left: 5px solid var(--note-line); background: var(--note); }
.banner.synthetic { border-color: var(--synthetic-line); background: var(--synthetic); }
.complete { color: var(--muted); }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: 0.5rem 1.5rem; margin: 1rem 0; }
.facts div { border-left: 3px solid var(--line); padding-left: 0.75rem; }
.facts dt { color: var(--muted); font-size: 0.9rem; }
.facts dd { margin: 0; font-size: 1.15rem; font-variant-numeric: tabular-nums; }
.facts time { white-space: nowrap; }
.facts code { word-break: break-all; }
.methods { margin: 0.5rem 0 1rem; font-size: 0.95rem; }
.methods div { display: flex; flex-wrap: wrap; gap: 0 0.75rem; }
.methods dt { font-weight: 600; }
.methods dd { margin: 0; color: var(--muted); }
.quarters { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; margin: 1rem 0; }
.quarters form { margin-left: auto; }
input, button { font: inherit; padding: 0.2rem 0.5rem; }
figure.chart { margin: 1rem 0; overflow-x: auto; }
figure.chart svg { display: block; max-width: 100%; height: auto; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 0.95rem; min-width: min(100%, 28rem); }
caption { text-align: left; font-weight: 600; padding-bottom: 0.35rem; }
th, td { text-align: left; padding: 0.3rem 0.75rem 0.3rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { border-bottom: 2px solid var(--text); }
tbody th { font-weight: 400; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.na { color: var(--muted); }
ul.reports { list-style: none; padding: 0; }
ul.reports h2 { border-top: none; }
footer { margin-top: 3rem; padding-bottom: 2rem; color: var(--muted); font-size: 0.9rem; border-top: 1px solid var(--line); }
`;

/** A bar-chart mark: the tab's icon, so a browser does not ask for /favicon.ico. */
export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#fff"/><rect x="2" y="8" width="3" height="6" fill="#2f6db5"/><rect x="6.5" y="4" width="3" height="10" fill="#2f6db5"/><rect x="11" y="2" width="3" height="12" fill="#b5540c"/></svg>`;
