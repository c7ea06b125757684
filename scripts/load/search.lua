-- GET /v1/search with rotating queries, filters and sorts; as people signed in (their token, so every result says
-- where it stands with them) when SIGNED_IN is set (signed-in.lua, run before this).
local queries = { "swift", "machine learning", "react", "rust cli", "kubernetes", "database", "game engine",
  "http server", "terminal", "compiler", "python web", "ios", "security", "markdown", "chat" }
local sorts = { "best-match", "stars", "recently-pushed" }
function request()
  local n = next_counter()
  local q = queries[(n % #queries) + 1]:gsub(" ", "%%20")
  local path = "/v1/search?q=" .. q .. "&sort=" .. sorts[(n % #sorts) + 1] .. "&perPage=20&page=" .. ((n % 3) + 1)
  if SIGNED_IN then
    return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. TOKENS[(n % #TOKENS) + 1] })
  end
  return wrk.format("GET", path)
end
