// deckwright serve: the little JavaScript the pages need. No library, no
// build step. Every answer is HTML rendered by the server.
"use strict";

function $(sel) { return document.querySelector(sel); }

async function post(url, body, type) {
  const r = await fetch(url, { method: "POST", body: body, headers: type ? { "Content-Type": type } : {} });
  return r;
}

// ---- Deck builder ---------------------------------------------------------
// The deck's text is the one truth: the grouped list, the tiles' counts and
// the findings are drawn from it by the server. Every change goes through
// setText, which keeps undo, the draft in this browser and the views.
function editor() {
  const text = $("#deck-text");
  if (!text) return;
  const root = $("#builder"), game = $("#deck-game"), name = $("#deck-name");
  const findings = $("#findings"), status = $("#saved"), live = $("#findings-live");
  let savedName = root.dataset.savedName || "";   // "" until saved
  let version = root.dataset.version || "";       // the saved version edits start from
  let bundled = root.dataset.bundled || "";
  let baseText = text.value;                      // the text as saved (or opened)

  // Drafts: unsaved edits are kept in this browser, one per deck, with the
  // version they were made from, so that a reload never loses them and a
  // draft of one deck never shows up in another.
  function draftKey(n) {
    return "deckwright-draft:" + (n ? "deck:" + n : bundled ? "bundled:" + bundled : "new:" + game.value);
  }
  // Each tab keeps its draft in sessionStorage (it survives a reload of
  // the tab) and in localStorage (for a later visit); it removes from
  // localStorage only a draft it wrote itself, never another tab's.
  let key = draftKey(savedName);
  const mineLast = {};
  function dropDraft(k) {
    try {
      sessionStorage.removeItem(k);
      const d = JSON.parse(localStorage.getItem(k) || "null");
      if (!d || d.text === mineLast[k]) localStorage.removeItem(k);
    } catch (e) {}
  }
  function keepDraft() {
    if (text.value === baseText) { dropDraft(key); return; }
    const v = JSON.stringify({ text: text.value, version: version, name: name.value });
    try { sessionStorage.setItem(key, v); localStorage.setItem(key, v); mineLast[key] = text.value; } catch (e) {}
  }
  function say(msg, cls, html) {
    status.className = "small status " + (cls || "");
    if (html) status.innerHTML = html; else status.textContent = msg;
  }
  const dirty = () => text.value !== baseText;

  // Undo and redo over every change (typing is grouped by pauses).
  let undo = [], redo = [], snap = text.value, typing = null;
  function commit() {
    clearTimeout(typing); typing = null;
    if (text.value === snap) return;
    undo.push(snap); if (undo.length > 200) undo.shift();
    redo = []; snap = text.value; buttons();
  }
  function buttons() { $("#undo").disabled = !undo.length; $("#redo").disabled = !redo.length; }
  function setText(t) { commit(); text.value = t; commit(); changed(); }
  $("#undo").addEventListener("click", () => {
    commit(); if (!undo.length) return;
    redo.push(text.value); text.value = snap = undo.pop(); buttons(); changed();
    say("undone");
  });
  $("#redo").addEventListener("click", () => {
    if (!redo.length) return;
    undo.push(text.value); text.value = snap = redo.pop(); buttons(); changed();
    say("redone");
  });

  // The views of the text: the grouped list (at once), the findings (after
  // a pause), the draft.
  let timer = null, seq = 0, lseq = 0;
  const q = () => "?game=" + encodeURIComponent(game.value) + "&name=" + encodeURIComponent(name.value);
  async function check() {
    const mine = ++seq;
    const t0 = performance.now();
    const r = await post("/partial/check" + q(), text.value, "text/plain");
    const html = await r.text();
    if (mine !== seq) return; // a newer check is under way
    findings.innerHTML = html;
    findings.dataset.ms = String(Math.round(performance.now() - t0));
    const v = findings.querySelector("#verdict");
    const n = findings.querySelectorAll("li").length;
    if (live && v) live.textContent = v.textContent.trim() + (n ? ", " + n + (n === 1 ? " finding" : " findings") : "");
  }
  async function list() {
    const mine = ++lseq;
    const r = await post("/partial/decklist" + q(), text.value, "text/plain");
    const html = await r.text();
    if (mine !== lseq) return;
    $("#decklist").innerHTML = html;
    const dl = $("#decklist .dl"), notes = $("#deck-notes");
    if (dl && notes && document.activeElement !== notes && !notesTimer) notes.value = dl.dataset.notes || "";
    tiles();
  }
  function counts() {
    const el = $("#decklist .dl");
    try { return el ? JSON.parse(el.dataset.counts || "{}") : {}; } catch (e) { return {}; }
  }
  // The pool's tiles show the copies in the deck and stop at the limit.
  function tiles() {
    const c = counts();
    for (const tile of document.querySelectorAll("#grid .tile")) {
      const card = tile.dataset.card, row = c[card] || { n: 0 };
      const have = tile.querySelector(".have"), add = tile.querySelector("[data-add]"), why = tile.querySelector(".why");
      if (have) have.textContent = String(row.n);
      tile.classList.toggle("in-deck", row.n > 0);
      const stop = row.full || row.fixed;
      if (add) {
        if (stop) { add.setAttribute("aria-disabled", "true"); add.title = row.why; }
        else { add.removeAttribute("aria-disabled"); add.removeAttribute("title"); }
      }
      if (why) { why.hidden = !stop; why.textContent = row.fixed ? "comes with its card" : stop ? "limit " + row.limit + " reached" : ""; }
    }
  }
  function changed() {
    keepDraft();
    list();
    clearTimeout(timer);
    timer = setTimeout(check, 150);
    const g = (text.value.match(/^\s*game\s*:\s*(\S+)/m) || [])[1];
    if (g && g !== game.value && [...game.options].some(o => o.value === g)) {
      game.value = g;
      game.dispatchEvent(new Event("change"));
    }
  }
  text.addEventListener("input", () => {
    if (!typing) typing = setTimeout(commit, 800);
    changed();
  });
  // The deck's game decides: a game: line follows the Game field.
  game.addEventListener("change", () => {
    const t = text.value.replace(/^(\s*game\s*:\s*)\S+/m, "$1" + game.value);
    if (t !== text.value) { setText(t); return; }
    keepDraft(); clearTimeout(timer); timer = setTimeout(check, 150); list();
  });
  $("#deck-form").addEventListener("submit", e => e.preventDefault());

  // Notes live in the deck: comment lines after a decklist's header, a
  // YAML deck's notes:.
  let notesTimer = null;
  $("#deck-notes").addEventListener("input", () => {
    clearTimeout(notesTimer);
    notesTimer = setTimeout(async () => {
      const r = await post("/api/deck/notes", new URLSearchParams({ text: text.value, notes: $("#deck-notes").value }));
      const j = await r.json();
      notesTimer = null;
      if (!r.ok) { say(j.error, "bad"); return; }
      if (j.text !== text.value) setText(j.text);
    }, 400);
  });
  // The quick-add names follow the deck's game.
  game.addEventListener("change", async () => {
    const r = await fetch("/api/cards?game=" + encodeURIComponent(game.value));
    if (!r.ok) return;
    const j = await r.json(), list = $("#card-names");
    list.innerHTML = "";
    for (const c of j.cards || []) { const o = document.createElement("option"); o.value = c.name; list.appendChild(o); }
  });

  // Restore a draft kept by this browser.
  try {
    const raw = sessionStorage.getItem(key) ?? localStorage.getItem(key);
    if (raw !== null) {
      let d; try { d = JSON.parse(raw); } catch (e) { d = { text: raw, version: version }; }
      if (d && typeof d.text === "string") mineLast[key] = d.text; // this tab carries it on
      if (d && typeof d.text === "string" && d.text !== text.value) {
        text.value = snap = d.text;
        if (d.version !== undefined && savedName) version = d.version; // the save will say if the deck moved on
        say("unsaved changes restored (Save keeps them)");
      }
    }
  } catch (e) {}
  if (text.value) check();
  list();

  // + and − (pool tiles and the list's rows) and quick add: one edit at a
  // time, each on the text the last one left.
  let chain = Promise.resolve();
  function edit(card, delta) {
    chain = chain.then(async () => {
      const r = await post("/api/deck/edit?game=" + encodeURIComponent(game.value) + "&card=" + encodeURIComponent(card) + "&delta=" + delta, text.value, "text/plain");
      const j = await r.json();
      if (!r.ok) { suggest(j.error); return false; }
      if (j.refused) { say(j.refused, "bad"); return false; }
      setText(j.text);
      say((delta > 0 ? "added one " : "removed one ") + j.card + ": " + j.count + " in the deck", "ok");
      return true;
    }).catch(e => { say("not changed: " + e, "bad"); return false; });
    return chain;
  }
  // An unknown name says so, with buttons for the names it may have meant.
  function suggest(msg) {
    const m = [...String(msg).matchAll(/"([^"]+)"/g)].map(x => x[1]).slice(1);
    const esc = s => s.replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    say("", "bad", esc(msg) + (msg.includes("did you mean") ? " " + m.map(n => '<button type="button" data-add="' + esc(n) + '" aria-label="Add one ' + esc(n) + '">Add ' + esc(n) + "</button>").join(" ") : ""));
  }
  document.addEventListener("click", e => {
    const add = e.target.closest("[data-add]"), rm = e.target.closest("[data-remove]");
    if (add) {
      if (add.getAttribute("aria-disabled") === "true") { say(add.title, "bad"); return; }
      const fromHint = !!add.closest("#saved");
      edit(add.dataset.add, +1).then(ok => { if (ok && fromHint) $("#quick-add").value = ""; });
    }
    if (rm) edit(rm.dataset.remove, -1);
  });
  $("#quick-add").addEventListener("keydown", async e => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const v = e.target.value.trim();
    if (!v) { say("type a card's name, then Enter", "bad"); return; }
    if (await edit(v, +1)) e.target.value = "";
  });

  // Saving: a new deck must not replace one of the same name; a saved
  // deck is saved from the version it was opened at, and the server
  // refuses it when another save came first: then both are shown.
  let conflictVersion = null;
  async function save(force) {
    let n = name.value.trim();
    if (!n && bundled) n = root.dataset.suggest;
    if (!n) { say("Give the deck a name before saving (such as my-deck).", "bad"); name.focus(); return; }
    const yaml = /^\s*sections:/m.test(text.value);
    if (!/\.(txt|ya?ml)$/i.test(n)) n += yaml ? ".yaml" : ".txt";
    name.value = n;
    const headers = { "Content-Type": "text/plain" };
    let url = "/api/decks/" + encodeURIComponent(n);
    if (force !== undefined) {
      if (force) headers["If-Match"] = '"' + force + '"'; else headers["If-None-Match"] = "*";
    } else if (savedName) {
      headers["If-Match"] = '"' + version + '"';
      if (n !== savedName) url += "?from=" + encodeURIComponent(savedName);
    } else headers["If-None-Match"] = "*";
    const r = await fetch(url, { method: "PUT", body: text.value, headers: headers });
    const j = await r.json();
    if (j.conflict) { conflict(j); return; }
    if (!r.ok) { say(j.error, "bad"); return; }
    const oldKey = key;
    savedName = n; version = j.version; baseText = text.value; bundled = "";
    key = draftKey(n);
    dropDraft(oldKey); dropDraft(key);
    root.dataset.savedName = n; root.dataset.version = j.version;
    history.replaceState(null, "", "/deck?name=" + encodeURIComponent(n));
    $("#print-link").href = "/print?deck=" + encodeURIComponent(n);
    $("#playtest-link").href = "/playtest?deck=" + encodeURIComponent(n);
    $("#deck-links").hidden = false;
    $("#history-btn").hidden = false;
    $("#conflict").hidden = true;
    const banner = $("#bundled-banner"); if (banner) banner.hidden = true;
    $("#save").textContent = "Save";
    say("saved " + j.saved, "ok");
  }
  async function conflict(j) {
    const box = $("#conflict");
    conflictVersion = j.version || "";
    $("#conflict-mine").value = text.value;
    $("#conflict-theirs").value = j.text || "";
    $("#conflict-h").textContent = !j.text ? "Not saved" : j.name !== savedName ? "A deck named " + j.name + " is already saved" : "Saved elsewhere since you opened it";
    say(j.error, "bad");
    box.hidden = false;
    box.focus();
    const body = new URLSearchParams({ a: j.text || "", b: text.value, name_a: "saved", name_b: "yours", game: game.value });
    const r = await post("/partial/diff", body);
    $("#conflict-diff").innerHTML = await r.text();
  }
  $("#keep-mine").addEventListener("click", () => {
    setText($("#conflict-mine").value);
    save(conflictVersion);
  });
  $("#keep-theirs").addEventListener("click", () => {
    const theirs = $("#conflict-theirs").value;
    if (conflictVersion && savedName !== name.value) {
      // A new deck met a saved one of its name: open that one.
      dropDraft(key);
      savedName = name.value; bundled = ""; key = draftKey(savedName);
      history.replaceState(null, "", "/deck?name=" + encodeURIComponent(savedName));
      $("#history-btn").hidden = false;
    }
    if (conflictVersion) version = conflictVersion;
    baseText = theirs;
    setText(theirs);
    $("#conflict").hidden = true;
    say("took the saved version (Undo brings yours back)", "ok");
  });
  $("#save").addEventListener("click", () => save());
  const copy = $("#copy-bundled");
  if (copy) copy.addEventListener("click", () => { if (!name.value.trim()) name.value = root.dataset.suggest; save(); });
  window.addEventListener("beforeunload", e => {
    if (dirty()) { keepDraft(); e.preventDefault(); e.returnValue = ""; }
  });

  // History: the earlier versions of a saved deck.
  $("#history-btn").addEventListener("click", async () => {
    const box = $("#history");
    if (!box.hidden) { box.hidden = true; return; }
    const r = await fetch("/api/decks/" + encodeURIComponent(savedName) + "/history");
    const j = await r.json();
    box.innerHTML = "";
    const h = document.createElement("h3"); h.textContent = "Earlier versions of " + savedName; box.appendChild(h);
    if (!r.ok || !j.versions.length) { const p = document.createElement("p"); p.className = "small"; p.textContent = r.ok ? "none yet: each save keeps the version it replaces" : j.error; box.appendChild(p); }
    const ul = document.createElement("ul"); box.appendChild(ul);
    for (const v of (j.versions || [])) {
      const li = document.createElement("li");
      li.append(new Date(v.saved).toLocaleString() + " ");
      const a = document.createElement("a"); a.href = "/diff?a=" + encodeURIComponent(savedName + "@" + v.id) + "&b=" + encodeURIComponent(savedName); a.textContent = "differences";
      const b = document.createElement("button"); b.type = "button"; b.textContent = "Restore"; b.setAttribute("aria-label", "Restore the version of " + new Date(v.saved).toLocaleString());
      b.addEventListener("click", async () => {
        const t = await (await fetch("/api/decks/" + encodeURIComponent(savedName) + "/history/" + encodeURIComponent(v.id))).text();
        setText(t);
        say("earlier version restored: Save keeps it, Undo takes it back", "ok");
      });
      li.append(a, " ", b); ul.appendChild(li);
    }
    box.hidden = false;
  });

  // Import from a file (the label works by keyboard too).
  const imp = $("#import");
  $("#import-label").addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); imp.click(); } });
  imp.addEventListener("change", async e => {
    const f = e.target.files[0];
    if (!f) return;
    setText(await f.text());
    if (!name.value) name.value = f.name;
    say("imported " + f.name + " (Save keeps it)");
  });
  // Export writes the deck as a decklist or a YAML deck.
  for (const b of [$("#export-txt"), $("#export-yaml")]) {
    b.addEventListener("click", async () => {
      const to = b.dataset.to;
      const r = await post("/convert?to=" + to + "&game=" + encodeURIComponent(game.value), text.value, "text/plain");
      const body = await r.text();
      if (!r.ok) { say(body, "bad"); return; }
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([body], { type: "text/plain" }));
      a.download = (name.value.replace(/\.(txt|ya?ml)$/i, "") || root.dataset.suggest.replace(/\.(txt|ya?ml)$/i, "") || "deck") + "." + to;
      document.body.appendChild(a); a.click(); a.remove();
      say("exported " + a.download, "ok");
    });
  }
  $("#draw").addEventListener("click", async () => {
    const r = await post("/partial/hand?game=" + encodeURIComponent(game.value), text.value, "text/plain");
    $("#hand").innerHTML = await r.text();
  });
  document.addEventListener("deckwright:grid", tiles);
}

