/** Text matched literally inside a RegExp source: every syntax character (and `/`) escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
