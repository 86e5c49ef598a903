// The training runs of `camelot serve --runs DIR...`: each run's metrics.csv plotted (Elo
// against the baselines, the losses, self-play's rate) and reread every ten seconds while the
// page is open, so a run in progress is watched as it goes.
"use strict";

const $ = id => document.getElementById(id);

function series(columns, hours, names, label) {
  return names.filter(n => columns[n]).map(n => ({name: label(n), xs: hours, ys: columns[n]}));
}

async function refresh() {
  const index = $("run").value;
  if (index === "") return;
  let run;
  try {
    run = await api("GET", `/api/run?index=${index}`);
  } catch (error) {
    $("message").textContent = error.message;
    return;
  }
  $("message").textContent = "";
  const c = run.columns;
  const hours = (c.elapsed_seconds || []).map(s => s / 3600);
  $("run-state").textContent = `${run.generations} generations, ` +
      `${hours.length ? hours[hours.length - 1].toFixed(2) : 0} h`;
  const elo = Object.keys(c).filter(n => n.startsWith("elo_") && n !== "elo_previous");
  drawChart($("elo-chart"), {title: "Elo against the baselines", xLabel: "hours",
                             series: series(c, hours, elo, n => n.slice(4))});
  drawChart($("loss-chart"), {title: "losses", xLabel: "hours",
                              series: series(c, hours, ["policy_loss", "value_loss", "test_policy_loss",
                                                        "test_value_loss"], n => n)});
  drawChart($("rate-chart"), {title: "self-play positions a second", xLabel: "hours",
                              series: series(c, hours, ["positions_per_second"], () => "positions/s")});
}

api("GET", "/api/runs").then(runs => {
  if (runs.length === 0) {
    $("message").textContent = "No runs: start the server with --runs DIR (a run directory of camelot train).";
    return;
  }
  $("run").innerHTML = runs.map((name, i) => `<option value="${i}">${name}</option>`).join("");
  $("run").addEventListener("change", refresh);
  refresh();
  setInterval(refresh, 10000);
});
