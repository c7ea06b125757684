// The person's language for every word the scripts show: the page's `<html lang>` names it, and its messages (one
// file per language, made by the server from the String Catalogs of Sources/Localization) arrive before any screen
// runs. Numbers, dates and relative times are worded by the browser's own `Intl`, never by hand.

/** The page's language: "en", "es", "de", "ja" (or "en-XA", the pseudo-language of development). */
export const lang = document.documentElement.lang || "en";
const { default: messages } = await import(`./messages.${lang}.js`);

// English (and the pseudo-language) write days and lists the British way, "22 Aug 2026", as the server does.
const locale = lang.startsWith("en") ? "en-GB" : lang;
const plurals = new Intl.PluralRules(locale);
const numbers = new Intl.NumberFormat(locale);
const compacts = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
const percents = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
const relatives = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
const placeholder = /%(?:(\d+)\$)?(@|lld|d|%)/g;

/** Keys a script asked for that no catalogue has (the end-to-end tests read it; the console says each once). */
export const missing = new Set();
window.rfMissingMessages = missing;

/**
 * The words of `key` in the page's language, its placeholders filled from `args` in order (`%@` text, `%lld` a whole
 * number written with the language's grouping; `%2$@` by position). A plural message takes the form the language's
 * CLDR rules choose for its first number.
 */
export function t(key, ...args) {
  let message = messages[key];
  if (message === undefined) {
    if (!missing.has(key)) console.error(`i18n: no message "${key}" in ${lang}`);
    missing.add(key);
    return key;
  }
  if (typeof message === "object") {
    const count = args.find((argument) => typeof argument === "number") ?? 0;
    message = message[plurals.select(count)] ?? message.other;
  }
  let next = 0;
  return message.replace(placeholder, (match, position, kind) => {
    if (kind === "%") return "%";
    const value = args[position ? Number(position) - 1 : next++];
    if (value === undefined || value === null) return "";
    return kind === "@" ? String(value) : numbers.format(value);
  });
}

/** Whether a message exists (for words the server may or may not have sent worded). */
export function has(key) {
  return messages[key] !== undefined;
}

/** 1234 → "1,234" ("1.234" in German). */
export function number(value) {
  return value === undefined || value === null ? "" : numbers.format(value);
}

/** 1234 → "1.2K" ("1234" in Spanish, "1234" in Japanese: each language's own short form). */
export function compact(value) {
  return value === undefined || value === null ? "" : compacts.format(value);
}

/** 0.353 → "35.3%" ("35,3 %" in German and Spanish). */
export function percent(value) {
  return value === undefined || value === null ? "" : percents.format(value);
}

/** A day or moment in the language's words: `options` as `Intl.DateTimeFormat` takes them (default "22 Aug 2026"). */
export function date(value, options = { day: "numeric", month: "short", year: "numeric" }) {
  const moment = value instanceof Date ? value : new Date(value);
  return Number.isNaN(moment.getTime()) ? "" : new Intl.DateTimeFormat(locale, options).format(moment);
}

/** How long ago (or until) `value`: "3 days ago", "hace 3 días", "3日前"; "yesterday" and "now" where they fit. */
export function relative(value, now = Date.now()) {
  const moment = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(moment)) return "";
  const seconds = Math.round((moment - now) / 1000);
  const steps = [[60, "second"], [60, "minute"], [24, "hour"], [7, "day"], [4.35, "week"], [12, "month"]];
  let amount = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(amount) < size) return relatives.format(Math.round(amount), unit);
    amount /= size;
  }
  return relatives.format(Math.round(amount), "year");
}

/** A list in the language's words: ["a", "b", "c"] → "a, b, and c" ("a, b y c"). */
export function list(items, type = "conjunction") {
  return new Intl.ListFormat(locale, { style: "long", type }).format(items);
}
