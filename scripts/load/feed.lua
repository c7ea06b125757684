-- GET /v1/me/feed?limit=FEED_LIMIT (20 unless the prelude says) as many people, round-robin.
function request()
  return wrk.format("GET", "/v1/me/feed?limit=" .. (FEED_LIMIT or 20), { ["Authorization"] = "Bearer " .. next_token() })
end
