// Signing in with GitHub on the web: the Profile's account section (who is signed in, sign in, sign out, sign out
// everywhere) and the page GitHub sends the browser back to (/auth/github/callback), which completes the sign-in.
// The GitHub token never reaches the browser: the server keeps it; the browser keeps only RepoFinder's own token.

import { api, forgetAccount, setLanguageCookie, setToken } from "./api.js";
import { track } from "./events.js";
import { t } from "./i18n.js";
import { forgetEverything } from "./store.js";
import { h, sentence } from "./ui.js";

/** Where GitHub sends the browser back. */
const callbackAddress = () => `${location.origin}/auth/github/callback`;

/** Sends the browser to GitHub's consent page; `returnTo` is where to land once signed in. */
export async function signIn(returnTo = "/profile") {
  const started = await api.startSignIn(callbackAddress());
  await track("signin.started");
  sessionStorage.setItem("rf.returnTo", returnTo);
  location.assign(started.authorizeUrl);
}

/** Fills the Profile's account section from `GET /v1/me/account`. */
export async function showAccount(section) {
  const body = section.querySelector(".account-body");
  const status = section.querySelector(".account-status");
  let account;
  try {
    account = await api.account();
  } catch (error) {
    body.replaceChildren(h("p", { class: "error" }, error.message));
    return;
  }
  if (account.github) {
    const who = account.github;
    const starOnLike = h("input", { type: "checkbox", id: "star-on-like" });
    starOnLike.checked = Boolean(who.starOnLike);
    starOnLike.addEventListener("change", async () => {
      try {
        await api.gitHubSettings({ starOnLike: starOnLike.checked });
        status.textContent = starOnLike.checked ? t("account.star-on-like.on") : t("account.star-on-like.off");
      } catch (error) {
        starOnLike.checked = !starOnLike.checked;
        status.textContent = error.message;
      }
    });
    const waiting = who.pendingStars?.length || 0;
    const picture = h("img", { src: who.avatarUrl || "/assets/icon.svg", alt: "", width: "48", height: "48" });
    picture.addEventListener("error", () => { picture.src = "/assets/icon.svg"; }, { once: true });
    body.replaceChildren(...[
      h("div", { class: "identity" }, picture,
        h("p", {},
          ...(who.name
            ? sentence("account.signed-in-named", login(who.login), h("span", { translate: "no" }, who.name))
            : sentence("account.signed-in", login(who.login))),
          " ", t("account.follows"))),
      h("label", { class: "check" }, starOnLike, " ", t("account.star-on-like.label")),
      h("p", {}, h("a", { class: "button secondary", href: "/maintainer", id: "maintainer-link" }, t("account.maintainer"))),
      waiting ? h("p", { class: "help", id: "pending-stars" },
        t("account.pending-stars", waiting, who.pendingStars[0].problem || t("account.pending-stars-unreached"))) : null,
      h("div", { class: "data-actions" },
        button(t("account.sign-out"), "secondary", "sign-out", () => signOut(false, status)),
        button(t("account.sign-out-everywhere"), "secondary", "sign-out-everywhere", () => signOut(true, status))),
    ].filter(Boolean));
  } else if (account.signIn.available) {
    body.replaceChildren(
      h("p", { class: "help" }, t("account.sign-in-help")),
      button(t("account.sign-in"), "primary", "sign-in", async () => {
        status.textContent = t("account.opening");
        try { await signIn(); } catch (error) { status.textContent = error.message; }
      }));
  } else {
    body.replaceChildren(h("p", { class: "help", id: "sign-in-unavailable" },
      account.signIn.reason ? t("account.unavailable-reason", account.signIn.reason) : t("account.unavailable")));
  }
}

/** The GitHub login, as GitHub spells it (not translated). */
function login(name) {
  return h("strong", { id: "github-login", translate: "no" }, name);
}

function button(label, kind, id, action) {
  const element = h("button", { type: "button", class: kind, id }, label);
  element.addEventListener("click", action);
  return element;
}

async function signOut(everywhere, status) {
  const question = everywhere ? t("account.sign-out-everywhere-confirm") : t("account.sign-out-confirm");
  if (!confirm(question)) return;
  try {
    await api.signOut(everywhere);
  } catch (error) {
    status.textContent = error.message;
    return;
  }
  await forgetEverything();
  forgetAccount();
  location.assign("/profile");
}

/** The callback page: completes the sign-in GitHub sent back, then goes where the person started. */
export async function completeCallback() {
  const message = document.getElementById("sign-in-message");
  // An app's sign-in: the page offers the way back to the app; nothing to complete here.
  if (!message) return;
  const params = new URLSearchParams(location.search);
  const back = sessionStorage.getItem("rf.returnTo") || "/profile";
  if (params.get("error")) {
    message.textContent = params.get("error") === "access_denied"
      ? t("account.callback.cancelled")
      : t("account.callback.refused", params.get("error_description") || params.get("error"));
    return;
  }
  const code = params.get("code");
  const state = params.get("state");
  if (!code || !state) {
    message.textContent = t("account.callback.no-code");
    return;
  }
  // The code works once: take it out of the address so a reload cannot replay it.
  history.replaceState(null, "", location.pathname);
  try {
    const result = await api.completeSignIn(code, state);
    if (result.token) {
      // This device joined the account already linked to this GitHub user; its old token no longer works. Swipes
      // still queued here go to that account with the new token.
      setToken(result.token);
    }
    sessionStorage.removeItem("rf.returnTo");
    // The language the person chose on another device comes along (their preferences keep it).
    await api.preferences().then((preferences) => {
      if (["en", "es", "de", "ja"].includes(preferences?.language)) setLanguageCookie(preferences.language);
    }).catch(() => {});
    message.textContent = result.merged
      ? t("account.callback.signed-in-merged", result.merged.interactions, result.github.login)
      : t("account.callback.signed-in", result.github.login);
    await track("signin.finished");
    location.replace(back);
  } catch (error) {
    message.textContent = error.message;
  }
}
