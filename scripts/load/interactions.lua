-- POST /v1/me/interactions: batches of 5 new interactions (unique ids, within a run: RUN_ID, when the prelude sets
-- one, keeps them apart across runs) on repositories of REPOS.
local kinds = { "like", "save", "skip", "view", "open" }
function request()
  local items = {}
  for i = 1, 5 do
    local n = next_counter()
    items[i] = string.format('{"id":"load-%s%d-%d-%d","repo":"%s","kind":"%s","at":"2026-11-20T10:00:00Z"}',
      RUN_ID or "", thread_id, n, math.random(1, 1000000000), REPOS[(n % #REPOS) + 1], kinds[(n % #kinds) + 1])
  end
  local body = '{"interactions":[' .. table.concat(items, ",") .. ']}'
  return wrk.format("POST", "/v1/me/interactions",
    { ["Authorization"] = "Bearer " .. next_token(), ["Content-Type"] = "application/json" }, body)
end
