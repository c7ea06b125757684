// repoverse:// links (or web paths) opened on the right screen: from a paste anywhere (app.js), Search's field
// (search.js) and Profile's "Open a link" (profile.js).

import { api } from "./api.js";
import { toast } from "./ui.js";

/** Opens a repoverse:// link (or a web path) on the right screen, or says what is wrong with it. */
export async function openLink(link) {
  try {
    const resolved = await api.resolve(link.trim());
    location.assign(resolved.webPath);
  } catch (error) {
    if (error.status === 404) location.assign(`/open?link=${encodeURIComponent(link.trim())}`);
    else toast(error.message);
  }
}
