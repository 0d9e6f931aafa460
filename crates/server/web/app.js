// The page's router: lobby, a game, a replay, the fleet builder, the rules.
import { clear, setConnection } from "/web/ui.js";
import { keepToken } from "/web/api.js";
import { showLobby } from "/web/lobby.js";
import { showGame } from "/web/game.js";
import { showReplay } from "/web/replay.js";
import { showBuilder } from "/web/builder.js";
import { showRules } from "/web/rules.js";
import { showPlayer, showLeaderboard } from "/web/players.js";

let leave = null;

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  setConnection("");
  const app = clear(document.getElementById("app"));
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [page, id, extra] = parts;
  if (page === "join" && id && extra) {
    // A seat link: keep the token in this browser, then open the game without it
    // in the address bar.
    keepToken(id, extra);
    location.replace("#/g/" + encodeURIComponent(id));
    return;
  }
  if (page === "g" && id) leave = await showGame(app, id, { spectate: false });
  else if (page === "watch" && id) leave = await showGame(app, id, { spectate: true });
  else if (page === "replay") leave = await showReplay(app, id);
  else if (page === "builder") leave = await showBuilder(app);
  else if (page === "rules") leave = await showRules(app, id, extra);
  else if (page === "player" && id) leave = await showPlayer(app, id);
  else if (page === "ratings") leave = await showLeaderboard(app, id, extra);
  else leave = await showLobby(app);
  document.getElementById("app").focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);
route();
