/**
 * Whether a place's text says the job is remote ("Remote - US", "Japan-Remote", "Work from home";
 * not "Non-Remote", "NON REMOTE"): read by the location normalizer and by connectors whose source
 * names the arrangement only in a location's name (iCIMS's Jibe). A module of its own so a
 * connector reads it without loading the gazetteer.
 */
const REMOTE_RE =
  /(?<!\b(?:not|non|no)[- ])\b(?:remote|work from home|wfh|telecommut\w*|home[- ]?based|anywhere)\b/i;

export function saysRemote(text: string): boolean {
  return REMOTE_RE.test(text);
}
