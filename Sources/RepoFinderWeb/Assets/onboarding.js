// Onboarding in seven steps, in the order every face asks them (OnboardingStep in RepoFinderCore: an optional start
// from GitHub stars, you — name and project —, stack, interests, level, goals, areas), saved through the API.
// Skippable ("Skip for now" saves what was chosen so far and marks onboarding done); reached again from Profile to
// edit, prefilled. A star import started on the first step goes on while the rest is answered. The stack step also
// asks which languages never to deal ("no JavaScript"): those are saved as the deck filter's languages to leave out.

import { api } from "./api.js";
import { signIn } from "./account.js";
import { track } from "./events.js";
import { currentAccount } from "./githubstar.js";
import { t } from "./i18n.js";
import { forgetCard, rememberedCards } from "./store.js";
import * as stars from "./stars.js";
import { h } from "./ui.js";

const STEPS = 7;
/** The steps' names in analytics events (OnboardingStep's cases). */
const STEP_NAMES = ["stars", "about", "stack", "interests", "experience", "goals", "areas"];
let step = 0;
let form;
const chosen = { techStack: new Set(), interests: new Set(), excludedLanguages: new Set() };
/** The deck filter as saved before onboarding (its languages to leave out are asked here). */
let savedFilter = null;

export async function start() {
  form = document.getElementById("onboarding");
  const editing = new URLSearchParams(location.search).has("edit");
  let preferences = {};
  let clusters = [];
  // Apart: the areas need no account, so they show even when this browser's account cannot be made yet (an office
  // behind one address making many at once is asked to wait a minute).
  const [mine, areas, kept] = await Promise.allSettled([
    api.preferences(), api.clusters().then((list) => list.items), api.deckFilter(),
  ]);
  if (mine.status === "fulfilled") preferences = mine.value;
  if (kept.status === "fulfilled") savedFilter = kept.value.filter || {};
  if (areas.status === "fulfilled") clusters = areas.value;
  const failed = [mine, areas].find((result) => result.status === "rejected")?.reason;
  if (failed) {
    showError(failed.status === 429
      ? t("onboarding.error.busy")
      : failed.message);
  }
  if (preferences?.onboardingCompleted && !editing) {
    localStorage.setItem("rf.onboarded", "1");
    location.replace("/discover");
    return;
  }
  fill(preferences || {}, clusters);
  if (editing) startEditing();
  offerSignIn();
  form.addEventListener("click", onClick);
  form.addEventListener("submit", (event) => { event.preventDefault(); next(); });
  form.elements.githubLogin.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    importStars();
  });
  form.querySelectorAll("[data-add]").forEach((input) => {
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      addChip(input.dataset.add, input.value.trim(), true);
      input.value = "";
    });
  });
  show(0);
}

/** Editing from Profile: no welcome, the tab bar kept, "Cancel" and "Save changes" instead of a first run's words. */
function startEditing() {
  document.body.classList.add("editing");
  form.querySelector("[data-intro]")?.remove();
  const skip = form.querySelector('[data-nav="skip"]');
  skip.textContent = t("onboarding.save");
  skip.className = "secondary";
  const cancel = h("a", { class: "button ghost", href: "/profile" }, t("onboarding.cancel"));
  skip.before(cancel);
}

const editingNow = () => document.body.classList.contains("editing");

function fill(preferences, clusters) {
  for (const field of ["name", "projectType"]) form.elements[field].value = preferences[field] || "";
  const answers = { ...preferences, excludedLanguages: savedFilter?.excludedLanguages || [] };
  for (const field of ["techStack", "interests", "excludedLanguages"]) {
    const box = form.querySelector(`[data-field="${field}"]`);
    const choices = box.dataset.choices.split(",");
    for (const value of [...choices, ...(answers[field] || []).filter((v) => !choices.includes(v))]) {
      addChip(field, value, (answers[field] || []).some((v) => v.toLowerCase() === value.toLowerCase()));
    }
  }
  if (preferences.experienceLevel) {
    const radio = form.querySelector(`input[name="experienceLevel"][value="${preferences.experienceLevel}"]`);
    if (radio) radio.checked = true;
  }
  for (const goal of preferences.goals || []) {
    const box = form.querySelector(`input[name="goals"][value="${goal}"]`);
    if (box) box.checked = true;
  }
  // Each area once: its name, then "Main" (one of all) and "Also" (any).
  const area = document.getElementById("clusters");
  area.replaceChildren(h("div", { class: "area-choices", role: "group", "aria-label": t("onboarding.areas") },
    clusters.map((cluster) => h("div", { class: "area-choice" },
      h("span", { class: "area-name", id: `area-${cluster.id}` }, cluster.name),
      h("label", { class: "pick" },
        h("input", { type: "radio", name: "primaryCluster", value: cluster.id, checked: preferences.primaryCluster === cluster.id, "aria-describedby": `area-${cluster.id}` }),
        " ", t("onboarding.area.main")),
      h("label", { class: "pick" },
        h("input", { type: "checkbox", name: "secondaryClusters", value: cluster.id, checked: (preferences.secondaryClusters || []).includes(cluster.id), "aria-describedby": `area-${cluster.id}` }),
        " ", t("onboarding.area.also"))))));
}

