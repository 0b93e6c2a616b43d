/* The scoresheet: draws the board from the recording API's JSON and records taps as actions.
 *
 * Everything the rules decide comes from the server (legal moves, targets, areas, the dice to
 * roll and why, refusals with their rule): this script only draws and asks. The state is kept
 * up to date through the site's live channel when it is there (window.KTLive), else by polling
 * the state with its ETag every 2 seconds (a 304 costs nothing). Words come translated from the
 * page (#rec-strings).
 */
(() => {
  "use strict";
  const root = document.getElementById("recording");
  if (!root) return;
  const T = JSON.parse(document.getElementById("rec-strings").textContent);
  const API = root.dataset.api.replace(/\/?$/, "/");
  const CSRF = root.dataset.csrf;
  const COLS = "abcdefghijkl";
  const SIZE = 40;
  const FACES = [
    ["critical", "⚔", T.critical],
    ["armour", "▣", T.armour],
    ["lock", "⊗", T.lock],
    ["dodge", "↷", T.dodge],
    ["critical_dodge", "⚔/↷", T.critical_dodge],
    ["dofus", "◆", T.dofus],
  ];
  const TURNS = { critical_dodge: ["critical", "dodge"], dofus: ["critical", "armour", "lock", "dodge"] };

  let S = null; // the state (API payload)
  let etag = null;
  let opts = null; // options of the active unit
  let plan = null; // what the player is composing
  let info = null; // a unit tapped for information
  let message = null; // {kind: "refused" | "ok", html}
  // The engine's detail says nothing more when it is the headline itself, but for the capital
  // and the full stop the headline gives a sentence (matches/recording/wording.OWN_SENTENCE).
  const bare = (text) => (text || "").trim().replace(/\.$/, "").toLowerCase();
  const sameSentence = (a, b) => bare(a) === bare(b);
  /* On a phone the board keeps cells of at least 44 px (CSS: 48 px) and scrolls in its frame,
     the active piece in view; "whole board" shows it all at once, smaller, to look at: a tap
     there comes back to tap size on the tapped cell instead of recording anything. */
  let whole = false;
  let centredOn = null; // the active piece's cell the frame last scrolled to
  let jumpTo = null; // a cell to scroll to at the next drawing

  // -- small helpers ---------------------------------------------------------------------------
  const h = (tag, attrs = {}, ...children) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (k === "class") el.className = v;
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c);
    return el;
  };
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  /* Each player sees their own edge at the bottom: player B's board is turned round. */
  const turned = () => root.dataset.side === "B";
  const xy = (cell) => {
    const x = COLS.indexOf(cell[0]);
    const row = parseInt(cell.slice(1), 10);
    return turned() ? [(11 - x) * SIZE, (row - 1) * SIZE] : [x * SIZE, (12 - row) * SIZE];
  };
  const unitAt = (cell) => S.units.find((u) => u.cell === cell);
  const unitById = (id) => S.units.find((u) => u.id === id);
  const myTurn = () => S.viewer.my_turn;

  async function call(method, path, body) {
    const ask = ++asked;
    const response = await fetch(API + path, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRFToken": CSRF, Accept: "application/json" },
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { status: response.status, data, ask };
  }

  // -- state -----------------------------------------------------------------------------------
  /* Answers may arrive out of order: a poll asked just before an action can be answered just
     after it, with the board before the action. Shown, that older board took the phone back
     one action, and its next tap was recorded after the old version, refused as stale and lost
     (the other phone then waited for it). So every request is numbered as it is sent, and an
     answer is shown only if it is not older than the board on screen: a lower version never
     (versions only grow: an undo or a correction is an action too), the same version only
     from a request sent after the one whose answer is shown (its log may be further on). */
  let asked = 0; // requests sent so far
  let shownAsk = 0; // the number of the request whose answer is on screen

  function newer(state, ask) {
    if (!S) return true;
    if (state.version !== S.version) return state.version > S.version;
    return ask >= shownAsk;
  }

  async function refresh(force) {
    const ask = ++asked;
    const headers = { Accept: "application/json" };
    if (etag && !force) headers["If-None-Match"] = etag;
    const response = await fetch(API, { headers, credentials: "same-origin", cache: "no-store" });
    if (response.status === 304) return;
    if (!response.ok) return;
    const tag = response.headers.get("ETag");
    if (adopt(await response.json(), ask)) etag = tag;
  }

  /* Shows `state` (the answer to request number `ask`) unless a newer board is on screen;
     false when it was left aside. */
  function adopt(state, ask) {
    if (!newer(state, ask)) return false;
    shownAsk = ask;
    if (S && JSON.stringify(S) === JSON.stringify(state)) return true; // nothing new: keep the form
    const changed = !S || S.version !== state.version;
    S = state;
    if (changed) { plan = null; opts = null; }
    root.dataset.version = S.version;
    render();
    if (changed && S.prompt.step === "act" && myTurn()) loadOptions();
    return true;
  }

  async function loadOptions() {
    const version = S.version;
    const r = await call("GET", "options/?unit=" + encodeURIComponent(S.active_unit));
    if (r.status === 200 && S.version === version) { opts = r.data; render(); }
  }

  async function record(events, extra = {}) {
    const r = await call("POST", "actions/", { after: S.version, events, ...extra });
    handle(r);
  }

  function handle(r) {
    if (r.status === 200 || r.status === 201) {
      message = null;
      etag = null;
      adopt(r.data, r.ask);
    } else if (r.status === 422) {
      message = { kind: "refused", rule: r.data.rule, text: r.data.reason, detail: sameSentence(r.data.message, r.data.reason) ? null : r.data.message };
      render();
    } else if (r.status === 409 && r.data && r.data.code === "stale") {
      message = { kind: "refused", rule: null, text: T.stale };
      refresh(true);
    } else {
      message = { kind: "refused", rule: null, text: (r.data && (r.data.reason || r.data.detail)) || `${T.error} (HTTP ${r.status})` };
      render();
    }
  }

  // -- the board -------------------------------------------------------------------------------
  function highlights() {
    const marks = {};
    const add = (cell, kind, text) => { marks[cell] = { kind, text }; };
    if (!S || !myTurn()) return marks;
    if (S.prompt.step === "place") for (const c of S.prompt.data.cells) add(c, "start");
    if (S.prompt.step === "act" && opts) {
      if (plan && (plan.kind === "spell" || plan.kind === "cast")) {
        for (const t of plan.spell.targets) add(t.cell, "target");
        if (plan.kind === "cast") for (const c of plan.target.area) add(c, "area");
      } else {
        for (const m of opts.moves) add(m.cell, m.blocks.length ? "move-block" : "move", String(m.mp));
      }
    }
    const asked = choiceAsked(); // the units or cells a choice may name, over the rest
    if (asked && (asked.key === "cell" || asked.key === "unit")) {
      for (const v of asked.values) {
        const cell = asked.key === "cell" ? v : (unitById(v) || {}).cell;
        if (cell) add(cell, "choice");
      }
    }
    return marks;
  }

  function board() {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${12 * SIZE} ${12 * SIZE}`);
    svg.setAttribute("class", "rec-board");
    svg.setAttribute("role", "grid");
    svg.setAttribute("aria-label", S.arena.name);
    const el = (tag, attrs, text) => {
      const e = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      return e;
    };
    const kinds = {};
    for (const c of S.arena.trees) kinds[c] = "tree";
    for (const c of S.arena.bushes) kinds[c] = "bush";
    for (const c of S.arena.crates) kinds[c] = "crate";
    for (const c of S.arena.demon_cells) kinds[c] = "demon";
    for (const side of ["A", "B"]) for (const c of S.arena.start_cells[side]) kinds[c] = kinds[c] || "start-" + side;
    const marks = highlights();
    for (let row = 12; row >= 1; row--) {
      for (let x = 0; x < 12; x++) {
        const cell = COLS[x] + row;
        const [px, py] = xy(cell);
        const mark = marks[cell];
        const g = el("g", { "data-cell": cell, class: ["cell", kinds[cell] || "", mark ? "mark-" + mark.kind : ""].join(" "), role: "gridcell", "aria-label": cell });
        g.append(el("rect", { x: px, y: py, width: SIZE, height: SIZE }));
        if (S.kamas[cell]) g.append(el("text", { x: px + 4, y: py + 12, class: "kamas" }, "₭" + S.kamas[cell]));
        if (mark && mark.text) g.append(el("text", { x: px + SIZE - 4, y: py + SIZE - 4, class: "mp", "text-anchor": "end" }, mark.text));
        svg.append(g);
      }
    }
    for (const u of S.units) {
      if (!u.cell) continue;
      const [px, py] = xy(u.cell);
      const g = el("g", { class: `unit side-${u.side}${u.id === S.active_unit ? " active" : ""}${u.summon ? " summon" : ""}`, "data-unit": u.id, "data-cell": u.cell });
      g.append(el("circle", { cx: px + SIZE / 2, cy: py + SIZE / 2, r: SIZE / 2 - 4 }));
      /* A summon's id starts with its summoner's (A1/sparring-tofu-1): it shows its own name. */
      g.append(el("text", { x: px + SIZE / 2, y: py + SIZE / 2 + 4, "text-anchor": "middle" }, u.summon ? u.name.slice(0, 2) : u.id));
      if (u.injuries) g.append(el("text", { x: px + SIZE - 3, y: py + 10, class: "inj", "text-anchor": "end" }, "✚" + u.injuries));
      svg.append(g);
    }
    svg.addEventListener("click", (e) => {
      const target = e.target.closest("[data-cell]");
      if (target) tap(target.getAttribute("data-cell"));
    });
    return svg;
  }

  // -- taps ------------------------------------------------------------------------------------
  function tap(cell) {
    if (whole) { whole = false; jumpTo = cell; render(); return; }
    const unit = unitAt(cell);
    if (!myTurn()) { info = unit ? unit.id : null; render(); return; }
    const asked = choiceAsked();
    if (asked && (asked.key === "cell" || asked.key === "unit")) {
      const value = asked.key === "cell" ? cell : unit && unit.id;
      if (value) pickChoice(value); // a value the engine did not offer gets its refusal
      return;
    }
    const step = S.prompt.step;
    if (step === "place") {
      const unitId = (plan && plan.kind === "place" && plan.unit) || S.prompt.unit;
      record([{ e: "place", unit: unitId, cell }]);
      return;
    }
    if (step !== "act") { info = unit ? unit.id : null; render(); return; }
    const active = S.active_unit;
    if (!opts) return; // the options are on their way
    if (plan && plan.kind === "order") return; // the order is chosen with the buttons
    if (plan && (plan.kind === "spell" || plan.kind === "cast")) { chooseTarget(cell); return; }
    if (unit && unit.id === active) { info = null; plan = null; render(); return; }
    if (unit && unit.side !== S.active_side) { info = unit.id; render(); }
    const option = opts && opts.moves.find((m) => m.cell === cell);
    if (option && option.blocks.length) { plan = { kind: "move", option }; render(); return; }
    if (option) { record(option.path.map((c) => ({ e: "move", unit: active, to: c }))); return; }
    if (!unit) record([{ e: "move", unit: active, to: cell }]); // the server says why not
  }

  async function chooseTarget(cell, direction) {
    const spell = plan.spell;
    const target = spell.targets.find((t) => t.cell === cell) || { cell, area: [cell], directions: [] };
    const q = new URLSearchParams({ unit: S.active_unit, spell: spell.name, target: cell });
    if (direction) q.set("direction", direction);
    const r = await call("GET", "options/?" + q.toString());
    if (r.status !== 200) { handle(r); return; }
    plan = { kind: "cast", spell, target, needs: r.data, direction: direction || (r.data.directions[0] || null), choices: [] };
    render();
  }

  // -- dice ------------------------------------------------------------------------------------
  /* One picker per die: the six faces, and the side for a turnable face (1.6.2). The faces
     tapped so far survive a redrawing of the same form (a poll, a notice from the other phone):
     they are kept per version and dice asked. */
  let keptDice = null;
  function dicePicker(requests, onChange) {
    const key = S.version + ":" + JSON.stringify(requests.map((r) => [r.roll, r.who, r.count]));
    if (!keptDice || keptDice.key !== key) keptDice = { key, values: requests.map((r) => Array(r.count).fill(null)) };
    const values = keptDice.values;
    const wrap = h("div", { class: "rec-dice" });
    /* A roll rerolled when a die fails (Ecaflip's Second Chance, 1.6): once the first dice are
       in and one of them fails, as many dice again are asked for, the reroll. */
    const settle = (req, i) => {
      if (!req.reroll) return false;
      const first = values[i].slice(0, req.count);
      if (!first.every((v) => v)) return false;
      const failed = first.some((v) => (v.includes(":") ? v.split(":")[1] : v) !== req.roll);
      const needed = failed ? 2 * req.count : req.count;
      if (values[i].length === needed) return false;
      values[i] = values[i].slice(0, needed).concat(Array(Math.max(0, needed - values[i].length)).fill(null));
      return true;
    };
    requests.forEach((req, i) => {
      const fs = h("fieldset", { class: "rec-roll", "data-roll": req.roll, "data-who": req.who });
      const roll = req.roll === "tension" ? T.tension_roll : T[req.roll] || req.roll;
      fs.append(h("legend", {}, `${req.who}: ${req.count} × ${roll}`));
      fs.append(h("p", { class: "why small" }, `${T.why}: ${req.reasons.join("; ")}`));
      if (!req.count) fs.append(h("p", { class: "small" }, T.no_dice));
      for (let d = 0; d < values[i].length; d++) {
        if (d === req.count) fs.append(h("p", { class: "small rec-reroll" }, T.reroll));
        const row = h("div", { class: "rec-die", "data-die": d });
        const turns = h("div", { class: "rec-turns" });
        const showTurns = (face, chosen) => {
          turns.innerHTML = "";
          for (const side of TURNS[face] || []) {
            turns.append(h("button", { type: "button", class: "turn" + (side === chosen ? " on" : ""), "data-side": side, onclick: (ev) => {
              turns.querySelectorAll(".turn").forEach((b) => b.classList.remove("on"));
              ev.currentTarget.classList.add("on");
              values[i][d] = face + ":" + side;
              if (settle(req, i)) { render(); return; }
              onChange(values);
            } }, "→ " + (T[side] || side)));
          }
        };
        const [tapped, side] = (values[i][d] || "").split(":");
        for (const [face, icon, label] of FACES) {
          row.append(h("button", {
            type: "button", class: "face" + (face === tapped ? " on" : ""), "data-face": face, title: label, "aria-label": label,
            onclick: (e) => {
              row.querySelectorAll(".face").forEach((b) => b.classList.remove("on"));
              e.currentTarget.classList.add("on");
              values[i][d] = TURNS[face] ? null : face;
              showTurns(face, null);
              if (settle(req, i)) { render(); return; }
              onChange(values);
            },
          }, h("span", { class: "icon" }, icon), h("span", { class: "lbl" }, label)));
        }
        if (tapped && TURNS[tapped]) showTurns(tapped, side);
        fs.append(row, turns);
      }
      wrap.append(fs);
    });
    onChange(values);
    return wrap;
  }
  const complete = (values) => values.every((v) => v.every((x) => x));

  function diceForm(requests, build, label) {
    let current = null;
    const go = h("button", { type: "button", class: "button rec-big", disabled: true, onclick: () => {
      const [events, extra] = build(current);
      const spell = events.length === 1 && (events[0].e === "cast" || events[0].e === "resolve");
      if (spell) recordSpell(events[0]); else record(events, extra);
    } }, label || T.record);
    const picker = dicePicker(requests, (values) => { current = values; go.disabled = !complete(values); });
    return h("div", { class: "rec-form" }, picker, h("div", { class: "rec-row" }, go,
      h("button", { type: "button", class: "button secondary", onclick: () => { plan = null; render(); } }, T.cancel)));
  }

  // -- the panel under the board --------------------------------------------------------------
  function panel() {
    const p = h("div", { class: "rec-panel" });
    const step = S.prompt.step;
    if (S.status === "finished" || step === "over") { p.append(ending()); return p; }
    if (!S.viewer.side) { p.append(h("p", { class: "muted" }, T.read_only)); return p; }
    if (!myTurn()) { p.append(h("p", { class: "muted rec-waiting" }, T.not_your_turn)); return p; }
    if (step === "place") {
      p.append(h("p", {}, `${T.place} ${(plan && plan.unit) || S.prompt.unit}`));
      const row = h("div", { class: "rec-row" });
      for (const id of S.prompt.data.units) {
        row.append(h("button", { type: "button", class: "button" + (((plan && plan.unit) || S.prompt.unit) === id ? "" : " secondary"), onclick: () => { plan = { kind: "place", unit: id }; render(); } }, label(id)));
      }
      p.append(row);
    } else if (step === "tension") {
      p.append(h("p", {}, T.tension));
      p.append(diceForm([S.prompt.data.dice], (v) => [[{ e: "tension", dice: v[0] }]]));
    } else if (step === "inspire_or_activate" || step === "activate") {
      const row = h("div", { class: "rec-row" });
      if (step === "inspire_or_activate") {
        for (const die of S.prompt.data.dice) {
          for (const k of S.prompt.data.krosmasters) {
            row.append(h("button", { type: "button", class: "button secondary", onclick: () => record([{ e: "inspire", die: die.die, unit: k }]) }, `${T.inspire} ${T[die.side] || die.side} ${T.on} ${k}`));
          }
        }
      }
      if (plan && plan.kind === "activate") { p.append(choiceForm()); return p; }
      // Every piece the engine says may play now: several summons in the order chosen (4.19.1.h).
      for (const unit of (S.prompt.data.units || [S.prompt.unit])) {
        row.append(h("button", { type: "button", class: "button rec-big", "data-activate": unit, onclick: async () => {
          const r = await call("GET", "options/?" + new URLSearchParams({ activate: unit }));
          if (r.status !== 200) { handle(r); return; }
          if (!r.data.choice) { record([{ e: "activate", unit }]); return; }
          plan = { kind: "activate", unit, needs: { choice: r.data.choice, dice: [], coins: 0 }, choices: [] };
          render();
        } }, `${T.activate} ${label(unit)}`));
      }
      p.append(row);
    } else if (step === "resolve") {
      const row = h("div", { class: "rec-row" });
      if (plan && plan.kind === "order") { p.append(orderForm()); return p; }
      if (plan && plan.kind === "resolve") {
        p.append(h("p", {}, `${T.resolve} ${plan.source}`));
        const coins = coinPicker((tossed) => needsAfter(resolveQuery(tossed)));
        if (coins) p.append(coins);
        if (!coinsDone()) return p;
        if (plan.needs.choice) { p.append(choiceForm()); return p; }
        p.append(diceForm(plan.needs.dice, (v) => [[withChoices({ e: "resolve", source: plan.source, rolls: rollsOf(plan.needs.dice, v) })]]));
        return p;
      }
      for (const source of S.prompt.data.pending) {
        row.append(h("button", { type: "button", class: "button", "data-source": source, onclick: async () => {
          const r = await call("GET", "options/?resolve=" + encodeURIComponent(source));
          if (r.status !== 200) { handle(r); return; }
          if (!r.data.dice.length && !r.data.coins && !r.data.choice) { recordSpell({ e: "resolve", source }); return; }
          plan = { kind: "resolve", source, needs: r.data, coins: [], choices: [] };
          render();
        } }, `${T.resolve} ${source}`));
      }
      p.append(row);
    } else if (step === "act") {
      p.append(acting());
    }
    return p;
  }

  function acting() {
    const wrap = h("div", {});
    const u = unitById(S.active_unit);
    wrap.append(h("p", { class: "rec-unit" }, `${label(u.id)} · ${u.ap} ${T.ap} · ${u.mp} ${T.mp} · ${u.injuries}/${u.hp ?? "–"} ✚`));
    if (!opts) { wrap.append(h("p", { class: "muted" }, "…")); return wrap; }
    if (plan && plan.kind === "move") {
      const m = plan.option;
      wrap.append(h("p", {}, `${T.block} ${S.units.find((x) => x.id === S.active_unit).cell} → ${m.cell}`));
      const requests = m.blocks.flatMap((b) => [b.lock, b.dodge]);
      wrap.append(diceForm(requests, (v) => [[{
        e: "move", unit: S.active_unit, to: m.path[0],
        block: m.blocks.map((b, i) => ({ by: b.by, lock: v[2 * i], dodge: v[2 * i + 1] })),
      }].concat(m.path.slice(1).map((c) => ({ e: "move", unit: S.active_unit, to: c })))]));
      return wrap;
    }
    if (plan && plan.kind === "cast") return castForm(wrap);
    if (plan && plan.kind === "order") { wrap.append(orderForm()); return wrap; }
    if (plan && plan.kind === "spell") {
      wrap.append(h("p", {}, `${plan.spell.name}: ${T.select_target}`));
      wrap.append(h("button", { type: "button", class: "button secondary", onclick: () => { plan = null; render(); } }, T.cancel));
      return wrap;
    }
    if (plan && plan.kind === "reward") return rewardForm(wrap, plan.action);
    wrap.append(h("p", { class: "small muted" }, T.moves));
    const spells = h("div", { class: "rec-row rec-spells" });
    for (const s of opts.spells) {
      spells.append(h("button", {
        type: "button", class: "button spell", disabled: !s.targets.length, "data-spell": s.name,
        title: s.refused ? `${T.rule} ${s.rule}: ${s.reason} (${s.refused})` : null,
        onclick: () => { plan = { kind: "spell", spell: s }; render(); },
      }, `${s.name} · ${s.ap} ${T.ap} · ${T["range_" + s.range] || s.range}`));
    }
    wrap.append(spells);
    const row = h("div", { class: "rec-row" });
    for (const a of opts.actions) {
      if (a.e === "pick_kama") row.append(h("button", { type: "button", class: "button secondary", onclick: () => record([{ e: "pick_kama", unit: S.active_unit, count: a.max }]) }, `${T.pick_kama} (${a.max})`));
      if (a.e === "buy_gg") row.append(h("button", { type: "button", class: "button secondary", onclick: () => record([{ e: "buy_gg", unit: S.active_unit }]) }, T.buy_gg));
      if (a.e === "buy_reward") row.append(h("button", { type: "button", class: "button secondary", onclick: () => { plan = { kind: "reward", action: a, rank: Object.keys(a.ranks)[0], kind_: "buff", to: a.assign_to[0] || null, up: false }; render(); } }, T.buy_reward));
      if (a.e === "reveal_reward") for (const id of a.rewards) row.append(h("button", { type: "button", class: "button secondary", onclick: () => record([{ e: "reveal_reward", unit: S.active_unit, reward: id }]) }, `${T.reveal} ${id}`));
      if (a.e === "end") row.append(h("button", { type: "button", class: "button rec-end", onclick: () => record([{ e: "end", unit: S.active_unit }]) }, T.end_turn));
    }
    wrap.append(row);
    return wrap;
  }

  function castForm(wrap) {
    const { spell, target, needs } = plan;
    wrap.append(h("p", {}, `${spell.name} → ${target.cell}`));
    if (needs.directions.length) {
      const row = h("div", { class: "rec-row" }, h("span", {}, T.direction + ": "));
      for (const d of needs.directions) row.append(h("button", { type: "button", class: "button" + (plan.direction === d ? "" : " secondary"), "data-direction": d, onclick: () => chooseTarget(target.cell, d) }, T[d] || d));
      wrap.append(row);
    }
    const coins = coinPicker((tossed) => needsAfter(castQuery(tossed)));
    if (coins) wrap.append(coins);
    if (!coinsDone()) return wrap; // the coins first: what the spell does may depend on them
    if (needs.choice) { wrap.append(choiceForm()); return wrap; } // then the card's choices
    wrap.append(diceForm(needs.dice, (v) => {
      const event = withChoices({ e: "cast", unit: S.active_unit, spell: spell.name, target: target.cell, rolls: rollsOf(needs.dice, v) });
      if (plan.direction) event.direction = plan.direction;
      return [[event]];
    }));
    return wrap;
  }

  const castQuery = (tossed) => {
    const q = new URLSearchParams({ unit: S.active_unit, spell: plan.spell.name, target: plan.target.cell });
    if (tossed && tossed.length) q.set("coins", tossed.join(","));
    if (plan.direction) q.set("direction", plan.direction);
    if (plan.choices.length) q.set("choices", plan.choices.join(","));
    return "options/?" + q.toString();
  };
  const resolveQuery = (tossed) => {
    const q = new URLSearchParams({ resolve: plan.source });
    if (tossed && tossed.length) q.set("coins", tossed.join(","));
    if (plan.choices.length) q.set("choices", plan.choices.join(","));
    return "options/?" + q.toString();
  };
  const withChoices = (event) => (plan.choices && plan.choices.length ? { ...event, choices: plan.choices.slice() } : event);

  // -- choices (7.2.4, 4.18.3.e, 4.9.15.a) -----------------------------------------------------
  /* What a card or a power leaves to the player (a unit, a cell, X, an effect...): the server
     asks one choice at a time with the values the engine accepts; a unit or a cell is tapped on
     the board (marked), any value also has its button. After each pick the server is asked
     again with the choices so far: the next choice, or the dice. */
  const choiceAsked = () => (plan && plan.needs && plan.needs.choice && coinsDone() ? plan.needs.choice : null);
  async function pickChoice(value) {
    const asked = plan.needs.choice;
    plan.choices.push(`${asked.key}:${value}`);
    if (plan.kind === "activate") { record([{ e: "activate", unit: plan.unit, choices: plan.choices.slice() }]); return; }
    const current = plan;
    const r = await call("GET", plan.kind === "resolve" ? resolveQuery(plan.coins) : castQuery(plan.coins));
    if (plan !== current) return;
    if (r.status !== 200) { plan.choices.pop(); handle(r); return; }
    plan.needs = r.data;
    if (plan.kind === "resolve" && !r.data.choice && !r.data.dice.length) { recordSpell(withChoices({ e: "resolve", source: plan.source })); return; }
    render();
  }
  function choiceForm() {
    const asked = plan.needs.choice;
    const fs = h("fieldset", { class: "rec-pick", "data-choice": asked.key });
    fs.append(h("legend", {}, asked.question));
    fs.append(h("p", { class: "why small" }, `${T.rule} ${asked.rule}: ${asked.reason}`, h("br"), h("span", { class: "muted" }, asked.why)));
    if (plan.choices.length) fs.append(h("p", { class: "small" }, `${T.chosen}: ${plan.choices.join(", ")}`));
    if (asked.key === "cell" || asked.key === "unit") fs.append(h("p", { class: "small muted" }, T.choice_tap));
    const row = h("div", { class: "rec-row" });
    for (const v of asked.values) {
      const shown = T["choice_" + asked.key + "_" + v] || (asked.key === "unit" ? label(v) : v);
      row.append(h("button", { type: "button", class: "button secondary", "data-value": v, onclick: () => pickChoice(v) }, shown));
    }
    fs.append(row, h("div", { class: "rec-row" },
      h("button", { type: "button", class: "button secondary", onclick: () => { plan = null; render(); } }, T.cancel)));
    return fs;
  }

  /* The dice of a spell (or an effect on standby) as the log writes them, with the coins. */
  function rollsOf(requests, values) {
    const rolls = { critical: [], armour: {} };
    requests.forEach((req, i) => {
      if (req.roll === "critical") rolls.critical = values[i];
      else if (req.roll === "armour") rolls.armour[req.who] = values[i];
    });
    if (plan.coins && plan.coins.length) rolls.coins = plan.coins.slice();
    return rolls;
  }

  // -- coins (7.2.4) ---------------------------------------------------------------------------
  /* A spell that plays heads or tails: the players toss the coin first and tap the side that
     fell; the server then says which dice the spell needs after it (`onTossed` asks it). */
  const coinsDone = () => (plan.coins || []).filter(Boolean).length >= (plan.needs.coins || 0);
  function coinPicker(onTossed) {
    const count = plan.needs.coins || 0;
    if (!count) return null;
    const coins = plan.coins || (plan.coins = []);
    const fs = h("fieldset", { class: "rec-roll rec-coins", "data-roll": "coin" });
    fs.append(h("legend", {}, `${count} × ${T.coin}`));
    fs.append(h("p", { class: "why small" }, `${T.why}: ${T.coin_why} (7.2.4)`));
    for (let i = 0; i < count; i++) {
      const row = h("div", { class: "rec-die", "data-coin": i });
      for (const side of ["heads", "tails"]) {
        row.append(h("button", { type: "button", class: "face coin" + (coins[i] === side ? " on" : ""), "data-side": side, "aria-pressed": String(coins[i] === side), onclick: async () => {
          coins[i] = side;
          if (coins.filter(Boolean).length >= count) await onTossed(coins.slice(0, count));
          render();
        } }, h("span", { class: "icon" }, side === "heads" ? "◉" : "◎"), h("span", { class: "lbl" }, T[side])));
      }
      fs.append(row);
    }
    return fs;
  }

  async function needsAfter(path) {
    const current = plan;
    const r = await call("GET", path);
    if (plan !== current) return;
    if (r.status !== 200) { handle(r); return; }
    plan.needs = r.data;
  }

  // -- the order of effects on standby (7.2.9.a) -------------------------------------------------
  /* Before a spell or an effect on standby is recorded, the server says whether several
     effects will wait on standby in its Step 8: the active player then taps them in the order
     they resolve, and the event carries that `order`. */
  async function recordSpell(event) {
    const r = await call("POST", "standby/", { event });
    if (r.status !== 200) { handle(r); return; }
    if (!r.data.order.length) { record([event]); return; }
    plan = { kind: "order", event, waiting: r.data.order, text: r.data.text, rule: r.data.rule, order: [], back: plan };
    render();
  }

  function orderForm() {
    const wrap = h("div", { class: "rec-form rec-order" });
    wrap.append(h("p", {}, plan.text, h("span", { class: "rule" }, ` (${T.rule} ${plan.rule})`)));
    const chosen = h("ol", { class: "rec-order-list" }, plan.order.map((label) => h("li", {}, label)));
    const row = h("div", { class: "rec-row" });
    for (const label of plan.waiting.filter((l) => !plan.order.includes(l))) {
      row.append(h("button", { type: "button", class: "button secondary", "data-order": label, onclick: () => { plan.order.push(label); render(); } }, label));
    }
    const done = plan.order.length === plan.waiting.length;
    wrap.append(chosen, row, h("div", { class: "rec-row" },
      h("button", { type: "button", class: "button rec-big", disabled: !done, onclick: () => record([{ ...plan.event, order: plan.order.slice() }]) }, T.record),
      h("button", { type: "button", class: "button secondary", disabled: !plan.order.length, onclick: () => { plan.order = []; render(); } }, T.order_again),
      h("button", { type: "button", class: "button secondary", onclick: () => { plan = plan.back; render(); } }, T.cancel)));
    return wrap;
  }

  function rewardForm(wrap, action) {
    const pick = (key, value) => { plan[key] = value; render(); };
    const choice = (key, values, names) => {
      const row = h("div", { class: "rec-row" });
      values.forEach((v, i) => row.append(h("button", { type: "button", class: "button" + (plan[key] === v ? "" : " secondary"), "data-choice": key + ":" + v, onclick: () => pick(key, v) }, names ? names[i] : T[v] || v)));
      return row;
    };
    wrap.append(h("p", {}, T.buy_reward));
    wrap.append(h("p", { class: "small" }, T.rank), choice("rank", Object.keys(action.ranks), Object.entries(action.ranks).map(([r, p]) => `${T[r] || r} · ${p} ₭`)));
    wrap.append(h("p", { class: "small" }, T.kind), choice("kind_", ["boost", "buff", "equipment"]));
    if (action.assign_to.length) wrap.append(h("p", { class: "small" }, T.give_to), choice("to", action.assign_to));
    if (action.face_up) wrap.append(choice("up", [false, true], ["⬛", T.face_up]));
    wrap.append(h("div", { class: "rec-row" },
      h("button", { type: "button", class: "button rec-big", onclick: () => record(
        [{ e: "buy_reward", unit: S.active_unit, rank: plan.rank, reward: "", assign_to: plan.to, face_up: !!plan.up }],
        { reward: { rank: plan.rank, kind: plan.kind_, equipment_type: plan.kind_ === "equipment" ? "weapon" : null } },
      ) }, T.record),
      h("button", { type: "button", class: "button secondary", onclick: () => { plan = null; render(); } }, T.cancel)));
    return wrap;
  }

  function ending() {
    const wrap = h("div", { class: "rec-ending" });
    wrap.append(h("h2", {}, S.prompt.text));
    const log = S.log;
    if (log) {
      wrap.append(h("p", {}, `${T.log} #${log.id}: `, h("strong", { class: "rec-log-status", "data-status": log.status }, T[log.status] || log.status),
        " · ", h("a", { href: log.replay_url }, T.replay), " · ", h("a", { href: log.match_url }, T.log)));
      if (log.acceptable && S.viewer.side) {
        wrap.append(h("button", { type: "button", class: "button rec-big rec-accept", onclick: async () => {
          const r = await fetch(log.accept_url, { method: "POST", headers: { "X-CSRFToken": CSRF, Accept: "application/json" }, credentials: "same-origin" });
          message = { kind: r.ok ? "ok" : "refused", rule: null, text: r.ok ? T.accepted : `${T.error} (HTTP ${r.status})` };
          render();
        } }, T.accept));
      }
    }
    return wrap;
  }

  // -- the rest of the page -----------------------------------------------------------------
  function label(id) {
    const u = unitById(id);
    if (!u) return id;
    return `${id} ${u.name}${u.label ? " (" + u.label + ")" : ""}`;
  }

  function scores() {
    const side = (s) => {
      const p = S.players[s];
      return h("div", { class: `rec-score side-${s}${S.active_side === s ? " on" : ""}` },
        h("strong", {}, `${s} · ${p.name}`), ` ${p.gg} ${T.gg} · ${p.kamas} ₭`);
    };
    return h("div", { class: "rec-scores" }, side("A"),
      h("div", { class: "rec-turn" }, `${T.turn} ${S.turn}`, S.wild_gg ? h("div", { class: "small" }, "+1 " + T.wild) : null),
      side("B"));
  }

  function outcome() {
    const last = S.last;
    if (!last || !last.outcome) return null;
    const steps = last.outcome.steps || [];
    const changes = last.outcome.changes || [];
    if (!steps.length && !changes.length) return null;
    return h("details", { class: "rec-outcome panel", open: true },
      h("summary", {}, `${T.outcome}: #${last.number} ${last.summary}`),
      h("ul", {}, steps.map((s) => h("li", {}, h("strong", {}, s.step), ` (${s.rule}) ${s.text}`,
        // a power the catalog names only in English (issue 18): the catalog's EN marker
        (s.english_names || []).length ? h("abbr", { class: "lang-fallback", lang: "en", title: T.english_only }, "EN") : "")),
        changes.map((c) => h("li", { class: "muted" }, c))));
  }

  function history() {
    const list = h("ol", { class: "rec-history-list" });
    for (const row of S.history.slice().reverse()) {
      const li = h("li", { class: row.in_force || row.kind !== "action" ? "" : "undone" },
        `#${row.number} ${row.side || T.judge_short} ${row.kind === "action" ? "" : (T["kind_" + row.kind] || row.kind) + " "}${row.summary}${row.note ? " — " + row.note : ""}`);
      if (row.kind === "action" && row.in_force && (S.viewer.side || S.viewer.judge) && S.status === "playing") {
        li.append(h("button", { type: "button", class: "link small", title: T.correct, "aria-label": `${T.correct} #${row.number}`, onclick: async () => handle(await call("POST", "corrections/", { after: S.version, keep: row.number, note: "" })) }, "↩"));
      }
      list.append(li);
    }
    return h("details", { class: "rec-history panel" }, h("summary", {}, T.history), list);
  }

  function tools() {
    const row = h("div", { class: "rec-row rec-tools" });
    if (S.status !== "playing") return row;
    if (S.viewer.can_undo) row.append(h("button", { type: "button", class: "button secondary rec-undo", onclick: async () => handle(await call("POST", "undo/", { after: S.version })) }, T.undo));
    const c = S.correction;
    if (c && c.side !== S.viewer.side && (S.viewer.side || S.viewer.judge)) {
      row.append(h("button", { type: "button", class: "button", onclick: async () => handle(await call("POST", "corrections/", { after: S.version, keep: c.keep, note: c.note })) }, `${T.confirm_correction} (#${c.keep})`));
    }
    if (S.viewer.can_call_time) row.append(h("button", { type: "button", class: "button secondary", onclick: () => { if (confirm(T.time + "?")) record([{ e: "time" }]); } }, T.time));
    if (S.viewer.side) row.append(h("button", { type: "button", class: "button danger", onclick: () => { if (confirm(T.concede + "?")) record([{ e: "concede", player: S.viewer.side }]); } }, T.concede));
    return row;
  }

  function render() {
    if (!S) return;
    const prompt = h("p", { class: "rec-prompt", "aria-live": "polite" }, S.prompt.text, h("span", { class: "rule" }, ` (${T.rule} ${S.prompt.rule})`));
    const note = message ? h("p", { class: `rec-message ${message.kind}`, role: "alert" },
      message.kind === "refused" ? h("strong", {}, T.refused) : null,
      message.rule ? ` · ${T.rule} ${message.rule}: ` : " ", message.text,
      message.kind === "refused" ? ` — ${T.nothing_recorded}` : "",
      message.detail ? h("span", { class: "rec-detail small" }, message.detail) : null) : null;
    const infoUnit = info && unitById(info);
    const infoLine = infoUnit ? h("p", { class: "small rec-info" }, `${label(infoUnit.id)} · ${infoUnit.ap} ${T.ap} · ${infoUnit.mp} ${T.mp} · ${infoUnit.injuries}/${infoUnit.hp ?? "–"} ✚ · ${T.level} ${infoUnit.level ?? "–"}`) : null;
    const old = root.querySelector(".rec-frame");
    const kept = old ? [old.scrollLeft, old.scrollTop] : null;
    const frame = h("div", { class: "rec-frame" + (whole ? " whole" : "") }, board());
    const size = h("button", { type: "button", class: "button secondary rec-zoom", "aria-pressed": String(whole), onclick: () => { whole = !whole; centredOn = null; render(); } }, whole ? T.tap_size : T.whole_board);
    root.replaceChildren(scores(), prompt, note || "", frame, h("div", { class: "rec-row" }, size, infoLine || ""), panel(), outcome() || "", tools(), history());
    /* Keep the piece that matters in view: a cell tapped on the whole board, else the active
       piece when it moved or changed, else where the player had scrolled to. At the set-up,
       the player's own start cells. */
    const active = unitById(S.active_unit || "");
    const side = root.dataset.side || "A";
    const goal = (active && active.cell) || (S.prompt.step === "place" ? S.arena.start_cells[side][0] : null);
    if (jumpTo) { centre(frame, jumpTo); jumpTo = null; centredOn = goal; }
    else if (goal && goal !== centredOn) { centre(frame, goal); centredOn = goal; }
    else if (kept) { frame.scrollLeft = kept[0]; frame.scrollTop = kept[1]; }
  }

  function centre(frame, cell) {
    const [px, py] = xy(cell);
    frame.scrollLeft = ((px + SIZE / 2) / (12 * SIZE)) * frame.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = ((py + SIZE / 2) / (12 * SIZE)) * frame.scrollHeight - frame.clientHeight / 2;
  }

  // -- live updates ----------------------------------------------------------------------------
  /* The site's live channel (docs/live.md) says "recording.<match> changed"; the board is then
     fetched again. While the stream is down, the state is polled every 2 s (304 when idle). */
  let streaming = false;
  function follow() {
    if (!window.EventSource || !root.dataset.live) return;
    const source = new EventSource(root.dataset.live);
    source.addEventListener("open", () => { streaming = true; });
    source.addEventListener("changed", () => refresh(false));
    source.addEventListener("error", () => { streaming = false; });
  }
  refresh(true);
  follow();
  let ticks = 0;
  setInterval(() => {
    ticks += 1;
    if (!streaming || ticks % 15 === 0) refresh(false); // a missed notice is caught up too
  }, 2000);
})();
