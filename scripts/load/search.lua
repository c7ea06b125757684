-- GET /v1/search with rotating queries, filters and sorts.
local queries = { "swift", "machine learning", "react", "rust cli", "kubernetes", "database", "game engine",
  "http server", "terminal", "compiler", "python web", "ios", "security", "markdown", "chat" }
local sorts = { "best-match", "stars", "recently-pushed" }
function request()
  local n = next_counter()
  local q = queries[(n % #queries) + 1]:gsub(" ", "%%20")
  local path = "/v1/search?q=" .. q .. "&sort=" .. sorts[(n % #sorts) + 1] .. "&perPage=20&page=" .. ((n % 3) + 1)
  return wrk.format("GET", path)
end
