-- GET /v1/me/feed?limit=FEED_LIMIT (20 unless the prelude says) as many people, round-robin. Each person's request
-- is formatted once per wrk thread: wrk shares the machine with the server, so its own work is kept small.
local formatted = {}
function request()
  local i = next_token_index()
  local text = formatted[i]
  if text == nil then
    text = wrk.format("GET", "/v1/me/feed?limit=" .. (FEED_LIMIT or 20), { ["Authorization"] = "Bearer " .. TOKENS[i] })
    formatted[i] = text
  end
  return text
end
