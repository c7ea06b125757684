// A card's reasons worded in the page's language from the API's `reasonDetails` (a kind and its values, worded by the
// same catalogue keys the server uses, Sources/Localization/Catalogue/Facts.xcstrings), so a card kept from a deal in
// another language reads in this one. Cards without details keep the server's words.

import { compact, date, has, list, relative, t } from "./i18n.js";

/** Kinds that say something about the repository itself, not about the person: reasons for the card, not the fit. */
const FACTS = new Set(["trending", "open-issues", "popular", "active", "stars", "area", "same-fans", "shares-topics",
  "same-language", "same-owner", "similar-text", "same-job", "listed-with", "says-it-replaces"]);

/** An area's name in the page's language (its id when the catalogue lacks it). */
export function areaWords(id) {
  return has(`area.${id}`) ? t(`area.${id}`) : id;
}

const day = (text) => date(`${text}T12:00:00Z`);
const stamped = (text, asOf) => (asOf ? t("facts.activity.as-of", text, day(asOf)) : text);
const ago = (days) => (days === 0 ? t("facts.ago.today") : relative(Date.now() - days * 86_400_000));

/** One reason (`{ kind, … }`) in words. */
export function reasonWords(reason) {
  switch (reason.kind) {
    case "like": return t(`reason.like.${reason.action}`, reason.repository);
    case "similar": return t(`reason.similar.${reason.action}`, reason.repository);
    case "people-like-you": return t("reason.people-like-you");
    case "language": case "word": return t(`reason.match.${reason.source}`, reason.value);
    case "topic": return t(`reason.match.${reason.source}`, `#${reason.value}`);
    case "main-area": return t("reason.main-area", areaWords(reason.area));
    case "other-area": return t("reason.other-area", areaWords(reason.area));
    case "area": return t("reason.area", areaWords(reason.area));
    case "trending":
      return reason.asOf ? t("reason.trending.week-to", day(reason.asOf), compact(reason.count))
        : t("reason.trending.week", compact(reason.count));
    case "open-issues": return stamped(t("reason.open-issues", reason.count), reason.asOf);
    case "popular":
      return reason.wellKept ? t("reason.popular.well-kept", compact(reason.count)) : t("reason.popular.plain", compact(reason.count));
    case "active": return stamped(t("reason.active", ago(reason.count)), reason.asOf);
    case "stars": return t("reason.stars", compact(reason.count));
    case "same-fans": return t("reason.same-fans");
    case "shares-topics": return t("reason.shares-topics", list((reason.topics || []).map((topic) => `#${topic}`)));
    case "same-language": return t("reason.same-language", reason.value);
    case "same-owner": return t("reason.same-owner", reason.value);
    case "similar-text": return t("reason.similar-text");
    case "same-job": return t("reason.same-job");
    case "listed-with": {
      const heading = reason.heading || [];
      const parts = (reason.list || "").split("/");
      return t("reason.listed-with", heading[heading.length - 1] || "", parts.length >= 2 ? parts[1] : reason.list || "");
    }
    case "says-it-replaces": return t("reason.says-it-replaces", reason.value);
    default: return null;
  }
}

/** A card's reasons in words: from its details where it has them (the server's words for a kind this page does not
 * know), else the server's. */
export function reasonsOf(item) {
  if (!item.reasonDetails) return item.reasons || [];
  return item.reasonDetails.map((reason, index) => reasonWords(reason) ?? item.reasons?.[index]).filter(Boolean);
}

/** The reasons about the person (what they liked, named or chose), not about the repository alone. */
export function personalReasons(item) {
  if (!item.reasonDetails) return [];
  return item.reasonDetails.filter((reason) => !FACTS.has(reason.kind)).map(reasonWords).filter(Boolean);
}
