/**
 * The block lists as the content display page edits them (spec 001 §2.6, §6): comma-separated
 * text. Both the ASCII comma and the full-width one (，、) separate, as CJK keyboards type them.
 */
const SEPARATOR = /[,，、]/;

function entries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(SEPARATOR)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Tag names, trimmed, empty entries dropped, each once. */
export function parseBlockedTags(text: string): string[] {
  return entries(text);
}

/** User ids: the whole positive numbers, and the entries that are not one (to point out). */
export function parseBlockedUserIds(text: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const entry of entries(text)) {
    const id = /^\d+$/.test(entry) ? Number(entry) : NaN;
    if (Number.isSafeInteger(id) && id > 0) {
      if (!ids.includes(id)) ids.push(id);
    } else invalid.push(entry);
  }
  return { ids, invalid };
}

/** A list back as the text area shows it. */
export function formatBlockList(list: readonly (string | number)[]): string {
  return list.join(', ');
}

/** The minimum-bookmark field (spec 001 §5.2): digits only; empty is saved as "0". */
export function minBookmarksInput(text: string): { value: string; saved: number } {
  const digits = text.replace(/\D/g, '').slice(0, 9);
  return { value: digits, saved: digits === '' ? 0 : Number(digits) };
}
