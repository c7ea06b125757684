// Languages the catalog has many of, most used first: the deck filter offers the first ones as chips, language
// fields suggest all of them while typing, and a typo is checked against them. The names are names: never translated.

import { t } from "./i18n.js";

export const LANGUAGES = ["JavaScript", "TypeScript", "Python", "Go", "Rust", "Java", "Kotlin", "Swift", "C", "C++", "C#",
  "Ruby", "PHP", "Shell", "Dart", "Scala", "Elixir", "Haskell", "Lua", "Zig", "Julia", "R", "Objective-C", "Clojure",
  "Erlang", "OCaml", "Nim", "Vue", "HTML", "CSS", "Jupyter Notebook", "PowerShell", "Perl", "Groovy", "Svelte",
  "Solidity", "Assembly", "MDX", "Vim Script", "Emacs Lisp", "Makefile", "Dockerfile", "F#", "Crystal"];

/** Insertions, deletions and substitutions between two short words. */
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Null for a known language (any case); else `{ message, suggestion }`: "“Rustt” is not a language we know." and
 * the known one at most two edits away (or null). */
export function unknownLanguage(language) {
  if (!language) return null;
  const lowered = language.toLowerCase();
  if (LANGUAGES.some((known) => known.toLowerCase() === lowered)) return null;
  const [edits, nearest] = LANGUAGES.map((known) => [distance(known.toLowerCase(), lowered), known])
    .sort((a, b) => a[0] - b[0])[0];
  return { message: t("languages.unknown", language), suggestion: edits <= 2 ? nearest : null };
}
