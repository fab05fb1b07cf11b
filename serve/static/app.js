// deckwright serve: the little JavaScript the pages need. No library, no
// build step. Every answer is HTML rendered by the server.
"use strict";

function $(sel) { return document.querySelector(sel); }

async function post(url, body, type) {
  const r = await fetch(url, { method: "POST", body: body, headers: type ? { "Content-Type": type } : {} });
  return r;
}

// ---- Deck editor ----------------------------------------------------------
function editor() {
  const text = $("#deck-text");
  if (!text) return;
  const game = $("#deck-game"), name = $("#deck-name"), findings = $("#findings");
  let timer = null, seq = 0;
  // Unsaved edits are kept in the browser, per deck, so that a reload
  // never loses them; saving the deck drops the draft.
  const key = "deckwright-draft:" + (name.value || "new:" + game.value);

  async function check() {
    const mine = ++seq;
    const t0 = performance.now();
    const r = await post("/partial/check?game=" + encodeURIComponent(game.value) + "&name=" + encodeURIComponent(name.value), text.value, "text/plain");
    const html = await r.text();
    if (mine !== seq) return; // a newer check is under way
    findings.innerHTML = html;
    findings.dataset.ms = String(Math.round(performance.now() - t0));
  }
  function soon() {
    clearTimeout(timer);
    timer = setTimeout(check, 150);
    try { localStorage.setItem(key, text.value); } catch (e) {}
  }
  text.addEventListener("input", soon);
  game.addEventListener("change", soon);
  try {
    const draft = localStorage.getItem(key);
    if (draft !== null && draft !== text.value) {
      text.value = draft;
      $("#saved").textContent = "unsaved changes restored (Save keeps them)";
      $("#saved").className = "small";
    }
  } catch (e) {}
  if (text.value) check();

  // + and − in the card grid change the count on the card's line.
  function change(card, delta) {
    if (/^(sections|packs):/m.test(text.value)) {
      $("#saved").textContent = "+ and − edit decklists (\"3 Card Name\" lines); edit this YAML deck by hand";
      $("#saved").className = "small bad";
      return;
    }
    const lines = text.value.split("\n");
    const re = /^\s*(\d+)\s*x?\s+(.*?)\s*$/;
    let found = false;
    for (let i = 0; i < lines.length; i++) {
      const m = lines[i].match(re);
      if (m && m[2].toLowerCase() === card.toLowerCase()) {
        const n = parseInt(m[1], 10) + delta;
        if (n <= 0) lines.splice(i, 1); else lines[i] = n + " " + m[2];
        found = true;
        break;
      }
    }
    if (!found && delta > 0) {
      if (lines.length && lines[lines.length - 1] === "") lines.pop();
      if (!lines.some(l => /^\s*game\s*:/i.test(l))) lines.unshift("game: " + game.value);
      lines.push("1 " + card);
    }
    text.value = lines.join("\n") + "\n";
    soon();
  }
  document.addEventListener("click", e => {
    const add = e.target.closest("[data-add]"), rm = e.target.closest("[data-remove]");
    if (add) change(add.dataset.add, +1);
    if (rm) change(rm.dataset.remove, -1);
  });

  $("#save").addEventListener("click", async () => {
    let n = name.value.trim();
    if (n && !/\.(txt|ya?ml)$/i.test(n)) n += /^\s*sections:/m.test(text.value) ? ".yaml" : ".txt";
    name.value = n;
    const r = await fetch("/api/decks/" + encodeURIComponent(n), { method: "PUT", body: text.value, headers: { "Content-Type": "text/plain" } });
    const j = await r.json();
    $("#saved").textContent = r.ok ? "saved " + j.saved : j.error;
    $("#saved").className = r.ok ? "small ok" : "small bad";
    if (r.ok) {
      try { localStorage.removeItem(key); } catch (e) {}
      history.replaceState(null, "", "/deck?name=" + encodeURIComponent(n));
      $("#print-link").href = "/print?deck=" + encodeURIComponent(n);
      $("#playtest-link").href = "/playtest?deck=" + encodeURIComponent(n);
      $("#deck-links").hidden = false;
    }
  });
  $("#import").addEventListener("change", async e => {
    const f = e.target.files[0];
    if (!f) return;
    text.value = await f.text();
    if (!name.value) name.value = f.name;
    soon();
  });
  // Export writes the deck as a decklist or a YAML deck, whichever it is.
  for (const b of [$("#export-txt"), $("#export-yaml")]) {
    b.addEventListener("click", async () => {
      const to = b.dataset.to;
      const r = await post("/convert?to=" + to + "&game=" + encodeURIComponent(game.value), text.value, "text/plain");
      const body = await r.text();
      if (!r.ok) { $("#saved").textContent = body; $("#saved").className = "small bad"; return; }
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([body], { type: "text/plain" }));
      a.download = (name.value.replace(/\.(txt|ya?ml)$/i, "") || "deck") + "." + to;
      a.click();
    });
  }
  $("#draw").addEventListener("click", async () => {
    const r = await post("/partial/hand?game=" + encodeURIComponent(game.value), text.value, "text/plain");
    $("#hand").innerHTML = await r.text();
  });
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
  }
  form.addEventListener("submit", run);
  let t = null;
  form.addEventListener("input", () => { clearTimeout(t); t = setTimeout(run, 200); });
  const game = $("#deck-game");
  if (game) game.addEventListener("change", () => { form.elements.game.value = game.value; run(); });
  run();
}

// ---- Print ----------------------------------------------------------------
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
  bar.value = 0; label.textContent = "starting…";
  try {
    const r = await fetch(url, { method: "POST", body: new URLSearchParams(new FormData(form)), signal: ctl.signal });
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
        if (m.html !== undefined) { report.innerHTML = m.html; bar.value = bar.max; label.textContent = "done"; }
      }
    }
    if (!r.ok && !report.innerHTML) label.textContent = "failed";
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

document.addEventListener("DOMContentLoaded", () => { editor(); search(); printPage(); playtest(); });
