-- Shared by the load scenarios: round-robin over the people's tokens (TOKENS is defined by the generated prelude),
-- and a summary line per run with requests/s, latency percentiles and errors.
local counter = 0
thread_id = 0
local threads = {}

function setup(thread)
  thread:set("thread_id", #threads)
  table.insert(threads, thread)
end

-- The position in TOKENS of the next person.
function next_token_index()
  counter = counter + 1
  return ((counter * 7 + thread_id * 131) % #TOKENS) + 1
end

function next_token()
  return TOKENS[next_token_index()]
end

function next_counter()
  counter = counter + 1
  return counter
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    "RESULT requests=%d rps=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f socket_errors=%d non2xx=%d\n",
    summary.requests, summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, errors, summary.errors.status))
end
