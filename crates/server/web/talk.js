// Between the players of a game (issue 42): the chat, shown as text only (never as
// markup), with a mute for the others' lines; draw offers, takeback requests and
// their answers. Only a seat sees the panel: the server answers the talk to seats
// alone. Read when the game's socket says the talk changed, and every 15 s.
import { h, clear, toast } from "/web/ui.js";
import { api } from "/web/api.js";

// The socket says when the talk changes; this reading is the fallback (a socket
// reconnecting, an instance that missed an announcement).
const EVERY_MS = 15000;

/** Fill `box` (a <details>) with the game's talk; returns `stop()`. `token()` is the
 * seat's token (or null: the account's session), `me()` the seat, `name(seat)` a
 * seat's player name, `over()` whether the game has ended. */
export function startTalk(box, id, { token, me, name, over }) {
  let since = 0;
  let stopped = false;
  let last = null;
  const lines = [];
  const muteKey = "orrery:mute:" + id;
  const list = h("ol", { class: "talk-lines", id: "talk-lines", "aria-live": "polite" });
  const input = h("input", { id: "talk-input", type: "text", maxlength: 280, placeholder: "Say something to the other players", "aria-label": "Chat message" });
  const form = h("form", { class: "row talk-form", id: "talk-form" }, input, " ", h("button", { id: "talk-send", type: "submit", text: "Send" }));
  const mute = h("input", { type: "checkbox", id: "talk-mute" });
  mute.checked = localStorage.getItem(muteKey) === "1";
  const drawBox = h("div", { id: "draw-box", class: "row" });
  clear(box).append(h("summary", { text: "Talk" }), drawBox, list, form,
    h("label", { class: "hint" }, mute, " Mute the other players' messages"));
  box.hidden = true;

  const said = (l) => {
    const who = l.seat === me() ? "You" : name(l.seat);
    switch (l.kind) {
      case "chat": return [h("strong", { text: `${who}: ` }), l.text];
      case "draw_offer": return [h("em", { text: `${who} offered a draw.` })];
      case "draw_accept": return [h("em", { text: `${who} accepted the draw.` })];
      case "draw_decline": return [h("em", { text: `${who} declined the draw.` })];
      case "takeback_ask": return [h("em", { text: `${who} asked to take back ${l.seat === me() ? "your" : "their"} last move.` })];
      case "takeback_accept": return [h("em", { text: `${who} let the move be taken back.` })];
      case "takeback_decline": return [h("em", { text: `${who} declined the takeback.` })];
      default: return [h("em", { text: `${who}: ${l.kind}` })];
    }
  };
  const draw = () => {
    clear(list);
    let hidden = 0;
    for (const l of lines) {
      if (mute.checked && l.kind === "chat" && l.seat !== me()) { hidden++; continue; }
      list.append(h("li", { class: "talk-" + l.kind, "data-n": l.n }, said(l)));
    }
    if (hidden) list.append(h("li", { class: "hint", text: `${hidden} message${hidden > 1 ? "s" : ""} muted` }));
    list.scrollTop = list.scrollHeight;
    clear(drawBox);
    if (!last || over()) return;
    const asker = last.takeback;
    if (asker !== null && asker !== undefined && asker !== me()) {
      drawBox.append(h("span", { text: `${name(asker)} asks to take back their last move. ` }),
        h("button", { id: "takeback-accept", class: "primary", text: "Let them", onclick: () => answer("accept", "takeback") }), " ",
        h("button", { id: "takeback-decline", text: "Decline", onclick: () => answer("decline", "takeback") }), h("br"));
    } else if (asker === me()) {
      drawBox.append(h("span", { class: "hint", id: "takeback-waiting", text: "You asked to take back your last move. " }));
    }
    if (!last.people) return;
    const agreeing = last.draw || [];
    const others = agreeing.filter((s) => s !== me());
    if (others.length) {
      drawBox.append(h("span", { text: `${others.map(name).join(", ")} offer${others.length > 1 ? "" : "s"} a draw. ` }),
        h("button", { id: "draw-accept", class: "primary", text: "Accept the draw", onclick: () => answer("accept") }), " ",
        h("button", { id: "draw-decline", text: "Decline", onclick: () => answer("decline") }));
    } else if (agreeing.includes(me())) {
      drawBox.append(h("span", { class: "hint", id: "draw-waiting", text: "You offered a draw; it holds until the next move." }));
    } else {
      drawBox.append(h("button", { id: "draw-offer", text: "Offer a draw", onclick: () => answer("offer") }));
    }
  };
  const poll = async () => {
    if (stopped) return;
    try {
      const r = await api("GET", `/api/games/${id}/talk?since=${since}`, undefined, token());
      // Two readings may cross (the socket's word and the timer): a line is kept once.
      for (const l of r.lines) {
        if (l.n <= since) continue;
        lines.push(l);
        since = l.n;
      }
      last = r;
      box.hidden = false;
      draw();
    } catch (e) {
      // A spectator (or a seat forgotten here) has no talk: no panel.
      if (e.status === 401) box.hidden = true;
    }
  };
  const answer = async (say, what = "draw") => {
    try {
      await api("POST", `/api/games/${id}/${what}`, { say }, token());
    } catch (e) {
      toast(e.message);
    }
    poll();
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await api("POST", `/api/games/${id}/talk`, { text }, token());
      input.value = "";
    } catch (err) {
      toast(err.message);
    }
    poll();
  });
  mute.addEventListener("change", () => {
    localStorage.setItem(muteKey, mute.checked ? "1" : "0");
    draw();
  });
  poll();
  const timer = setInterval(poll, EVERY_MS);
  return { stop: () => { stopped = true; clearInterval(timer); }, poll };
}
