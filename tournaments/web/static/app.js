// The pages' behaviour: live refresh on server-sent events, the leaderboard's highlight, the
// charts (Chart.js, served from this package) and an arena's forms (add and retire a bot).
"use strict";

let highlighted = null;
const charts = [];

function readJson(id) {
  const element = document.getElementById(id);
  return element ? JSON.parse(element.textContent) : null;
}

function drawCharts() {
  while (charts.length) charts.pop().destroy();
  if (typeof Chart === "undefined") return;
  Chart.defaults.animation = false;
  for (const canvas of document.querySelectorAll("canvas[data-chart]")) {
    const kind = canvas.dataset.chart;
    const config = kind === "rating" ? ratingChart(readJson("rating-data")) : sprtChart(readJson("sprt-data"));
    charts.push(new Chart(canvas, config));
  }
}

function linear(title) {
  return { type: "linear", title: { display: true, text: title } };
}

function ratingChart(points) {
  return {
    type: "line",
    data: { datasets: [{ label: "joint rating", data: points.map((p) => ({ x: p.results, y: p.elo })), tension: 0.2 }] },
    options: { maintainAspectRatio: false, scales: { x: linear("matches in the run"), y: linear("rating") } },
  };
}

function sprtChart(tests) {
  const datasets = [];
  for (const test of tests) {
    const points = [{ x: 0, y: 0 }, ...test.points.map(([games, llr]) => ({ x: games, y: llr }))];
    const last = points[points.length - 1].x || 1;
    datasets.push({ label: `${test.bot} vs ${test.opponent}`, data: points, stepped: false });
    datasets.push({ label: "upper bound", data: [{ x: 0, y: test.upper }, { x: last, y: test.upper }], borderDash: [6, 4], pointRadius: 0 });
    datasets.push({ label: "lower bound", data: [{ x: 0, y: test.lower }, { x: last, y: test.lower }], borderDash: [6, 4], pointRadius: 0 });
  }
  return {
    type: "line",
    data: { datasets },
    options: { maintainAspectRatio: false, scales: { x: linear("games"), y: linear("LLR") } },
  };
}

async function highlight(bot) {
  highlighted = bot;
  const response = await fetch(`/api/versus?bot=${encodeURIComponent(bot)}`);
  if (!response.ok) return;
  const { versus } = await response.json();
  for (const name of document.querySelectorAll(".versus-name")) name.textContent = bot;
  for (const row of document.querySelectorAll("table.board[data-testid=leaderboard] tbody tr")) {
    row.classList.toggle("highlight", row.dataset.bot === bot);
    const cell = row.querySelector("td.versus");
    const entry = versus[row.dataset.bot];
    if (cell) cell.textContent = entry ? `${entry.score} / ${entry.games}` : (row.dataset.bot === bot ? "—" : "");
  }
}

function wireLeaderboard() {
  for (const row of document.querySelectorAll("table.board[data-testid=leaderboard] tbody tr")) {
    row.addEventListener("click", (event) => {
      if (event.target.closest("a")) return;
      highlight(row.dataset.bot);
    });
  }
  if (highlighted) highlight(highlighted);
}

// An arena's form is sent by fetch: its fields urlencoded (the CSRF token among them), or an
// uploaded bot folder as the body itself with the token in the X-CSRF-Token header.
async function submitArenaForm(form) {
  const message = form.querySelector(".arena-message");
  const fields = new FormData(form);
  const archive = fields.get("archive");
  let response;
  if (archive && archive.size) {
    const query = new URLSearchParams({ name: fields.get("name"), mode: fields.get("mode") || "add" });
    response = await fetch(`${form.dataset.arenaForm}?${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", "X-CSRF-Token": fields.get("csrf_token") },
      body: archive,
    });
  } else {
    fields.delete("archive");
    response = await fetch(form.dataset.arenaForm, { method: "POST", body: new URLSearchParams(fields) });
  }
  const text = await response.text();
  let answer = {};
  try { answer = JSON.parse(text); } catch (error) { answer = { error: text }; }
  const failed = !response.ok;
  message.classList.toggle("error", failed);
  if (response.status === 401) message.textContent = "changing the arena needs its token: open the link `ruckus arena run` printed";
  else if (failed) message.textContent = answer.error || text;
  else if (answer.entry) message.textContent = `${answer.entry} added: ${answer.status}`;
  else message.textContent = `retired ${(answer.retired || []).join(", ") || "nothing"}`;
}

function wireArenaForms() {
  for (const form of document.querySelectorAll("form[data-arena-form]")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submitArenaForm(form);
    });
  }
}

function start() {
  drawCharts();
  wireLeaderboard();
  wireArenaForms();
}

function shown(page) {
  return `${page.body.dataset.version}.${page.body.dataset.revision}`;
}

async function refresh() {
  const response = await fetch(location.href, { headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const content = page.getElementById("content");
  if (!content) return;
  if (shown(page) === shown(document)) return;
  document.body.dataset.version = page.body.dataset.version;
  document.body.dataset.revision = page.body.dataset.revision;
  const replay = document.querySelector("iframe.replay");
  if (!replay) document.getElementById("content").replaceWith(content);
  for (const id of ["progress"]) {
    const fresh = page.querySelector(`[data-testid=${id}]`);
    const shown = document.querySelector(`[data-testid=${id}]`);
    if (fresh && shown) shown.textContent = fresh.textContent;
  }
  const live = document.getElementById("live");
  live.classList.add("flash");
  setTimeout(() => live.classList.remove("flash"), 400);
  if (!replay) start();
}

function listen() {
  const live = document.getElementById("live");
  const events = new EventSource("/events");
  events.addEventListener("open", () => live.classList.add("on"));
  events.addEventListener("error", () => live.classList.remove("on"));
  events.addEventListener("version", (event) => {
    if (Number(event.data) > Number(document.body.dataset.version)) refresh();
  });
  events.addEventListener("revision", (event) => {
    if (event.data !== document.body.dataset.revision) refresh();
  });
}

document.addEventListener("DOMContentLoaded", () => {
  start();
  listen();
});
