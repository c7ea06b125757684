-- GET /v1/repos/{owner}/{name}/similar?limit=20 over the prelude's REPOS: a cheap 20-repository page, so that the
-- signed-in run (signed-in.lua first) shows what saying each one's state (`viewer`) adds.
function request()
  local n = next_counter()
  local path = "/v1/repos/" .. REPOS[(n % #REPOS) + 1] .. "/similar?limit=20"
  if SIGNED_IN then
    return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. TOKENS[(n % #TOKENS) + 1] })
  end
  return wrk.format("GET", path)
end
