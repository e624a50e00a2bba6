/**
 * JSON that is safe inside a `<script>` element (a `type="application/json"` data block, or a
 * literal in an inline script): no `<` (so no `</script>` or `<!--`), `>` or `&`, and no
 * U+2028/U+2029; JSON.parse (or the script) reads the same value back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
