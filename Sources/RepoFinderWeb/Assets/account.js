// Signing in with GitHub on the web: the Profile's account section (who is signed in, sign in, sign out, sign out
// everywhere) and the page GitHub sends the browser back to (/auth/github/callback), which completes the sign-in.
// The GitHub token never reaches the browser: the server keeps it; the browser keeps only RepoFinder's own token.

import { api, forgetAccount, setToken } from "./api.js";
import { forgetEverything } from "./store.js";
import { h } from "./ui.js";

/** Where GitHub sends the browser back. */
const callbackAddress = () => `${location.origin}/auth/github/callback`;

/** Sends the browser to GitHub's consent page; `returnTo` is where to land once signed in. */
export async function signIn(returnTo = "/profile") {
  const started = await api.startSignIn(callbackAddress());
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
        status.textContent = starOnLike.checked
          ? "From now on, liking a repository also stars it on GitHub."
          : "Liking no longer stars on GitHub.";
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
        h("p", {}, "Signed in with GitHub as ", h("strong", { id: "github-login" }, who.login),
          who.name ? ` (${who.name})` : "", ". Your likes and saves follow you to every device you sign in on.")),
      h("label", { class: "check" }, starOnLike, " Star on GitHub when I like a repository"),
      waiting ? h("p", { class: "help", id: "pending-stars" },
        `${waiting === 1 ? "1 star is" : `${waiting} stars are`} waiting for GitHub (${who.pendingStars[0].problem || "not reached yet"}); RepoFinder keeps trying.`) : null,
      h("div", { class: "data-actions" },
        button("Sign out", "secondary", "sign-out", () => signOut(false, status)),
        button("Sign out everywhere", "secondary", "sign-out-everywhere", () => signOut(true, status))),
    ].filter(Boolean));
  } else if (account.signIn.available) {
    body.replaceChildren(
      h("p", { class: "help" }, "Sign in to keep your likes and saves on every device, and to import your own stars."
        + " What you did on this device so far comes along."),
      button("Sign in with GitHub", "primary", "sign-in", async () => {
        status.textContent = "Opening GitHub…";
        try { await signIn(); } catch (error) { status.textContent = error.message; }
      }));
  } else {
    body.replaceChildren(h("p", { class: "help", id: "sign-in-unavailable" },
      `Signing in is not available on this server. ${account.signIn.reason || ""}`.trim()));
  }
}

function button(label, kind, id, action) {
  const element = h("button", { type: "button", class: kind, id }, label);
  element.addEventListener("click", action);
  return element;
}

async function signOut(everywhere, status) {
  const question = everywhere
    ? "Sign out on every device? Each will start over with a new, empty account until it signs in again."
    : "Sign out on this device? It will start over with a new, empty account until you sign in again.";
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
  const params = new URLSearchParams(location.search);
  const back = sessionStorage.getItem("rf.returnTo") || "/profile";
  if (params.get("error")) {
    message.textContent = params.get("error") === "access_denied"
      ? "You cancelled on GitHub, so nothing changed. You can sign in any time from Profile."
      : `GitHub did not sign you in: ${params.get("error_description") || params.get("error")}.`;
    return;
  }
  const code = params.get("code");
  const state = params.get("state");
  if (!code || !state) {
    message.textContent = "This page needs the code GitHub sends back. Start signing in from Profile.";
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
    const joined = result.merged
      ? ` ${result.merged.interactions} swipes from this device were added to it.`
      : "";
    message.textContent = `Signed in as ${result.github.login}.${joined}`;
    location.replace(back);
  } catch (error) {
    message.textContent = error.message;
  }
}
