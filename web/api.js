// The server's JSON API (docs/web_app.md): one request, its answer, or an Error with the
// server's reason.
"use strict";

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? {"Content-Type": "application/json"} : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error || response.statusText);
  return json;
}
