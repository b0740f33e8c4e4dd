// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The interactive page's HTML, CSS and script (HtmlPage.cpp fills in @TITLE@, @DATA@ and
// @PACKED@). Everything the page needs is here: no font, script, style or image is fetched, and
// the Content-Security-Policy forbids any request, so a page that works once works offline.
// The script only draws and looks up: every derivation and combination text is made by the
// core and carried in @PACKED@ (deflated JSON, base64), so the page says what the app says.
// "#selftest" in the address makes the page hover, click and toggle by itself and write what
// it saw into <pre id="selftest"> and posts it to the frame's parent, if any
// (tests/core/page/test_html_page.cpp opens several pages in frames of one headless Chromium).
inline constexpr const char *kHtmlPageTemplate = R"HTML(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="attnviz">
<title>@TITLE@ — attnviz</title>
<script>
window.attnvizBlocked = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.attnvizBlocked.push(e.violatedDirective + ' ' + e.blockedURI);
});
</script>
<style>
:root { --fg: #1b1b1f; --muted: #5a5a66; --line: #d5d5dd; --accent: #1f5fbf; --bg: #fff; --panel: #f5f6f8; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 12px 16px; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; }
h1 { font-size: 1.25rem; margin: 0; }
h2 { font-size: 1.05rem; margin: 0 0 8px; }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
button, select { font: inherit; padding: 6px 12px; border: 1px solid #a8acb8; border-radius: 6px; background: #fff; color: var(--fg); min-height: 40px; cursor: pointer; }
button:hover { border-color: var(--accent); }
button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
.formula { color: var(--muted); font-family: "DejaVu Serif", Georgia, serif; }
main { padding: 12px 16px 40vh; display: grid; gap: 16px; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px; min-width: 0; }
#lesson .step { min-height: 4em; }
#lesson .nav { display: flex; gap: 8px; align-items: center; margin-top: 8px; }
#stages { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; background: none; border: none; padding: 0; }
figure { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px; max-width: 100%; }
figure.emph { border-color: #e08a00; box-shadow: 0 0 0 3px #ffc86b; }
/* The sans face: DejaVu Serif Bold has no ᵀ (U+1D40), and a fallback drew another letter. */
figcaption { font-weight: 600; margin-bottom: 4px; }
.scroll { overflow: auto; max-width: 100%; max-height: 80vh; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th { font-weight: normal; color: var(--muted); font-size: 12px; padding: 1px 4px; white-space: nowrap; max-width: 9em; overflow: hidden; text-overflow: ellipsis; }
thead th.token { writing-mode: vertical-rl; transform: rotate(180deg); text-align: left; max-height: 8em; }
tbody th { text-align: right; }
td { font-size: 13px; text-align: center; padding: 0; min-width: 3.4em; height: 1.9em; border: 1px solid #fff; cursor: pointer; }
table.dense td { min-width: 9px; width: 9px; height: 9px; font-size: 0; border-width: 0; }
table.dense th { font-size: 9px; line-height: 9px; padding: 0 2px; }
td.sel { outline: 2px solid #e08a00; outline-offset: -2px; }
td.hover { outline: 2px solid #000; outline-offset: -2px; }
#tip { position: fixed; z-index: 10; max-width: min(30em, 90vw); background: #fffff4; border: 1px solid #999; border-radius: 6px; padding: 6px 8px; font-size: 14px; pointer-events: none; box-shadow: 0 2px 8px rgba(0,0,0,.2); }
#derivation { position: fixed; left: 0; right: 0; bottom: 0; z-index: 5; background: #fffff4; border-top: 2px solid #999; padding: 8px 16px; font-size: 15px; max-height: 38vh; overflow: auto; }
#derivation:empty { display: none; }
#combination .terms { display: grid; grid-template-columns: auto minmax(60px, 1fr) auto; gap: 2px 10px; align-items: center; font-variant-numeric: tabular-nums; }
#combination .bar { height: 14px; background: var(--accent); border-radius: 2px; min-width: 1px; }
#combination .vec { grid-column: 1 / -1; color: var(--muted); font-size: 13px; padding-left: 1em; overflow-wrap: anywhere; }
#combination pre, #overview pre { overflow: auto; font-size: 12px; background: #fff; padding: 8px; border: 1px solid var(--line); }
#overview .grid { display: grid; gap: 6px; overflow: auto; justify-content: start; align-items: center; }
#overview canvas { width: 100%; max-width: 96px; aspect-ratio: 1; image-rendering: pixelated; border: 1px solid var(--line); cursor: pointer; display: block; }
#overview canvas.taken { border: 3px solid #e08a00; }
#overview .big canvas { max-width: 320px; width: 320px; }
.muted { color: var(--muted); font-size: 14px; }
@media (max-width: 600px) {
  body { font-size: 15px; }
  header, main { padding-left: 8px; padding-right: 8px; }
  figure { width: 100%; }
  #tip { display: none !important; }
}
</style>
</head>
<body>
<header>
  <h1>@TITLE@</h1>
  <div class="controls">
    <button id="layout" type="button" aria-pressed="false" title="Rows: softmax(QKᵀ)·V. Columns: the article's V·softmax(KᵀQ), every matrix transposed.">Column layout</button>
    <label id="head-box">Head <select id="head"></select></label>
  </div>
  <div class="formula" id="formula"></div>
</header>
<main>
  <section id="lesson" aria-label="Lesson">
    <h2 id="step-title"></h2>
    <div class="step" id="step-html"></div>
    <div class="nav"><button id="prev" type="button">◀ Previous</button><span id="step-count" class="muted"></span><button id="next" type="button">Next ▶</button></div>
  </section>
  <p class="muted" id="hint">Hover over a cell (tap it on a phone) to see how its number was computed; click a query's row to see its output as a combination of V's rows.</p>
  <section id="stages" aria-label="Stages"></section>
  <section id="combination" hidden></section>
  <section id="overview" hidden></section>
  <p class="muted">Made with attnviz. This page makes no network request: it works from a file, offline.</p>
</main>
<div id="tip" hidden></div>
<div id="derivation" aria-live="polite"></div>
<pre id="selftest" hidden></pre>
<script id="data" type="application/json">@DATA@</script>
<script id="packed" type="application/octet-stream">@PACKED@</script>
<script>
'use strict';
const D = JSON.parse(document.getElementById('data').textContent);
let P = null; // {tips, combinations} once inflated
const state = { layout: D.layout, head: D.head, query: -1, step: 0 };
const $ = (id) => document.getElementById(id);
const MINUS = '\u2212';

function typographic(s) { return s.replace(/-/g, MINUS).replace(/e\+/, 'e'); }
// The heatmap cells' numbers, as notation::cell writes them: 3 significant digits, at most 4
// decimals, a magnitude too small for them as its bound ("≤0.0001"), never an exponent below
// 1e15 (a class reads fixed decimals).
function cell(v) {
  if (v === null) return MINUS + '\u221e';
  const a = Math.abs(v);
  if (a !== 0 && a < 5e-5) return v > 0 ? '\u22640.0001' : '\u2265' + MINUS + '0.0001';
  if (a >= 1e15) return typographic(v.toExponential(1).replace(/e([+-])0*(\d)/, 'e$1$2'));
  const d = a === 0 ? 0 : Math.min(4, Math.max(0, 2 - Math.floor(Math.log10(a))));
  let s = v.toFixed(d);
  if (/^-0\.?0*$/.test(s)) s = s.slice(1);
  return typographic(s);
}
// Weights: three decimals, as a class reads them (notation::weight).
function weight(v) { const s = Math.max(0, v).toFixed(3); return s; }
function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c])); }
function short(s) { return s.length > 12 ? s.slice(0, 11) + '\u2026' : s; }

function stage(name) { return D.stages.find((s) => s.name === name); }
function matrixOf(s, head) { return s.matrices[s.perHead ? head : 0]; }
function labels(kind, count) {
  if (kind === 'queries') return D.queries;
  if (kind === 'keys') return D.keys;
  return Array.from({ length: count }, (_, i) => String(i));
}
// The window's colour maps, so a phone and the projector agree: viridis for the weights, RdBu
// for signed numbers (red negative, blue positive). The stops are ui/heatmap/ColorScale.cpp's
// (test_page_export compares them).
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];
const RDBU = ['#67001f', '#b2182b', '#d6604d', '#f4a582', '#fddbc7', '#f7f7f7', '#d1e5f0', '#92c5de', '#4393c3', '#2166ac', '#053061'];
function rgbOf(hex) { return [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)); }
function ramp(stops, t) {
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const k = Math.min(stops.length - 2, Math.floor(x));
  const a = rgbOf(stops[k]), b = rgbOf(stops[k + 1]), f = x - k;
  return a.map((c, n) => Math.round(c + (b[n] - c) * f));
}
// A cell's background and a text colour that reads on it.
function colour(v, max, isWeight) {
  if (v === null) return ['#3a3a3a', '#fff'];
  const t = isWeight ? v : (max > 0 ? Math.max(-1, Math.min(1, v / max)) : 0) / 2 + 0.5;
  const c = ramp(isWeight ? VIRIDIS : RDBU, t);
  const light = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  return ['rgb(' + c.join(',') + ')', light < 140 ? '#fff' : '#111'];
}

function render() {
  const rows = state.layout === 'rows';
  $('layout').setAttribute('aria-pressed', String(!rows));
  $('formula').textContent = rows ? D.attention : D.attentionColumns;
  const box = $('stages');
  box.textContent = '';
  for (const s of D.stages) {
    const m = matrixOf(s, state.head);
    const R = m.length, C = R ? m[0].length : 0;
    const dr = rows ? R : C, dc = rows ? C : R;
    const rk = rows ? s.rows : s.columns, ck = rows ? s.columns : s.rows;
    const rl = labels(rk, dr), cl = labels(ck, dc);
    let max = 0;
    for (const r of m) for (const v of r) if (v !== null) max = Math.max(max, Math.abs(v));
    const fig = document.createElement('figure');
    fig.dataset.stage = s.name;
    const title = rows ? s.titleRows : s.titleColumns;
    const head = s.perHead && D.heads > 1 ? ' (head ' + state.head + ')' : '';
    let h = '<figcaption>' + esc(title) + esc(head) + '</figcaption><div class="scroll"><table class="' +
      (dc > 16 || dr > 24 ? 'dense' : '') + '"><thead><tr><th></th>';
    for (let c = 0; c < dc; ++c) h += '<th' + (ck === 'features' ? '' : ' class="token"') + ' title="' + esc(cl[c]) + '">' + esc(short(cl[c])) + '</th>';
    h += '</tr></thead><tbody>';
    for (let r = 0; r < dr; ++r) {
      h += '<tr><th title="' + esc(rl[r]) + '">' + esc(short(rl[r])) + '</th>';
      for (let c = 0; c < dc; ++c) {
        const v = rows ? m[r][c] : m[c][r];
        const [bg, fg] = colour(v, max, s.name === 'weights');
        h += '<td data-r="' + r + '" data-c="' + c + '" style="background:' + bg + ';color:' + fg + '">' +
          (s.name === 'weights' ? weight(v) : cell(v)) + '</td>';
      }
      h += '</tr>';
    }
    fig.innerHTML = h + '</tbody></table></div>';
    box.appendChild(fig);
  }
  emphasize();
  markQuery();
}

// The row-layout (row, column) of a displayed cell.
function source(td) {
  const r = +td.dataset.r, c = +td.dataset.c;
  return state.layout === 'rows' ? [r, c] : [c, r];
}
function tipOf(s, i, j) {
  if (!P || s.input) return '';
  const key = s.name + '/' + (s.perHead ? state.head : 0) + (s.name === 'weights' && state.layout !== 'rows' ? '/columns' : '');
  const list = P.tips[key];
  const cols = matrixOf(s, state.head)[0].length;
  return list ? list[i * cols + j] || '' : '';
}
function describe(td) {
  const fig = td.closest('figure');
  const s = stage(fig.dataset.stage);
  const [i, j] = source(td);
  const text = tipOf(s, i, j);
  if (text) return text;
  const rl = labels(s.rows, 0), cl = labels(s.columns, 0);
  return '<b>' + esc(s.name) + '</b><br>' + esc(s.rows === 'features' ? i : (rl[i] || i)) + ', ' +
    esc(s.columns === 'features' ? 'feature ' + j : (cl[j] || j)) + ' = ' + cell(matrixOf(s, state.head)[i][j]) + ' <i>(an input)</i>';
}
let hovered = null;
function onOver(e) {
  const td = e.target.closest('td');
  if (!td) return;
  if (hovered) hovered.classList.remove('hover');
  hovered = td;
  td.classList.add('hover');
  const html = describe(td);
  $('derivation').innerHTML = html;
  const tip = $('tip');
  tip.innerHTML = html;
  tip.hidden = false;
  const x = e.clientX || 0, y = e.clientY || 0;
  const w = tip.offsetWidth, hgt = tip.offsetHeight;
  tip.style.left = Math.max(4, Math.min(window.innerWidth - w - 8, x + 14)) + 'px';
  tip.style.top = (y + 18 + hgt < window.innerHeight ? y + 18 : Math.max(4, y - hgt - 10)) + 'px';
}
function onOut(e) {
  if (!e.relatedTarget || !e.relatedTarget.closest || !e.relatedTarget.closest('td')) $('tip').hidden = true;
}
function onClick(e) {
  const td = e.target.closest('td');
  if (!td) return;
  onOver(e);
  $('tip').hidden = true;
  const s = stage(td.closest('figure').dataset.stage);
  const [i] = source(td);
  if (s.rows === 'queries') showCombination(i);
}

function markQuery() {
  document.querySelectorAll('td.sel').forEach((td) => td.classList.remove('sel'));
  if (state.query < 0) return;
  for (const s of D.stages) {
    if (s.rows !== 'queries') continue;
    const sel = state.layout === 'rows' ? 'td[data-r="' + state.query + '"]' : 'td[data-c="' + state.query + '"]';
    document.querySelectorAll('figure[data-stage="' + s.name + '"] ' + sel).forEach((td) => td.classList.add('sel'));
  }
}

// A query's output as a convex combination of V's rows (columns in the column layout): the
// weights as bars, each term a·v, their sum; and the core's table, as explain --view row prints it.
function showCombination(q) {
  state.query = q;
  markQuery();
  const rows = state.layout === 'rows';
  const a = matrixOf(stage('weights'), state.head)[q];
  const V = matrixOf(stage('V'), state.head);
  const o = matrixOf(stage('output'), state.head)[q];
  const vec = (r) => '[' + r.map(cell).join(', ') + ']';
  const what = rows ? 'rows' : 'columns';
  let h = '<h2>Query \u201c' + esc(D.queries[q]) + '\u201d' + (D.heads > 1 ? ', head ' + state.head : '') +
    ': its output is a convex combination of V\u2019s ' + what + '</h2>' +
    '<p class="muted">o = \u03a3<sub>j</sub> a<sub>j</sub>\u00b7v<sub>j</sub>, with weights a \u2265 0 that sum to 1 ' +
    '(the query\u2019s ' + (rows ? 'row' : 'column') + ' of the weights).</p><div class="terms">';
  let total = 0;
  for (let j = 0; j < a.length; ++j) {
    total += a[j];
    h += '<span>' + esc(short(D.keys[j])) + '</span><div><div class="bar" style="width:' + (100 * a[j]).toFixed(1) + '%"></div></div>' +
      '<span>' + weight(a[j]) + '</span><div class="vec">' + weight(a[j]) + ' \u00b7 v<sub>' + j + '</sub> = ' +
      weight(a[j]) + ' \u00b7 ' + vec(V[j]) + ' = ' + vec(V[j].map((v) => a[j] * v)) + '</div>';
  }
  h += '</div><p><b>sum of the weights</b> = ' + cell(total) + '<br><b>output o</b> = ' + vec(o) + '</p>';
  const table = P && P.combinations[String(state.head)] ? P.combinations[String(state.head)][q] : '';
  if (table) h += '<details><summary>The whole table</summary><pre>' + esc(table) + '</pre></details>';
  const box = $('combination');
  box.innerHTML = h;
  box.hidden = false;
}

function emphasize() {
  const step = D.lesson[state.step];
  const names = step && state.lessonShown ? step.emphasis : [];
  document.querySelectorAll('figure').forEach((f) => f.classList.toggle('emph', names.includes(f.dataset.stage)));
}
function go(i) {
  if (!D.lesson.length) { $('lesson').hidden = true; return; }
  state.step = Math.max(0, Math.min(D.lesson.length - 1, i));
  const step = D.lesson[state.step];
  $('step-title').innerHTML = step.title;
  $('step-html').innerHTML = step.html;
  $('step-count').textContent = 'Step ' + (state.step + 1) + ' of ' + D.lesson.length;
  $('prev').disabled = state.step === 0;
  $('next').disabled = state.step === D.lesson.length - 1;
  if (state.lessonShown) {
    state.head = D.head;
    $('head').value = String(D.head);
    if (step.layout !== state.layout) { state.layout = step.layout; render(); }
    if (step.combination) showCombination(D.query);
  }
  emphasize();
}

function overview() {
  const O = D.overview;
  if (!O) return;
  const box = $('overview');
  box.hidden = false;
  const L = O.weights.length, H = L ? O.weights[0].length : 0, n = O.tokens.length;
  box.innerHTML = '<h2>The model\u2019s heads: ' + esc(O.model) + ' \u2014 ' + L + ' layers \u00d7 ' + H + ' heads</h2>' +
    '<p class="muted">Each square is one head\u2019s weights on the ' + n + ' tokens (queries down, keys across; darker = more weight)' +
    (O.layer >= 0 ? '; outlined: the head of this page (layer ' + O.layer + (O.head >= 0 ? ', head ' + O.head : '') + ')' : '') +
    '. Click one to enlarge it.</p><div class="grid"></div><div class="big"></div>';
  const grid = box.querySelector('.grid');
  grid.style.gridTemplateColumns = 'auto repeat(' + H + ', minmax(28px, 96px))';
  grid.appendChild(document.createElement('span'));
  for (let h = 0; h < H; ++h) { const s = document.createElement('span'); s.className = 'muted'; s.textContent = 'head ' + h; grid.appendChild(s); }
  const draw = (canvas, l, h) => {
    const bytes = atob(O.weights[l][h]);
    canvas.width = n; canvas.height = n;
    const ctx = canvas.getContext('2d');
    const img = ctx.createImageData(n, n);
    for (let k = 0; k < n * n; ++k) {
      const t = bytes.charCodeAt(k) / 255;
      img.data[4 * k] = Math.round(247 - 216 * t); img.data[4 * k + 1] = Math.round(249 - 154 * t);
      img.data[4 * k + 2] = Math.round(252 - 61 * t); img.data[4 * k + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
  };
  for (let l = 0; l < L; ++l) {
    const s = document.createElement('span'); s.className = 'muted'; s.textContent = 'layer ' + l; grid.appendChild(s);
    for (let h = 0; h < H; ++h) {
      const c = document.createElement('canvas');
      c.title = 'layer ' + l + ', head ' + h;
      c.dataset.layer = l; c.dataset.head = h;
      if (l === O.layer && (h === O.head || O.head < 0)) c.className = 'taken';
      draw(c, l, h);
      c.addEventListener('click', () => {
        const big = box.querySelector('.big');
        big.innerHTML = '<h2>layer ' + l + ', head ' + h + '</h2>';
        const b = document.createElement('canvas');
        draw(b, l, h);
        big.appendChild(b);
        const p = document.createElement('p'); p.className = 'muted';
        p.textContent = 'Tokens: ' + O.tokens.join(' \u00b7 ');
        big.appendChild(p);
      });
      grid.appendChild(c);
    }
  }
}

async function inflate() {
  const text = document.getElementById('packed').textContent.trim();
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  if (typeof DecompressionStream === 'undefined') throw new Error('this browser cannot read the page\u2019s derivations (DecompressionStream): use a current browser');
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return JSON.parse(await new Response(stream).text());
}

function selftest() {
  const r = {};
  const fire = (td, type) => td.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: 10, clientY: 10 }));
  const cellAt = (name, row, col) => document.querySelector('figure[data-stage="' + name + '"] td[data-r="' + row + '"][data-c="' + col + '"]');
  fire(cellAt('weights', 0, 1), 'mouseover');
  r.hover = $('derivation').innerHTML;
  fire(cellAt('scores', 0, 1), 'mouseover');
  r.hoverScore = $('derivation').innerHTML;
  cellAt('weights', 1, 0).click();
  r.combination = $('combination').hidden ? '' : $('combination').innerText;
  r.weightsText = Array.from(document.querySelectorAll('figure[data-stage="weights"] td')).map((td) => td.textContent);
  $('layout').click();
  fire(cellAt('weights', 1, 0), 'mouseover');
  r.hoverColumns = $('derivation').innerHTML;
  r.layoutAfterToggle = state.layout;
  $('layout').click();
  r.steps = D.lesson.length;
  r.stepTitles = [$('step-title').textContent];
  $('next').click();
  r.stepTitles.push($('step-title').textContent);
  $('prev').click();
  r.stepTitles.push($('step-title').textContent);
  r.overviewTiles = document.querySelectorAll('#overview .grid canvas').length;
  r.overviewTaken = document.querySelectorAll('#overview canvas.taken').length;
  r.blocked = window.attnvizBlocked.slice();
  r.resources = performance.getEntriesByType('resource').map((e) => e.name);
  const out = $('selftest');
  out.textContent = JSON.stringify(r);
  out.hidden = false;
  // In a test's frame, tell the frame's page too (one browser opens several pages at once).
  if (window.parent !== window) window.parent.postMessage({ page: location.pathname, selftest: r }, '*');
}

function start() {
  const sel = $('head');
  for (let h = 0; h < D.heads; ++h) { const o = document.createElement('option'); o.value = String(h); o.textContent = String(h); sel.appendChild(o); }
  sel.value = String(state.head);
  $('head-box').hidden = D.heads < 2;
  sel.addEventListener('change', () => { state.head = +sel.value; render(); if (state.query >= 0) showCombination(state.query); });
  $('layout').addEventListener('click', () => { state.layout = state.layout === 'rows' ? 'columns' : 'rows'; render(); if (state.query >= 0) showCombination(state.query); });
  $('prev').addEventListener('click', () => { state.lessonShown = true; go(state.step - 1); });
  $('next').addEventListener('click', () => { state.lessonShown = true; go(state.step + 1); });
  const box = $('stages');
  box.addEventListener('mouseover', onOver);
  box.addEventListener('mouseout', onOut);
  box.addEventListener('click', onClick);
  render();
  go(0);
  overview();
  inflate().then((p) => {
    P = p;
    if (location.hash === '#selftest') selftest();
  }).catch((e) => { $('derivation').textContent = String(e.message || e); });
}
start();
</script>
</body>
</html>
)HTML";
