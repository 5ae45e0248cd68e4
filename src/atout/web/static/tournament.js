/* atout: a duplicate tournament's results (/tournaments/N): overall standings and every
   board, each entrant's points beside the datum (the mean of that seat's points over the
   tables). Plain script, no build step, after page.js (the shared $, el, L, api ...); the
   API is /api/tournaments (docs/protocol.md). */
"use strict";

function signed(x) { return (Number(x) > 0 ? "+" : "") + num(x); }

/* asked/shown: the board's answers are numbered as asked, and one older than the board shown
   is dropped (a poll sent before a move must not bring the played card back); lost: the
   last question got no answer from the server (a network fault or a server error) */
const T = { id: "", polling: null, asked: 0, shown: 0, seen: "", busy: false, lost: false };

/* an entrant's board: their own seat's view and legal actions; polled while others move */
function showYours(state) {
  const you = state.you;
  if (!you) { $("yours").hidden = true; return; }
  $("yours").hidden = false;
  /* an unchanged answer leaves the page alone: rebuilding the buttons would take the focus
     from under a keyboard or screen-reader user */
  const seen = JSON.stringify([you, state.deals]);
  if (seen === T.seen) return;
  T.seen = seen;
  const box = $("actions");
  const focused = box.contains(document.activeElement);
  box.replaceChildren();
  if (!you.view) {
    $("where").textContent = L("t_alldone", { table: you.table, place: you.place });
    return;
  }
  const v = you.view;
  const onTable = v.table.map(([s, c]) => L("d_seatcard", { seat: s + 1, card: c })).join(", ");
  $("where").textContent = L("t_where", { table: you.table, board: you.board, deals: state.deals, seat: v.seat + 1 }) +
    (onTable ? ` ${L("d_ontable", { cards: onTable })}` : "") + ` ${L(v.to_move === v.seat ? "t_yourturn" : "t_others")}`;
  box.appendChild(el("p", { text: L("d_hand", { cards: v.hand.join(" ") }) }));
  if (v.to_move !== v.seat) return;
  for (const a of v.legal) {
    const b = el("button", { type: "button", text: a });
    b.addEventListener("click", () => play(a));
    box.appendChild(b);
  }
  if (focused) box.querySelector("button")?.focus();  /* keep the focus in the new buttons */
}

function showNewer(asked, state) {
  if (asked < T.shown) return;
  T.shown = asked;
  showYours(state);
}

/* the tournament's state, or null: a refusal is said (a tournament that does not exist), a
   fault is said until the server answers again (the polling goes on through it) */
async function refresh() {
  const asked = ++T.asked;
  let answer;
  try {
    answer = await api(`/api/tournaments/${encodeURIComponent(T.id)}`);
  } catch (e) {  /* no answer at all: the network */
    answer = { ok: false, data: {}, status: 0 };
  }
  const { ok, data, status: code } = answer;
  const lost = !ok && (code === 0 || code >= 500);
  if (lost) status(L("t_lost"));
  else if (!ok) status(data.message);
  else if (T.lost) status("");
  T.lost = lost;
  if (ok) showNewer(asked, data);
  return ok ? data : null;
}

/* one move at a time: the actions are busy (their buttons disabled) until the answer */
async function play(action) {
  if (T.busy) return;
  T.busy = true;
  const box = $("actions");
  box.setAttribute("aria-busy", "true");
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  const asked = ++T.asked;
  const { ok, data } = await api(`/api/tournaments/${encodeURIComponent(T.id)}/play`, { action });
  status(ok ? "" : data.message);
  if (ok) showNewer(asked, data);
  for (const b of box.querySelectorAll("button")) b.disabled = false;
  box.setAttribute("aria-busy", "false");
  T.busy = false;
  if (ok) { await results(); box.querySelector("button")?.focus(); }
}

async function create(event) {
  event.preventDefault();
  const tables = Number($("t-tables").value);
  const lines = $("t-entrants").value.split("\n").filter((l) => l.trim());
  const body = { game: $("t-game").value, deals: Number($("t-deals").value), tables };
  if (lines.length) {
    body.entrants = lines.map((l) => l.split(",").map((n) => n.trim() || null));
  }
  const { ok, data } = await api("/api/tournaments", body);
  if (!ok) { status(data.message); return; }
  location.href = `/tournaments/${data.id}`;
}

async function main() {
  const id = pathPart("");
  T.id = id;
  await loadWords();
  for (const option of $("t-game").options) option.textContent = gameTitle(option.value);
  if (!id) {  /* the host's form: no results to show yet */
    for (const h of ["h-overall", "h-boards"]) $(h).closest("section").hidden = true;
    $("host").hidden = false;
    $("make").addEventListener("submit", create);
    if (!ME.token) status(L("t_signin"));
    return;
  }
  const state = await refresh();
  /* an entrant's board is polled while others move; so is a page whose first question got
     no answer (it may be an entrant's) */
  if ((state && state.you && !state.over) || (!state && T.lost)) {
    let polling = false;  /* a slow answer is not overtaken by the next poll */
    T.polling = setInterval(async () => {
      if (polling || T.busy || $("actions").querySelector("button")) return;  /* your turn: wait for you */
      polling = true;
      try {
        const now = await refresh();
        if (now) await results();
        if (now ? now.over || !now.you : !T.lost) clearInterval(T.polling);
      } finally { polling = false; }
    }, 2000);
  }
  if (state) await results();
}

async function results() {
  const id = T.id;
  const { ok, data } = await api(`/api/tournaments/${encodeURIComponent(id)}/results`);
  if (!ok) { status(data.message); return; }
  $("title").textContent = L("t_title_game", { id: data.id, game: gameTitle(data.game) });
  const rotation = L(`t_rotation_${data.rotation_by}`, { steps: data.rotation_steps });
  $("about").textContent = `${L("t_about", { tables: Ln("t_tables", data.tables), deals: Ln("t_deals", data.deals), rotation })} ` +
    L(data.over ? "t_over" : "t_playing");
  const link = $("csv");
  link.href = `/api/tournaments/${data.id}/results.csv`;
  link.hidden = false;
  $("overall").replaceChildren(dataTable(L("t_overall_caption"),
    [L("t_rank"), L("t_entrant"), L("t_table"), L("t_points"), L("t_difference"), L("t_boardcount")],
    data.standings.map((s) => [s.rank, s.name, s.table + 1, num(s.points), signed(s.difference), s.boards]),
    [true, false, true, true, true, true], 1));
  const boards = $("boards");
  boards.replaceChildren();
  const numbers = [...new Set(data.boards.map((b) => b.board))];
  for (const n of numbers) {
    const lines = data.boards.filter((b) => b.board === n);
    boards.appendChild(dataTable(L("t_board", { n: n + 1 }),
      [L("t_entrant"), L("t_table"), L("t_seat"), L("t_points"), L("t_datum"), L("t_difference")],
      lines.map((b) => [b.name, b.table + 1, b.seat + 1, num(b.points), num(b.datum), signed(b.difference)]),
      [false, true, true, true, true, true], 0));
  }
  if (!numbers.length) boards.appendChild(el("p", { text: L("t_noboard") }));
}

main();