// ---- Card search: in the editor, results come as a fragment -------------
function search() {
  const form = $("#card-search");
  if (!form || !form.dataset.editor) return;
  async function run(e) {
    if (e) e.preventDefault();
    const q = new URLSearchParams(new FormData(form));
    q.set("editor", "1");
    const r = await fetch("/partial/cards?" + q.toString());
    $("#grid").innerHTML = await r.text();
    document.dispatchEvent(new Event("deckwright:grid"));
  }
  form.addEventListener("submit", run);
  let t = null;
  form.addEventListener("input", () => { clearTimeout(t); t = setTimeout(run, 200); });
  const game = $("#deck-game");
  if (game) game.addEventListener("change", () => { form.elements.game.value = game.value; run(); });
  run();
}

// ---- Print ----------------------------------------------------------------
// A deck picker changes the page's deck at once: the options below always
// use the deck the picker shows.
function pickers() {
  const pick = $("#deck-pick");
  if (pick) pick.addEventListener("change", () => pick.form.submit());
}

function printPage() {
  const form = $("#print-form");
  if (!form) return;
  $("#preview").addEventListener("click", async () => {
    $("#print-report").innerHTML = "<p class=small>printing…</p>";
    const r = await post("/partial/print", new URLSearchParams(new FormData(form)));
    $("#print-report").innerHTML = await r.text();
  });
}

