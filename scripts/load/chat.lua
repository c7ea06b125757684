-- POST /v1/me/threads/{id}/messages with Accept: text/event-stream, as many people round-robin, each in their own
-- thread (THREAD_IDS, made by the prelude): questions of every kind the Ask engine reads. wrk's latency is the whole
-- streamed answer's.
local questions = {
  "a lightweight web framework for Swift", "something like ripgrep but for JSON", "what is trending in Rust this week",
  "compare vapor and kitura", "beginner-friendly Python projects with open issues", "what did I save about databases?",
  "a terminal file manager", "and for Go?", "tell me about ripgrep", "a kubernetes dashboard", "an orm for typescript",
  "alternatives to postman", "time series database", "what's hot in JavaScript this month", "react vs vue",
}
local bodies = {}
for n, question in ipairs(questions) do bodies[n] = '{"text":"' .. question .. '"}' end
function request()
  local i = next_token_index()
  local n = next_counter()
  return wrk.format("POST", "/v1/me/threads/" .. THREAD_IDS[i] .. "/messages", {
    ["Authorization"] = "Bearer " .. TOKENS[i], ["Content-Type"] = "application/json",
    ["Accept"] = "text/event-stream",
  }, bodies[(n % #bodies) + 1])
end
