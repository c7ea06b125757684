-- GET /v1/compare of four repositories (a sliding window over REPOS), as a signed-in person (so each one's fit is
-- worked out too), many people round-robin.
function request()
  local n = next_counter()
  local names = {}
  for k = 0, 3 do names[#names + 1] = REPOS[((n + k * 7) % #REPOS) + 1] end
  local path = "/v1/compare?repos=" .. table.concat(names, ",")
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. next_token() })
end