// ---- Playtest and compare: progress streamed as lines of JSON ------------
async function stream(url, form, report) {
  const ctl = new AbortController();
  const bar = $("#progress"), label = $("#progress-text");
  $("#stop").disabled = false;
  $("#stop").onclick = () => ctl.abort();
  bar.value = 0; label.textContent = "starting…"; label.className = "small";
  report.innerHTML = "";
  let failed = false;
  try {
    const r = await fetch(url, { method: "POST", body: new URLSearchParams(new FormData(form)), signal: ctl.signal });
    if (!(r.headers.get("Content-Type") || "").includes("ndjson")) {
      report.innerHTML = await r.text();
      bar.value = 0; label.textContent = "failed: see the message below"; label.className = "small bad";
      return;
    }
    const reader = r.body.getReader(), dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i); buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        const m = JSON.parse(line);
        if (m.total) { bar.max = m.total; bar.value = m.done; label.textContent = m.done + " / " + m.total + " games"; }
        if (m.html !== undefined) {
          report.innerHTML = m.html;
          if (report.querySelector(".error-panel")) { failed = true; bar.value = 0; label.textContent = "failed: see the message below"; }
          else { bar.value = bar.max; label.textContent = "done"; }
        }
      }
    }
    if (!r.ok && !failed) { failed = true; bar.value = 0; label.textContent = "failed"; }
    label.className = "small " + (failed ? "bad" : "ok");
  } catch (e) {
    label.textContent = e.name === "AbortError" ? "stopped" : String(e);
  } finally {
    $("#stop").disabled = true;
  }
}