function addChip(field, value, selected) {
  if (!value) return;
  const box = form.querySelector(`[data-field="${field}"]`);
  const existing = [...box.querySelectorAll("button")].find((b) => b.dataset.value.toLowerCase() === value.toLowerCase());
  if (existing) {
    if (selected) toggle(existing, field, true);
    return;
  }
  const chip = h("button", { type: "button", class: "chip", "aria-pressed": "false", translate: "no", dataset: { value, chip: field } }, value);
  box.append(chip);
  if (selected) toggle(chip, field, true);
}

function toggle(chip, field, on = chip.getAttribute("aria-pressed") !== "true") {
  chip.setAttribute("aria-pressed", String(on));
  if (on) chosen[field].add(chip.dataset.value);
  else chosen[field].delete(chip.dataset.value);
  // A language is either worked with or left out: choosing one side lets go of the other.
  const other = { techStack: "excludedLanguages", excludedLanguages: "techStack" }[field];
  if (!on || !other) return;
  const twin = [...form.querySelectorAll(`[data-field="${other}"] button`)]
    .find((b) => b.dataset.value.toLowerCase() === chip.dataset.value.toLowerCase());
  if (twin && twin.getAttribute("aria-pressed") === "true") toggle(twin, other, false);
}

function onClick(event) {
  const chip = event.target.closest("[data-chip]");
  if (chip) { toggle(chip, chip.dataset.chip); return; }
  const nav = event.target.closest("[data-nav]")?.dataset.nav;
  if (nav === "import") importStars();
  else if (nav === "next") next();
  else if (nav === "back") show(step - 1);
  else if (nav === "skip") { leaveStep(); finish(); }
  else if (nav === "sign-in") signIn("/onboarding").catch((error) => showError(error.message));
}

/** Offers sign-in with GitHub when the server has it; a signed-in person's own login fills the field. */
async function offerSignIn() {
  const account = await currentAccount();
  if (account?.github) {
    const note = document.getElementById("onboarding-signed-in");
    note.textContent = t("onboarding.signed-in", account.github.login);
    note.hidden = false;
    if (!form.elements.githubLogin.value) form.elements.githubLogin.value = account.github.login;
  } else if (account?.signIn.available) {
    document.getElementById("onboarding-sign-in").hidden = false;
  }
}

function show(index) {
  step = Math.max(0, Math.min(STEPS - 1, index));
  form.querySelectorAll("[data-step]").forEach((fieldset) => { fieldset.hidden = Number(fieldset.dataset.step) !== step; });
  form.querySelectorAll("[data-step-dot]").forEach((dot) => {
    const position = Number(dot.dataset.stepDot);
    dot.classList.toggle("done", position < step);
    if (position === step) dot.setAttribute("aria-current", "step");
    else dot.removeAttribute("aria-current");
  });
  // On a phone the steps are bars; the current one is named under them (whole, in any language).
  const caption = document.getElementById("step-caption");
  const current = form.querySelector(`[data-step-dot="${step}"]`);
  if (caption && current) caption.textContent = t("onboarding.step.caption", step + 1, STEPS, current.textContent);
  form.querySelector('[data-nav="back"]').hidden = step === 0;
  form.querySelector('[data-nav="next"]').textContent = step === STEPS - 1 ? (editingNow() ? t("onboarding.save") : t("onboarding.start")) : t("onboarding.next");
  form.querySelector("[data-intro]")?.toggleAttribute("hidden", step !== 0);
  form.querySelector(`[data-step="${step}"] legend`).focus?.();
  if (!editingNow()) track("onboarding.step.seen", { label: STEP_NAMES[step] });
}

function next() {
  leaveStep();
  if (step < STEPS - 1) show(step + 1);
  else finish();
}

