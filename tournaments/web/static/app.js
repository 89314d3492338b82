// The pages' behaviour: live refresh on server-sent events, the leaderboard's highlight and
// the charts (Chart.js, served from this package).
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

function start() {
  drawCharts();
  wireLeaderboard();
}

async function refresh(version) {
  if (version <= Number(document.body.dataset.version)) return;
  const response = await fetch(location.href, { headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const content = page.getElementById("content");
  if (!content) return;
  document.body.dataset.version = page.body.dataset.version;
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
  events.addEventListener("version", (event) => refresh(Number(event.data)));
}

document.addEventListener("DOMContentLoaded", () => {
  start();
  listen();
});