function playtest() {
  const form = $("#playtest-form");
  if (!form) return;
  for (const [button, url, form2, report] of [["#run", "/playtest/run", form, "#playtest-report"], ["#compare", "/playtest/compare", $("#compare-form"), "#compare-report"]]) {
    $(button).addEventListener("click", async () => {
      $("#run").disabled = $("#compare").disabled = true;
      try { await stream(url, form2, $(report)); } finally { $("#run").disabled = $("#compare").disabled = false; }
    });
  }
}

// ---- PnP import ----------------------------------------------------------
// A page's role or grid changed: the server cuts the page again and answers
// the page's section, which replaces the old one; focus stays on the field
// that was changed. Dragging a grid line, or moving it with the arrow keys
// (half a millimetre a press, 5 with Shift), sets x, y or the pitch and
// does the same.
function pnpPage() {
  const root = $("#pnp");
  if (!root) return;
  const pending = new Map();
  async function apply(form, focusSel) {
    const section = form.closest(".pnp-page");
    const n = section.dataset.page;
    if (pending.has(n)) pending.get(n).abort();
    const ctl = new AbortController();
    pending.set(n, ctl);
    section.setAttribute("aria-busy", "true");
    try {
      const r = await fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), signal: ctl.signal });
      const html = await r.text();
      const tmp = document.createElement("div");
      tmp.innerHTML = html;
      const fresh = tmp.firstElementChild;
      if (!fresh || !fresh.classList.contains("pnp-page")) { section.insertAdjacentHTML("afterbegin", html); return; }
      section.replaceWith(fresh);
      const f = focusSel && fresh.querySelector(focusSel);
      if (f) f.focus();
      const total = [...document.querySelectorAll(".pnp-page")].reduce((a, s) => a + (s.dataset.role === "backs" ? 0 : Number(s.dataset.cards)), 0);
      if ($("#pnp-count")) $("#pnp-count").textContent = total;
    } catch (e) {
      if (e.name !== "AbortError") section.insertAdjacentHTML("afterbegin", '<div class="error-panel" role="alert"><p></p></div>'), section.querySelector(".error-panel p").textContent = String(e);
    } finally {
      if (pending.get(n) === ctl) pending.delete(n);
      section.removeAttribute("aria-busy");
    }
  }
  root.addEventListener("change", (e) => {
    const form = e.target.closest(".pnp-grid");
    if (form) apply(form, '[name="' + e.target.name + '"]');
  });
  root.addEventListener("submit", async (e) => {
    const form = e.target;
    if (form.classList.contains("pnp-grid")) { e.preventDefault(); apply(form, ""); return; }
    if (form.id !== "pnp-import") return;
    e.preventDefault();
    const out = $("#pnp-summary");
    out.textContent = "importing…";
    const r = await fetch(form.action, { method: "POST" });
    out.innerHTML = await r.text();
  });
  // Dragging a line of the grid: the first column's or row's edge moves
  // the grid (x, y), another line changes the pitch.
  root.addEventListener("pointerdown", (e) => {
    const line = e.target.closest(".pnp-line");
    if (!line) return;
    const svg = line.ownerSVGElement, section = line.closest(".pnp-page"), form = section.querySelector(".pnp-grid");
    const axis = line.dataset.axis, k = Number(line.dataset.k), edge = Number(line.dataset.edge);
    const x0 = Number(form.elements[axis].value), p0 = Number(form.elements["pitch-" + axis].value);
    const toMM = (ev) => { const pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY; const q = pt.matrixTransform(svg.getScreenCTM().inverse()); return axis === "x" ? q.x : q.y; };
    const start = toMM(e);
    line.setPointerCapture(e.pointerId);
    e.preventDefault();
    const move = (ev) => {
      const d = toMM(ev) - start;
      if (axis === "x") { line.setAttribute("x1", edge + d); line.setAttribute("x2", edge + d); } else { line.setAttribute("y1", edge + d); line.setAttribute("y2", edge + d); }
    };
    const up = (ev) => {
      line.removeEventListener("pointermove", move);
      line.removeEventListener("pointerup", up);
      const d = toMM(ev) - start;
      if (Math.abs(d) < 0.2) return;
      if (k === 0) form.elements[axis].value = (x0 + d).toFixed(2);
      else form.elements["pitch-" + axis].value = (p0 + d / k).toFixed(2);
      apply(form, "");
    };
    line.addEventListener("pointermove", move);
    line.addEventListener("pointerup", up);
  });
  // The arrow keys move a focused line: left and right a column's, up and
  // down a row's. The page is cut again once the keys rest, and focus
  // comes back to the same line.
  const resting = new Map();
  root.addEventListener("keydown", (e) => {
    const line = e.target.closest && e.target.closest(".pnp-line");
    if (!line) return;
    const axis = line.dataset.axis, k = Number(line.dataset.k);
    const dir = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[e.key];
    if (!dir || (axis === "x") !== (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;
    e.preventDefault();
    const section = line.closest(".pnp-page"), form = section.querySelector(".pnp-grid");
    const d = dir * (e.shiftKey ? 5 : 0.5);
    if (k === 0) form.elements[axis].value = (Number(form.elements[axis].value) + d).toFixed(2);
    else form.elements["pitch-" + axis].value = (Number(form.elements["pitch-" + axis].value) + d / k).toFixed(2);
    const at = Number(line.getAttribute(axis + "1")) + d;
    line.setAttribute(axis + "1", at);
    line.setAttribute(axis + "2", at);
    line.setAttribute("aria-valuenow", at.toFixed(2));
    line.setAttribute("aria-valuetext", at.toFixed(2) + " mm");
    const n = section.dataset.page;
    clearTimeout(resting.get(n));
    resting.set(n, setTimeout(() => { resting.delete(n); apply(form, '.pnp-line[data-axis="' + axis + '"][data-k="' + k + '"]'); }, 400));
  });
}

document.addEventListener("DOMContentLoaded", () => { editor(); search(); pickers(); printPage(); playtest(); pnpPage(); });