/** Analytics: the step is left forward, answered (finished) or not (skipped); nothing when editing from Profile. */
function leaveStep() {
  if (!editingNow()) track(answered(step) ? "onboarding.step.finished" : "onboarding.step.skipped", { label: STEP_NAMES[step] });
}

function answered(index) {
  const checked = (name) => form.querySelector(`input[name="${name}"]:checked`) !== null;
  switch (STEP_NAMES[index]) {
    case "stars": return !document.getElementById("star-import-status").hidden;
    case "about": return Boolean(form.elements.namedItem("name").value.trim() || form.elements.namedItem("projectType").value.trim());
    case "stack": return chosen.techStack.size > 0;
    case "interests": return chosen.interests.size > 0;
    case "experience": return checked("experienceLevel");
    case "goals": return checked("goals");
    default: return checked("primaryCluster") || checked("secondaryClusters");
  }
}

function collect() {
  const checked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value);
  const primary = checked("primaryCluster")[0];
  const preferences = {
    techStack: [...chosen.techStack].slice(0, 30),
    interests: [...chosen.interests].slice(0, 30),
    goals: checked("goals"),
    secondaryClusters: checked("secondaryClusters").filter((id) => id !== primary).slice(0, 13),
    onboardingCompleted: true,
  };
  for (const field of ["name", "projectType"]) {
    const text = form.elements[field].value.trim().slice(0, 80);
    if (text) preferences[field] = text;
  }
  const level = checked("experienceLevel")[0];
  if (level) preferences.experienceLevel = level;
  if (primary) preferences.primaryCluster = primary;
  return preferences;
}

/**
 * The languages to leave out, kept in the deck filter (with the rest of it as it was) when they changed; a language
 * also kept by the filter stops being kept.
 */
async function saveLeftOut() {
  if (!savedFilter) return;
  const before = savedFilter.excludedLanguages || [];
  const after = [...chosen.excludedLanguages].slice(0, 10);
  const same = (a, b) => a.length === b.length && a.every((l) => b.some((m) => m.toLowerCase() === l.toLowerCase()));
  if (same(before, after)) return;
  const out = new Set(after.map((l) => l.toLowerCase()));
  const languages = (savedFilter.languages || []).filter((l) => !out.has(l.toLowerCase()));
  const state = await api.saveDeckFilter({ ...savedFilter, languages, excludedLanguages: after });
  localStorage.setItem("rf.deckFilter", JSON.stringify(state.filter));
}

/**
 * New answers make the cards this browser kept from before them stale (dealt from a like or two and popularity alone):
 * all but the first, which may have been on top, go back to the server's pool, and the deck deals anew.
 */
async function redealKeptCards() {
  try {
    const kept = await rememberedCards();
    const unseen = kept.slice(1).map((item) => item.repository.fullName);
    if (unseen.length) await api.returnCards(unseen);
    for (const item of kept) await forgetCard(item.repository.fullName);
  } catch {
    // Offline or refused: the kept cards stay, and the deck's next re-deal replaces them.
  }
}

async function finish() {
  const buttons = form.querySelectorAll("button");
  buttons.forEach((b) => { b.disabled = true; });
  try {
    await api.savePreferences(collect());
    await saveLeftOut();
    localStorage.setItem("rf.onboarded", "1");
    if (!editingNow()) await track("onboarding.finished");
    await redealKeptCards();
    location.assign(editingNow() ? "/profile" : "/discover");
  } catch (error) {
    showError(t("onboarding.error.save", error.message));
    buttons.forEach((b) => { b.disabled = false; });
  }
}

let importing = false;

async function importStars() {
  const login = form.elements.githubLogin.value.trim();
  const problem = stars.loginProblem(login);
  hideError();
  form.elements.githubLogin.setAttribute("aria-invalid", String(Boolean(problem)));
  if (problem) {
    showError(problem);
    form.elements.githubLogin.focus();
    return;
  }
  if (importing) return;
  importing = true;
  const button = form.querySelector('[data-nav="import"]');
  button.disabled = true;
  const box = document.getElementById("star-import-status");
  try {
    await stars.importStars(login, (progress) => stars.show(box, progress));
  } catch (error) {
    showError(error.message);
  } finally {
    importing = false;
    button.disabled = false;
  }
}

function hideError() {
  document.getElementById("onboarding-error").hidden = true;
}

function showError(message) {
  const element = document.getElementById("onboarding-error");
  element.textContent = message;
  element.hidden = false;
}
