// Line charts on a canvas, for the runs page: drawChart(canvas, {title, xLabel, series}), each
// series {name, xs, ys} (a null y is skipped: figures measured every few generations are joined
// up), with axes, ticks and a legend beside the title.
"use strict";

const CHART_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"];

function niceTicks(low, high, count) {
  const span = high - low || 1;
  const step = Math.pow(10, Math.floor(Math.log10(span / count)));
  const unit = [1, 2, 5, 10].map(k => k * step).find(s => span / s <= count) || 10 * step;
  const ticks = [];
  for (let t = Math.ceil(low / unit) * unit; t <= high + 1e-9; t += unit) ticks.push(t);
  return ticks;
}

function drawChart(canvas, {title, xLabel, series}) {
  const g = canvas.getContext("2d");
  const width = canvas.width, height = canvas.height;
  const left = 56, right = 12, top = 24, bottom = 40;
  g.clearRect(0, 0, width, height);
  g.font = "12px sans-serif";
  g.fillStyle = "#222";
  g.fillText(title, left, 16);
  let legendX = left + g.measureText(title).width + 24;
  const points = series.flatMap(s => s.xs.map((x, i) => [x, s.ys[i]]).filter(p => p[1] !== null));
  if (points.length === 0) {
    g.fillText("no figures yet", left, top + 20);
    return;
  }
  let [xLow, xHigh] = [Math.min(...points.map(p => p[0])), Math.max(...points.map(p => p[0]))];
  let [yLow, yHigh] = [Math.min(...points.map(p => p[1])), Math.max(...points.map(p => p[1]))];
  if (xHigh === xLow) xHigh = xLow + 1;
  if (yHigh === yLow) { yLow -= 1; yHigh += 1; }
  const X = x => left + (x - xLow) / (xHigh - xLow) * (width - left - right);
  const Y = y => height - bottom - (y - yLow) / (yHigh - yLow) * (height - top - bottom);
  g.strokeStyle = "#999";
  g.strokeRect(left, top, width - left - right, height - top - bottom);
  g.fillStyle = "#444";
  for (const t of niceTicks(yLow, yHigh, 5)) {
    g.fillText(String(+t.toPrecision(4)), 4, Y(t) + 4);
    g.beginPath(); g.moveTo(left - 3, Y(t)); g.lineTo(left, Y(t)); g.stroke();
  }
  for (const t of niceTicks(xLow, xHigh, 6)) {
    g.fillText(String(+t.toPrecision(4)), X(t) - 8, height - bottom + 14);
  }
  g.fillText(xLabel, width / 2 - 20, height - 6);
  series.forEach((s, k) => {
    g.strokeStyle = CHART_COLOURS[k % CHART_COLOURS.length];
    g.lineWidth = 1.5;
    g.beginPath();
    let drawing = false;
    s.xs.forEach((x, i) => {
      if (s.ys[i] === null) return;
      if (drawing) g.lineTo(X(x), Y(s.ys[i])); else g.moveTo(X(x), Y(s.ys[i]));
      drawing = true;
    });
    g.stroke();
    g.fillStyle = g.strokeStyle;
    g.fillText(s.name, legendX, 16);
    legendX += g.measureText(s.name).width + 18;
  });
  g.lineWidth = 1;
}
