-- GET /v1/search/suggest as people type: every prefix of a few searches, a letter at a time ("k", "ku", "kub", …),
-- anonymous, as the web app asks while someone types.
local words = { "kubernetes", "react native", "home assistant", "terminal file manager", "tensorflow", "swift",
  "python web framework", "sxyazi/yazi", "machine learning", "go", "postgres gui", "awesome" }
local prefixes = {}
for _, word in ipairs(words) do
  for length = 1, #word do
    local prefix = word:sub(1, length)
    if prefix:sub(-1) ~= " " then prefixes[#prefixes + 1] = prefix:gsub(" ", "%%20"):gsub("/", "%%2F") end
  end
end
function request()
  local n = next_counter()
  return wrk.format("GET", "/v1/search/suggest?q=" .. prefixes[(n % #prefixes) + 1])
end
