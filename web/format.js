// Text the pages show: data escaped as HTML text, values signed, shares as percentages.
"use strict";

function esc(text) {
  return String(text).replace(/[&<>"']/g,
      c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"})[c]);
}
function signed(v) { return v === null || v === undefined ? "-" : (v >= 0 ? "+" : "") + v.toFixed(3); }
function percent(part, whole) { return whole > 0 ? 100 * part / whole : 0; }
